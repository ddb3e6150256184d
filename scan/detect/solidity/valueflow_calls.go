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

// paramPath names a parameter of a helper, or one member of it. opaque is set when the value
// reaches the result only through code the scan cannot read (another contract, an unresolved
// library): how the result relates to what the caller passes then rests on that code.
type paramPath struct {
	param  int
	member string // "" for the whole parameter
	opaque bool
}

// resultParts is what each part of a helper's result reads of its parameters, and its other
// sources; ok is false when the parts cannot be told apart.
type resultParts struct {
	paths [][]paramPath
	other []sema.Source
	ok    bool
}

type resultPartsKey struct{ depth int }

// maxPartsDepth bounds how many helpers deep the parts are followed through helpers' calls.
const maxPartsDepth = 3

// resultPartsOf returns the parts of g's result, seen depth helpers deep (memoised per helper
// and depth: a helper calling itself waits on nothing).
func resultPartsOf(p *sema.Program, g *sema.Function, depth int) resultParts {
	info := p.Info(g)
	if info == nil || g.Body == nil || depth > maxPartsDepth {
		return resultParts{}
	}
	return sema.Memo(info, resultPartsKey{depth}, func() resultParts { return computeResultParts(p, info, depth) })
}

func computeResultParts(p *sema.Program, info *sema.FuncInfo, depth int) resultParts {
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
		c := &pathCollector{p: p, info: info, depth: depth, seen: map[seenLocal]bool{}}
		for _, e := range exprs[i] {
			out.other[i] |= flow.Of(e) &^ sema.SrcParam
			if !c.collect(e, false, 0) {
				return resultParts{}
			}
		}
		out.paths[i] = c.paths
	}
	return out
}

// pathCollector gathers the parameter paths an expression of a helper reads.
type pathCollector struct {
	p     *sema.Program
	info  *sema.FuncInfo
	depth int // helpers deep
	seen  map[seenLocal]bool
	paths []paramPath
}

type seenLocal struct {
	v      *sema.Var
	opaque bool
}

func (c *pathCollector) add(pp paramPath) {
	for _, q := range c.paths {
		if q == pp {
			return
		}
	}
	c.paths = append(c.paths, pp)
}

// unreadable reports whether call c runs code the scan cannot read: another contract, an
// unresolved function, a function without a body.
func (c *pathCollector) unreadable(call *sema.Call) bool {
	if call == nil || call.IsExternal() {
		return true
	}
	if call.Kind != sema.CallInternal && call.Kind != sema.CallLibrary {
		return false // conversions, structs, builtins: the compiler's
	}
	callees := c.p.PossibleCallees(call)
	if len(callees) == 0 {
		return true
	}
	for _, g := range callees {
		if g.Body == nil {
			return true
		}
	}
	return false
}

// collect adds the parameters (or members of them) expression x reads, through the locals it
// reads and the helpers it calls (their parts, a few helpers deep); opaque marks what is read
// through unreadable code. false when a local is set in ways not followed.
func (c *pathCollector) collect(x ast.Expr, opaque bool, depth int) bool {
	if depth > 8 {
		return false
	}
	info := c.info
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.CallExpr:
			call := info.CallOf[e]
			if c.unreadable(call) {
				// What goes in comes out only through that code.
				if m, isMember := e.Fun.(*ast.MemberExpr); isMember {
					ok = c.collect(m.X, true, depth+1)
				}
				for _, a := range e.Args {
					ok = ok && c.collect(a, true, depth+1)
				}
				return false
			}
			if (call.Kind == sema.CallInternal || call.Kind == sema.CallLibrary) && len(call.Callee.Returns) == 1 {
				if c.helperPaths(e, call, opaque, depth) {
					return false
				}
			}
		case *ast.MemberExpr:
			if id, isId := ast.Unparen(e.X).(*ast.Ident); isId {
				if v, isVar := info.Uses[id].(*sema.Var); isVar && v.Kind == sema.ParamVar && v.Func == info.Fn {
					c.add(paramPath{param: v.Index, member: e.Name.Name, opaque: opaque})
					return false
				}
			}
		case *ast.Ident:
			v, isVar := info.Uses[e].(*sema.Var)
			if !isVar {
				return false
			}
			key := seenLocal{v, opaque}
			switch {
			case v.Kind == sema.ParamVar && v.Func == info.Fn:
				c.add(paramPath{param: v.Index, opaque: opaque})
			case (v.Kind == sema.LocalVar || v.Kind == sema.ReturnVar) && v.Func == info.Fn && !c.seen[key]:
				c.seen[key] = true
				defs, defined := sema.Assignments(info, v)
				if !defined {
					ok = false
					return false
				}
				for _, d := range defs {
					if !c.collect(d.Value, opaque, depth+1) {
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

// helperPaths follows a call of a helper through the paths of its result (a few helpers
// deep): what each path names in the call's arguments; false when the helper's parts are not
// known (then its arguments are read as they stand).
func (c *pathCollector) helperPaths(e *ast.CallExpr, call *sema.Call, opaque bool, depth int) bool {
	if c.depth+1 > maxPartsDepth {
		return false
	}
	callees := c.p.PossibleCallees(call)
	if len(callees) == 0 || len(callees) > 4 {
		return false
	}
	for _, g := range callees {
		if !resultPartsOf(c.p, g, c.depth+1).ok {
			return false
		}
	}
	for _, g := range callees {
		parts := resultPartsOf(c.p, g, c.depth+1)
		for _, pp := range parts.paths[0] {
			arg := sema.ArgFor(call, g, pp.param)
			if arg == nil {
				continue
			}
			if pp.member != "" {
				if m := structMember(c.info, arg, pp.member); m != nil {
					arg = m
				}
			}
			if !c.collect(arg, opaque || pp.opaque, depth+1) {
				return false
			}
		}
	}
	return true
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
		parts := resultPartsOf(f.p, g, 0)
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
			a := f.Of(arg)
			f.depth--
			if pp.opaque {
				a = throughUnreadable(a)
			}
			src |= a
		}
	}
	return src, true
}

// throughUnreadable is what a value depending on src depends on once code the scan cannot
// read has computed from it: the caller's influence is then that code's doing (another
// contract's answer), the rest stays.
func throughUnreadable(src sema.Source) sema.Source {
	if src.Has(callerInfluence) {
		return src&^callerInfluence | sema.SrcCallRet
	}
	return src
}

// structMember returns the expression a struct literal passes for member name, or nil when
// arg is no struct literal or leaves the member out.
func structMember(info *sema.FuncInfo, arg ast.Expr, name string) ast.Expr {
	m, _, _ := sema.StructLiteralMember(info, arg, name)
	return m
}
