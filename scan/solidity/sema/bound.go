package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Bound parameters. A parameter the caller passes is not the caller's free choice when the
// function checks it against something the caller cannot choose: a hash computed from it proven
// to be in a stored or fixed Merkle root (MerkleProof.verify(proof, root, keccak256(abi.encode(
// target, ...)))), equal to a stored hash, or a key of a stored table of created entries
// (require(created[keccak256(abi.encode(target, salt))]), roots[computeRoot(proof, index, item)]
// != 0). Everything the hashed value is computed from is pinned with it: a Merkle root computed
// from (proof, index, leaf) pins all three. The check must be on every path to the function's
// end: a call made before it and then reverted leaves nothing behind.

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
		pinned := make(map[*Node]uint64)
		at := func(n *Node) uint64 {
			b, ok := pinned[n]
			if !ok {
				if g, isGate := p.GateOf(n); isGate && g.Info == info {
					b = p.pinned(info, d, g.Cond, g.Holds, depth)
				}
				b |= p.pinnedThroughCall(info, d, n, depth)
				pinned[n] = b
			}
			return b
		}
		var bound uint64
		for i := range fn.Params {
			bit := paramBit(i)
			passed := info.CFG.PassedOnEveryPath(func(n *Node) bool { return at(n)&bit != 0 })
			if endsDominated(info.CFG, passed) {
				bound |= bit
			}
		}
		return bound
	})
}

// pinned returns the parameters (Params bits) that cond evaluating to want pins: those a hashed
// value is computed from, when it is compared equal with, looked up in, or verified against
// trusted values.
func (p *Program) pinned(info *FuncInfo, d *Deps, cond ast.Expr, want bool, depth int) uint64 {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.pinned(info, d, e.X, !want, depth)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if want {
				return p.pinned(info, d, e.X, true, depth) | p.pinned(info, d, e.Y, true, depth)
			}
		case token.LOR:
			if !want {
				return p.pinned(info, d, e.X, false, depth) | p.pinned(info, d, e.Y, false, depth)
			}
		case token.EQL, token.NEQ:
			equal := want == (e.Op == token.EQL)
			var out uint64
			// roots[h] != 0: the entry exists
			for _, pair := range [2][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if ix, ok := ast.Unparen(pair[0]).(*ast.IndexExpr); ok && isZeroLiteral(pair[1]) && !equal {
					out |= p.storedEntry(info, d, ix, depth)
				}
			}
			if equal {
				if trustedProv(d.Of(e.Y)) {
					out |= p.hashInputs(info, d, e.X, depth)
				}
				if trustedProv(d.Of(e.X)) {
					out |= p.hashInputs(info, d, e.Y, depth)
				}
			}
			return out
		}
	case *ast.IndexExpr:
		// created[hash] used as a flag: the entry must exist
		if want {
			return p.storedEntry(info, d, e, depth)
		}
	case *ast.CallExpr:
		// verify(proof, root, leaf): a verifier given a hash and a trusted value (its result
		// is the condition: a bool, whether or not its code is shipped)
		if !want {
			return 0
		}
		var hashed uint64
		trusted := false
		for _, a := range e.Args {
			if h := p.hashInputs(info, d, a, depth); h != 0 {
				hashed |= h
			} else if trustedProv(d.Of(a)) && !isLiteral(a) {
				trusted = true
			}
		}
		if trusted && hashed != 0 {
			// the other arguments (the proof) are part of the verification too
			for _, a := range e.Args {
				hashed |= d.Of(a).Params
			}
			return hashed
		}
	}
	return 0
}

// storedEntry returns the parameters pinned by looking up a stored table at a hashed key.
func (p *Program) storedEntry(info *FuncInfo, d *Deps, e *ast.IndexExpr, depth int) uint64 {
	if e.Index == nil || p.StateVarOf(info, e.X) == nil {
		return 0
	}
	return p.hashInputs(info, d, e.Index, depth)
}

