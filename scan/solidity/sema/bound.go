package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Bound parameters. A parameter the caller passes is not the caller's free choice when the
// function checks it against something the caller cannot choose: a hash of it proven to be in
// a stored or fixed Merkle root (MerkleProof.verify(proof, root, keccak256(abi.encode(target,
// ...)))), equal to a stored hash, or a key of a stored table of created entries
// (require(created[keccak256(abi.encode(target, salt))])). The check must be on every path to
// the function's end: a call made before it and then reverted leaves nothing behind.

type boundKey struct{}

// BoundParams returns the parameters of fn (Params bits) that such a check pins.
func (p *Program) BoundParams(fn *Function) uint64 {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || len(fn.Params) == 0 {
		return 0
	}
	return Memo(info, boundKey{}, func() uint64 {
		d := p.DepsOf(info)
		var bound uint64
		for i := range fn.Params {
			bit := paramBit(i)
			passed := info.CFG.PassedOnEveryPath(func(n *Node) bool {
				g, ok := p.GateOf(n)
				return ok && g.Info == info && p.pins(info, d, g.Cond, g.Holds, bit)
			})
			if endsDominated(info.CFG, passed) {
				bound |= bit
			}
		}
		return bound
	})
}

// pins reports whether cond evaluating to want pins the parameter with Params bit bit: a hash
// derived from it is compared equal with, looked up in, or verified against trusted values.
func (p *Program) pins(info *FuncInfo, d *Deps, cond ast.Expr, want bool, bit uint64) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.pins(info, d, e.X, !want, bit)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return want && (p.pins(info, d, e.X, true, bit) || p.pins(info, d, e.Y, true, bit))
		case token.LOR:
			return !want && (p.pins(info, d, e.X, false, bit) || p.pins(info, d, e.Y, false, bit))
		case token.EQL, token.NEQ:
			if want != (e.Op == token.EQL) {
				return false
			}
			return p.hashOf(info, d, e.X, bit) && trustedProv(d.Of(e.Y)) || p.hashOf(info, d, e.Y, bit) && trustedProv(d.Of(e.X))
		}
	case *ast.IndexExpr:
		// created[hash] used as a flag: the entry must exist
		return want && e.Index != nil && p.hashOf(info, d, e.Index, bit) && p.StateVarOf(info, e.X) != nil
	case *ast.CallExpr:
		// verify(proof, root, leaf): a verifier given a hash of the parameter and a trusted value
		// (its result is the condition: a bool, whether or not its code is shipped)
		if !want {
			return false
		}
		hashed, trusted := false, false
		for _, a := range e.Args {
			switch {
			case p.hashOf(info, d, a, bit):
				hashed = true
			case trustedProv(d.Of(a)) && !isLiteral(a):
				trusted = true
			}
		}
		return hashed && trusted
	}
	return false
}

// hashOf reports whether x is a hash (keccak256, sha256) whose input depends on the parameter
// with Params bit bit, directly or through locals.
func (p *Program) hashOf(info *FuncInfo, d *Deps, x ast.Expr, bit uint64) bool {
	if d.Of(x).Params&bit == 0 {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if c := info.CallOf[e]; c != nil && c.Kind == CallBuiltin && (c.Name == "keccak256" || c.Name == "sha256") {
			return true
		}
		if c := info.CallOf[e]; c != nil && c.Kind == CallConversion && len(e.Args) == 1 {
			return p.hashOf(info, d, e.Args[0], bit)
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Kind == LocalVar {
			return p.localHash(info, d, v, bit)
		}
	}
	return false
}

// localHash reports whether local v is assigned only hashes of the parameter.
func (p *Program) localHash(info *FuncInfo, d *Deps, v *Var, bit uint64) bool {
	found, other := false, false
	for n := range info.Fn.BodyTree().Preorder(depsKinds) {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl && s.Value != nil {
				if p.hashOf(info, d, s.Value, bit) {
					found = true
				} else {
					other = true
				}
			}
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && info.Uses[id] == v {
				other = true
			}
		}
	}
	return found && !other
}

// trustedProv reports whether a value comes from nothing the caller chooses (no parameter,
// calldata, caller or origin).
func trustedProv(pv Prov) bool {
	return pv.Params == 0 && !pv.Has(SrcParam|SrcData|SrcSender|SrcOrigin)
}
