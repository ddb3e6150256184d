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

type boundKey struct{ depth int }

// BoundParams returns the parameters of fn (Params bits) that such a check pins.
func (p *Program) BoundParams(fn *Function) uint64 { return p.boundParams(fn, 0) }

// boundParams is BoundParams for a function reached depth calls away (memoised per depth:
// functions calling each other must not wait on themselves).
func (p *Program) boundParams(fn *Function, depth int) uint64 {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || len(fn.Params) == 0 || depth > 3 {
		return 0
	}
	return Memo(info, boundKey{depth}, func() uint64 {
		d := p.DepsOf(info)
		var bound uint64
		for i := range fn.Params {
			bit := paramBit(i)
			passed := info.CFG.PassedOnEveryPath(func(n *Node) bool {
				if g, ok := p.GateOf(n); ok && g.Info == info && p.pins(info, d, g.Cond, g.Holds, bit, depth) {
					return true
				}
				return p.pinsThroughCall(info, d, n, bit, depth)
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
func (p *Program) pins(info *FuncInfo, d *Deps, cond ast.Expr, want bool, bit uint64, depth int) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.pins(info, d, e.X, !want, bit, depth)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return want && (p.pins(info, d, e.X, true, bit, depth) || p.pins(info, d, e.Y, true, bit, depth))
		case token.LOR:
			return !want && (p.pins(info, d, e.X, false, bit, depth) || p.pins(info, d, e.Y, false, bit, depth))
		case token.EQL, token.NEQ:
			equal := want == (e.Op == token.EQL)
			// roots[h] != 0: the entry exists
			for _, pair := range [2][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if ix, ok := ast.Unparen(pair[0]).(*ast.IndexExpr); ok && isZeroLiteral(pair[1]) && !equal && p.storedEntry(info, d, ix, bit, depth) {
					return true
				}
			}
			if !equal {
				return false
			}
			return p.hashOf(info, d, e.X, bit, depth) && trustedProv(d.Of(e.Y)) || p.hashOf(info, d, e.Y, bit, depth) && trustedProv(d.Of(e.X))
		}
	case *ast.IndexExpr:
		// created[hash] used as a flag: the entry must exist
		return want && p.storedEntry(info, d, e, bit, depth)
	case *ast.CallExpr:
		// verify(proof, root, leaf): a verifier given a hash of the parameter and a trusted value
		// (its result is the condition: a bool, whether or not its code is shipped)
		if !want {
			return false
		}
		hashed, trusted := false, false
		for _, a := range e.Args {
			switch {
			case p.hashOf(info, d, a, bit, depth):
				hashed = true
			case trustedProv(d.Of(a)) && !isLiteral(a):
				trusted = true
			}
		}
		return hashed && trusted
	}
	return false
}

// storedEntry reports whether lookup e reads a stored table at a key that is a hash of the
// parameter.
func (p *Program) storedEntry(info *FuncInfo, d *Deps, e *ast.IndexExpr, bit uint64, depth int) bool {
	return e.Index != nil && p.hashOf(info, d, e.Index, bit, depth) && p.StateVarOf(info, e.X) != nil
}

// pinsThroughCall reports whether node n calls, as a whole statement, an internal function that
// pins one of its own parameters, passing there this function's parameter (or a hash of it).
func (p *Program) pinsThroughCall(info *FuncInfo, d *Deps, n *Node, bit uint64, depth int) bool {
	call := stmtCall(n.Stmt)
	if n.Kind != NodeStmt || call == nil || n.Fn != info.Fn {
		return false
	}
	c := info.CallOf[call]
	if c == nil || len(c.Callees) != 1 || c.Kind != CallInternal && c.Kind != CallLibrary || c.Callee == info.Fn {
		return false
	}
	g := c.Callee
	gb := p.boundParams(g, depth+1)
	for j := range g.Params {
		if gb&paramBit(j) == 0 {
			continue
		}
		if a := ArgFor(c, g, j); a != nil && (p.hashOf(info, d, a, bit, depth) || isParamBit(info, a, bit)) {
			return true
		}
	}
	return false
}

// isParamBit reports whether x is the parameter with Params bit bit.
func isParamBit(info *FuncInfo, x ast.Expr, bit uint64) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*Var)
	return ok && v.Kind == ParamVar && v.Func == info.Fn && paramBit(v.Index) == bit
}

// hashOf reports whether x is a hash (keccak256, sha256) whose input depends on the parameter
// with Params bit bit, directly, through locals, or through functions computing from one (a
// Merkle root from a leaf) or returning one of their parameters hashed.
func (p *Program) hashOf(info *FuncInfo, d *Deps, x ast.Expr, bit uint64, depth int) bool {
	if d.Of(x).Params&bit == 0 || depth > 4 {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		c := info.CallOf[e]
		if c == nil {
			return false
		}
		switch c.Kind {
		case CallBuiltin:
			return c.Name == "keccak256" || c.Name == "sha256"
		case CallConversion:
			return len(e.Args) == 1 && p.hashOf(info, d, e.Args[0], bit, depth)
		case CallInternal, CallLibrary:
			for _, a := range e.Args {
				if p.hashOf(info, d, a, bit, depth) {
					return true // computed from a hash of it
				}
			}
			if len(c.Callees) == 1 && c.Callee != info.Fn {
				g := c.Callee
				for k := range g.Params {
					if a := ArgFor(c, g, k); a != nil && d.Of(a).Params&bit != 0 && p.returnsHashOf(g, k, depth+1) {
						return true
					}
				}
			}
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Kind == LocalVar {
			return p.localHash(info, d, v, bit, depth)
		}
	}
	return false
}

// localHash reports whether local v holds a hash of the parameter: some value assigned to it is
// one, and every other is derived from the parameter too (h = leaf; then h = keccak256(h, ...)
// in a loop).
func (p *Program) localHash(info *FuncInfo, d *Deps, v *Var, bit uint64, depth int) bool {
	found, other := false, false
	judge := func(x ast.Expr) {
		switch {
		case x == nil:
		case d.Of(x).Params&bit == 0:
			other = true
		case p.hashOf(info, d, x, bit, depth+1):
			found = true
		}
	}
	for n := range info.Fn.BodyTree().Preorder(depsKinds) {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl {
				judge(s.Value)
			}
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && info.Uses[id] == v {
				judge(s.Rhs)
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

type returnsHashKey struct{ k, depth int }

// returnsHashOf reports whether every value fn returns is a hash of its parameter k (memoised
// per depth, like boundParams).
func (p *Program) returnsHashOf(fn *Function, k, depth int) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || depth > 4 {
		return false
	}
	return Memo(info, returnsHashKey{k, depth}, func() bool {
		d := p.DepsOf(info)
		any := false
		for n := range fn.BodyTree().Preorder(returnKinds) {
			r := n.(*ast.ReturnStmt)
			if r.Result == nil {
				continue
			}
			if !p.hashOf(info, d, r.Result, paramBit(k), depth) {
				return false
			}
			any = true
		}
		return any
	})
}