// pinnedThroughCall returns the parameters node n pins by calling, as a whole statement, an
// internal function that pins what it is passed: this function's parameters passed there, or
// hashed into what is passed there.
func (p *Program) pinnedThroughCall(info *FuncInfo, d *Deps, n *Node, depth int) uint64 {
	call := stmtCall(n.Stmt)
	if n.Kind != NodeStmt || call == nil || n.Fn != info.Fn {
		return 0
	}
	c := info.CallOf[call]
	if c == nil || len(c.Callees) != 1 || c.Kind != CallInternal && c.Kind != CallLibrary || c.Callee == info.Fn {
		return 0
	}
	g := c.Callee
	gb := p.boundParams(g, depth+1)
	var out uint64
	for j := range g.Params {
		if gb&paramBit(j) == 0 {
			continue
		}
		if a := ArgFor(c, g, j); a != nil {
			if h := p.hashInputs(info, d, a, depth); h != 0 {
				out |= h
			} else if id, ok := ast.Unparen(a).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*Var); ok && v.Kind == ParamVar && v.Func == info.Fn {
					out |= paramBit(v.Index)
				}
			}
		}
	}
	return out
}

// hashInputs returns the parameters (Params bits) a hashed value x is computed from: x is a hash
// (keccak256, sha256), a value a hash-computing function returns (a Merkle root), or a local
// holding one; 0 when x is no hash.
func (p *Program) hashInputs(info *FuncInfo, d *Deps, x ast.Expr, depth int) uint64 {
	if depth > 4 {
		return 0
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		c := info.CallOf[e]
		if c == nil {
			return 0
		}
		args := func() uint64 {
			var out uint64
			for _, a := range e.Args {
				out |= d.Of(a).Params
			}
			if c.Bound != nil {
				out |= d.Of(c.Bound).Params
			}
			return out
		}
		switch c.Kind {
		case CallBuiltin:
			if c.Name == "keccak256" || c.Name == "sha256" {
				return args()
			}
		case CallConversion:
			if len(e.Args) == 1 {
				return p.hashInputs(info, d, e.Args[0], depth)
			}
		case CallInternal, CallLibrary:
			for _, a := range e.Args {
				if p.hashInputs(info, d, a, depth+1) != 0 {
					return args() // computed from a hash: a root from its leaf and path
				}
			}
			if len(c.Callees) == 1 && c.Callee != info.Fn && p.returnsHash(c.Callee, depth+1) {
				return args()
			}
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Kind == LocalVar {
			return p.localHash(info, d, v, depth)
		}
	}
	return 0
}

// localHash returns the parameters a local holding a hash is computed from: some value assigned
// to it is a hash, and what every value assigned to it depends on (h = leaf; then h =
// keccak256(h, ...) in a loop); 0 when none is a hash.
func (p *Program) localHash(info *FuncInfo, d *Deps, v *Var, depth int) uint64 {
	var from uint64
	hashed := false
	judge := func(x ast.Expr) {
		if x == nil {
			return
		}
		if h := p.hashInputs(info, d, x, depth+1); h != 0 {
			hashed = true
			from |= h
		}
		from |= d.Of(x).Params
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
	if !hashed {
		return 0
	}
	return from
}

type returnsHashKey struct{ depth int }

// returnsHash reports whether every value fn returns is a hash (memoised per depth, like
// boundParams).
func (p *Program) returnsHash(fn *Function, depth int) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || depth > 4 {
		return false
	}
	return Memo(info, returnsHashKey{depth}, func() bool {
		d := p.DepsOf(info)
		any := false
		for _, r := range fn.Returns {
			if r.Name != "" && p.localHash(info, d, r, depth) != 0 {
				any = true
			}
		}
		for n := range fn.BodyTree().Preorder(returnKinds) {
			r := n.(*ast.ReturnStmt)
			if r.Result == nil {
				continue
			}
			if p.hashInputs(info, d, r.Result, depth) == 0 {
				return false
			}
			any = true
		}
		return any
	})
}

// trustedProv reports whether a value comes from nothing the caller chooses (no parameter,
// calldata, caller or origin).
func trustedProv(pv Prov) bool {
	return pv.Params == 0 && !pv.Has(SrcParam|SrcData|SrcSender|SrcOrigin)
}
