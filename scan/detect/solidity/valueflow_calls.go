package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// What an internal call's result depends on, part by part. A helper that takes a struct of
// parameters (AddLiquidityParams{token0, token1, fee, amount0Desired, ...}) and returns a tuple
// (liquidity, amount0, amount1, pool) computes each part from some members only: pool from the
// token pair and fee, liquidity from the amounts. Counting every argument for every part makes
// a contract the code fixes (the pool of a stored key) look chosen by the caller because the
// caller chose an amount beside it. So a result part depends on the members of the parameters
// its expressions read (through the helper's locals), mapped back to what the call passes for
// each member, and on whatever else the helper reads there.

// paramPath names a parameter of a helper, or one member of it.
type paramPath struct {
	param  int
	member string // "" for the whole parameter
}

// resultParts is what each part of a helper's result reads of its parameters, and its other
// sources; ok is false when the parts cannot be told apart.
type resultParts struct {
	paths [][]paramPath
	other []sema.Source
	ok    bool
}

type resultPartsKey struct{}

// resultPartsOf returns the parts of g's result (memoised per helper).
func resultPartsOf(p *sema.Program, g *sema.Function) resultParts {
	info := p.Info(g)
	if info == nil || g.Body == nil {
		return resultParts{}
	}
	return sema.Memo(info, resultPartsKey{}, func() resultParts { return computeResultParts(p, info) })
}

func computeResultParts(p *sema.Program, info *sema.FuncInfo) resultParts {
	g := info.Fn
	n := len(g.Returns)
	if n == 0 {
		return resultParts{}
	}
	exprs := make([][]ast.Expr, n)
	named := false
	for i, r := range g.Returns {
		if r.Name == "" {
			continue
		}
		named = true
		defs, ok := sema.Assignments(info, r)
		if !ok {
			return resultParts{}
		}
		for _, d := range defs {
			exprs[i] = append(exprs[i], d.Value) // a part of a call's tuple counts the whole call
		}
	}
	bad := false
	g.BodyTree().Inspect(func(x ast.Node) bool {
		r, ok := x.(*ast.ReturnStmt)
		if !ok || r.Result == nil || bad {
			return !bad
		}
		if t, isTuple := ast.Unparen(r.Result).(*ast.TupleExpr); isTuple && len(t.Elems) == n && n > 1 {
			for i, e := range t.Elems {
				exprs[i] = append(exprs[i], e)
			}
		} else if n == 1 {
			exprs[0] = append(exprs[0], r.Result)
		} else {
			bad = true // return f(...) of a tuple
		}
		return true
	})
	if bad || !named && len(exprs[0]) == 0 {
		return resultParts{}
	}
	// The helper's own helpers count with all their arguments (and no cycle waits on itself).
	flow := newValueFlowAt(p, info, 3)
	out := resultParts{paths: make([][]paramPath, n), other: make([]sema.Source, n), ok: true}
	for i := range exprs {
		seen := map[*sema.Var]bool{}
		for _, e := range exprs[i] {
			out.other[i] |= flow.Of(e) &^ sema.SrcParam
			if !collectParamPaths(info, e, seen, &out.paths[i], 0) {
				return resultParts{}
			}
		}
	}
	return out
}

// collectParamPaths adds to paths the parameters (or members of them) expression x reads,
// through the locals it reads; false when a local is set in ways not followed.
func collectParamPaths(info *sema.FuncInfo, x ast.Expr, seen map[*sema.Var]bool, paths *[]paramPath, depth int) bool {
	if depth > 8 {
		return false
	}
	ok := true
	add := func(pp paramPath) {
		for _, q := range *paths {
			if q == pp {
				return
			}
		}
		*paths = append(*paths, pp)
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.MemberExpr:
			if id, isId := ast.Unparen(e.X).(*ast.Ident); isId {
				if v, isVar := info.Uses[id].(*sema.Var); isVar && v.Kind == sema.ParamVar && v.Func == info.Fn {
					add(paramPath{param: v.Index, member: e.Name.Name})
					return false
				}
			}
		case *ast.Ident:
			v, isVar := info.Uses[e].(*sema.Var)
			if !isVar {
				return false
			}
			switch {
			case v.Kind == sema.ParamVar && v.Func == info.Fn:
				add(paramPath{param: v.Index})
			case (v.Kind == sema.LocalVar || v.Kind == sema.ReturnVar) && v.Func == info.Fn && !seen[v]:
				seen[v] = true
				defs, defined := sema.Assignments(info, v)
				if !defined {
					ok = false
					return false
				}
				for _, d := range defs {
					if !collectParamPaths(info, d.Value, seen, paths, depth+1) {
						ok = false
						return false
					}
				}
			}
			return false
		}
		return true
	})
	return ok
}

// callPart returns what part i of internal call c's result depends on, in the caller's terms,
// and whether the helper's parts could be told apart (else the caller falls back on every
// argument).
func (f *valueFlow) callPart(c *sema.Call, i int) (sema.Source, bool) {
	if f.p == nil || f.depth > 2 || c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary {
		return 0, false
	}
	callees := f.p.PossibleCallees(c)
	if len(callees) == 0 || len(callees) > 4 {
		return 0, false
	}
	var src sema.Source
	for _, g := range callees {
		parts := resultPartsOf(f.p, g)
		if !parts.ok || i >= len(parts.paths) {
			return 0, false
		}
		src |= parts.other[i]
		for _, pp := range parts.paths[i] {
			arg := sema.ArgFor(c, g, pp.param)
			if arg == nil {
				return 0, false
			}
			if pp.member != "" {
				if m := structMember(f.info, arg, pp.member); m != nil {
					arg = m
				}
			}
			f.depth++
			src |= f.Of(arg)
			f.depth--
		}
	}
	return src, true
}

// structMember returns the expression a struct literal passes for member name (S({a: x}) or
// S(x, ...) in the order of S's members), or nil when arg is no struct literal.
func structMember(info *sema.FuncInfo, arg ast.Expr, name string) ast.Expr {
	c, ok := ast.Unparen(arg).(*ast.CallExpr)
	if !ok {
		return nil
	}
	call := info.CallOf[c]
	st, isStruct := info.Types[c].(*sema.StructType)
	if call == nil || call.Kind != sema.CallStruct || !isStruct || st.Decl == nil {
		return nil
	}
	if len(c.Names) > 0 {
		for i, n := range c.Names {
			if n != nil && n.Name == name && i < len(c.Args) {
				return c.Args[i]
			}
		}
		return nil
	}
	for i, fd := range st.Decl.Fields {
		if fd != nil && fd.Name != nil && fd.Name.Name == name && i < len(c.Args) {
			return c.Args[i]
		}
	}
	return nil
}
