package sema

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// RootVar returns the variable an lvalue or storage expression is rooted in: x for x, x[i],
// x.f, x[i].f[j]; for a local storage pointer, the state variable it was assigned from.
func (info *FuncInfo) RootVar(x ast.Expr) *Var {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			v, _ := info.Uses[e].(*Var)
			return v
		case *ast.IndexExpr:
			x = e.X
		case *ast.MemberExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.SliceExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// StateVarOf returns the state variable an lvalue writes to, following storage pointers, or nil.
func (p *Program) StateVarOf(info *FuncInfo, x ast.Expr) *Var {
	v := info.RootVar(x)
	if v == nil {
		return nil
	}
	if v.Kind == StateVar {
		if v.IsConstant() {
			return nil
		}
		return v
	}
	if v.IsStorageRef() {
		return info.storageAlias(v)
	}
	return nil
}

// storageAlias finds the state variable a storage pointer local was initialised from.
func (info *FuncInfo) storageAlias(v *Var) *Var {
	if info.Fn.Body == nil {
		return nil
	}
	var found *Var
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl && s.Value != nil {
				if r := info.RootVar(s.Value); r != nil && r.Kind == StateVar {
					found = r
				}
			}
		case *ast.AssignExpr:
			if id, ok := s.Lhs.(*ast.Ident); ok && info.Uses[id] == v {
				if r := info.RootVar(s.Rhs); r != nil && r.Kind == StateVar {
					found = r
				}
			}
		}
		return true
	})
	return found
}

// Writes returns the state variables written by an expression or statement (assignments,
// ++/--, delete, push/pop), each with the node that writes it; nil when it writes none (most
// code asked about).
func (p *Program) Writes(info *FuncInfo, n ast.Node) map[*Var][]ast.Node {
	var out map[*Var][]ast.Node
	if n == nil {
		return out
	}
	// Assigning a whole local (p = s[i] points a storage pointer elsewhere) changes nothing in
	// storage; only writes through it do.
	rebinds := func(lhs ast.Expr) bool {
		if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
			v, ok := info.Uses[id].(*Var)
			return ok && v.Kind != StateVar
		}
		return false
	}
	add := func(lhs ast.Expr, at ast.Node) {
		if rebinds(lhs) {
			return
		}
		if t, ok := lhs.(*ast.TupleExpr); ok {
			for _, e := range t.Elems {
				if e != nil && !rebinds(e) {
					if v := p.StateVarOf(info, e); v != nil {
						put(&out, v, append(out[v], at))
					}
				}
			}
			return
		}
		if v := p.StateVarOf(info, lhs); v != nil {
			put(&out, v, append(out[v], at))
		}
	}
	sub := info.Fn.BodyTree().In(n)
	for n := range sub.Preorder(writeKinds) {
		switch e := n.(type) {
		case *ast.AssignExpr:
			add(e.Lhs, e)
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				add(e.X, e)
			}
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok {
				switch m.Name.Name {
				case "push", "pop":
					add(m.X, e)
				}
			}
		case *ast.YulCall:
			if (e.Name.Name == "sstore" || e.Name.Name == "tstore") && len(e.Args) > 0 {
				if id, ok := e.Args[0].(*ast.YulIdent); ok {
					if v := info.YulUses[id]; v != nil && v.Kind == StateVar {
						put(&out, v, append(out[v], ast.Node(e)))
					}
				}
			}
		}
	}
	return out
}

// writeKinds are the nodes Writes reads a write from.
var writeKinds = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil), (*ast.YulCall)(nil))

// collectStateAccess records the state variables the body reads and writes directly.
func (p *Program) collectStateAccess(info *FuncInfo) {
	if info.Fn.Body == nil {
		return
	}
	for v, nodes := range p.Writes(info, info.Fn.Body) {
		put(&info.StateWrites, v, append(info.StateWrites[v], nodes...))
	}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*Var); ok && v.Kind == StateVar {
				put(&info.StateReads, v, append(info.StateReads[v], id))
			}
		}
		return true
	})
}

// TransitiveWrites returns the state variables fn writes, itself or through the internal and
// library functions and modifiers it calls (to a bounded depth).
func (p *Program) TransitiveWrites(fn *Function) map[*Var]bool {
	out := map[*Var]bool{}
	p.walkCallees(fn, func(g *Function) {
		if info := p.Info(g); info != nil {
			for v := range info.StateWrites {
				out[v] = true
			}
		}
	})
	return out
}

// walkCallees calls visit for fn, its modifiers and every internal function it reaches.
func (p *Program) walkCallees(fn *Function, visit func(*Function)) {
	for _, g := range p.reached(fn) {
		visit(g)
	}
}

type reachedKey struct{}

// reached returns fn, its modifiers and every internal function it reaches, in the order of a
// depth-first walk: computed once per function, since detectors ask for every call site.
func (p *Program) reached(fn *Function) []*Function {
	info := p.Info(fn)
	if info == nil {
		return p.walkReached(fn)
	}
	return Memo(info, reachedKey{}, func() []*Function { return p.walkReached(fn) })
}

func (p *Program) walkReached(fn *Function) []*Function {
	seen := map[*Function]bool{}
	var out []*Function
	var walk func(*Function, int)
	walk = func(g *Function, depth int) {
		if g == nil || seen[g] || depth > 16 {
			return
		}
		seen[g] = true
		out = append(out, g)
		for _, m := range g.Modifiers {
			walk(m, depth+1)
		}
		if info := p.Info(g); info != nil {
			for _, c := range info.Calls {
				if c.Kind == CallInternal || c.Kind == CallLibrary {
					for _, h := range c.Callees { // every overload left, every pointer target
						walk(h, depth+1)
					}
				}
			}
		}
	}
	walk(fn, 0)
	return slices.Clip(out)
}

// Callees returns fn's modifiers and the internal and library functions it reaches. The slice
// is shared: callers must not modify it.
func (p *Program) Callees(fn *Function) []*Function {
	r := p.reached(fn)
	if len(r) > 0 && r[0] == fn {
		return r[1:]
	}
	return r
}

// MayRevert reports whether fn can revert on its own: a require, assert, revert or reverting
// assembly block in its body, its modifiers or the internal functions it reaches (a path of
// its control-flow graph ends in the revert sink). A call kept only for that check (a
// validation helper whose result is ignored) is not dead code.
func (p *Program) MayRevert(fn *Function) bool {
	found := false
	p.walkCallees(fn, func(g *Function) {
		if info := p.Info(g); !found && info != nil && info.CFG != nil && len(info.CFG.Revert.Preds) > 0 {
			found = true
		}
	})
	return found
}
