package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// ordered reports that two fields of the account data type typ (any type
// when typ is "") never hold equal values, because every place in the
// crate's code that sets them sets both, from values it has first checked
// to differ (tick_lower_index < tick_upper_index), in the same function or
// in every caller that passes them in. A site that sets one without the
// other, changes one in place (+=, &mut), or leaves one to a default fails
// the proof; so does a crate that never sets them.
func (p *Pass) ordered(typ, f1, f2 string) bool {
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if p.cache.ordered == nil {
		p.cache.ordered = map[string]bool{}
	}
	k := typ + "|" + f1 + "|" + f2
	if v, ok := p.cache.ordered[k]; ok {
		return v
	}
	v := p.fieldsOrdered(typ, f1, f2)
	p.cache.ordered[k] = v
	return v
}

// fieldSet is one place setting both fields.
type fieldSet struct {
	fn     *model.Function
	v1, v2 ast.Expr
	at     token.Pos
}

func (p *Pass) fieldsOrdered(typ, f1, f2 string) bool {
	var sets []fieldSet
	ok := true
	testSpans := map[*model.File][][2]token.Pos{}
	for _, fn := range p.Program.Functions {
		if fn.File == nil || inTests(fn) {
			continue
		}
		spans, seen := testSpans[fn.File]
		if !seen {
			spans = p.cfgTestSpans(fn.File.AST.Items)
			testSpans[fn.File] = spans
		}
		if within(fn.Decl.Pos(), spans) {
			continue
		}
		// Assignments, grouped by the value assigned to (self, position).
		type group struct {
			v1, v2 ast.Expr
			at     token.Pos
		}
		groups := map[string]*group{}
		var order []string
		ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignExpr:
				fe, isField := x.X.(*ast.FieldExpr)
				if !isField || fe.Name.Name != f1 && fe.Name.Name != f2 || !p.ofType(fn, fe.X, typ) {
					return true
				}
				if x.Op != token.EQ {
					ok = false
					return false
				}
				base := p.Program.Source(fe.X)
				g := groups[base]
				if g == nil {
					g = &group{}
					groups[base] = g
					order = append(order, base)
				}
				if fe.Name.Name == f1 {
					g.v1 = x.Y
				} else {
					g.v2 = x.Y
				}
				if x.End() > g.at {
					g.at = x.End()
				}
			case *ast.RefExpr:
				if fe, isField := x.X.(*ast.FieldExpr); isField && x.Mut && (fe.Name.Name == f1 || fe.Name.Name == f2) && p.ofType(fn, fe.X, typ) {
					ok = false
				}
			case *ast.StructExpr:
				name := ""
				if x.Path != nil && x.Path.Last() != nil {
					name = x.Path.Last().Name.Name
				}
				if name == "Self" {
					name = fn.SelfType
				}
				if typ != "" && name != typ {
					return true
				}
				var v1, v2 ast.Expr
				for _, fi := range x.Fields {
					v := fi.Value
					if v == nil {
						v = &ast.PathExpr{Path: &ast.Path{Segments: []*ast.PathSegment{{Name: fi.Name}}}}
					}
					switch fi.Name.Name {
					case f1:
						v1 = v
					case f2:
						v2 = v
					}
				}
				switch {
				case v1 == nil && v2 == nil:
				case v1 == nil || v2 == nil:
					ok = false
				default:
					sets = append(sets, fieldSet{fn, v1, v2, x.Pos()})
				}
			}
			return ok
		})
		for _, base := range order {
			g := groups[base]
			if g.v1 == nil || g.v2 == nil {
				return false
			}
			sets = append(sets, fieldSet{fn, g.v1, g.v2, g.at})
		}
		if !ok {
			return false
		}
	}
	if len(sets) == 0 {
		return false
	}
	for _, s := range sets {
		if !p.separated(s.fn, s.v1, s.v2, s.at, 0) {
			return false
		}
	}
	return true
}

// ofType reports whether base (the value whose field is set) may be of
// type typ: self in a method of typ, or anything but self in another
// type's method (its type is not known here).
func (p *Pass) ofType(fn *model.Function, base ast.Expr, typ string) bool {
	if typ == "" {
		return true
	}
	if pe, ok := ast.Unref(base).(*ast.PathExpr); ok && pe.Path.String() == "self" {
		return fn.SelfType == typ || fn.SelfType == ""
	}
	return true
}

// cfgTestSpans lists the extents of the #[cfg(test)] modules among items:
// test code, which the program never runs.
func (p *Pass) cfgTestSpans(items []ast.Item) [][2]token.Pos {
	var out [][2]token.Pos
	for _, it := range items {
		m, ok := it.(*ast.ModItem)
		if !ok {
			continue
		}
		test := false
		for _, a := range m.Attrs {
			if strings.ReplaceAll(p.Program.Source(a), " ", "") == "#[cfg(test)]" {
				test = true
			}
		}
		if test {
			out = append(out, [2]token.Pos{m.Pos(), m.End()})
		} else {
			out = append(out, p.cfgTestSpans(m.Items)...)
		}
	}
	return out
}

func within(pos token.Pos, spans [][2]token.Pos) bool {
	for _, s := range spans {
		if s[0] <= pos && pos < s[1] {
			return true
		}
	}
	return false
}

// separated reports that fn, before position at, has established that v1
// and v2 differ: on every path (a check among the statements that always
// run first), or, for parameters, at every call site of fn in the crate.
func (p *Pass) separated(fn *model.Function, v1, v2 ast.Expr, at token.Pos, depth int) bool {
	if depth > helperDepth {
		return false
	}
	if l1, ok := ast.Unref(v1).(*ast.LitExpr); ok {
		if l2, ok := ast.Unref(v2).(*ast.LitExpr); ok && l1.Kind == token.INT && l2.Kind == token.INT {
			return intValue(l1.Value) != "" && intValue(l2.Value) != "" && intValue(l1.Value) != intValue(l2.Value)
		}
	}
	s1, s2 := p.Program.Source(ast.Unref(v1)), p.Program.Source(ast.Unref(v2))
	if s1 == "" || s2 == "" || s1 == s2 {
		return false
	}
	for _, st := range straightLine(fn.Decl.Body) {
		if st.End() <= at && p.stmtSeparates(st, s1, s2, depth) {
			return true
		}
	}
	i1, i2 := paramIndex(fn, s1), paramIndex(fn, s2)
	if i1 < 0 || i2 < 0 {
		return false
	}
	return p.callersSeparate(fn, i1, i2, depth)
}

// callersSeparate: fn has callers in the crate and each passes, as
// parameters i1 and i2, values it has established to differ.
func (p *Pass) callersSeparate(fn *model.Function, i1, i2, depth int) bool {
	shift := 0
	if hasSelf(fn) {
		shift = 1
	}
	calls := 0
	for _, site := range p.callSites(fn.Name) {
		c := site.call
		// Calls of this function: recv.m(args) for a method, m(args) or
		// Type::m(self, args) otherwise; other arities are other functions.
		a1, a2 := i1, i2
		switch {
		case c.Method != "" && shift == 1 && len(c.Args) == len(fn.Decl.Params)-1:
			a1, a2 = i1-1, i2-1
		case c.Method == "" && len(c.Args) == len(fn.Decl.Params):
		default:
			continue
		}
		if !p.inCrate(site.caller, c) {
			continue
		}
		if a1 < 0 || a2 < 0 || a1 >= len(c.Args) || a2 >= len(c.Args) {
			return false
		}
		calls++
		if !p.separated(site.caller, c.Args[a1], c.Args[a2], c.Node.Pos(), depth+1) {
			return false
		}
	}
	return calls > 0
}

func paramIndex(fn *model.Function, name string) int {
	for i := range fn.Decl.Params {
		if paramName(fn, i) == name {
			return i
		}
	}
	return -1
}

// straightLine lists the statements of a body that run whenever the body
// runs before them: its own statements and those of plain blocks among
// them, not those in branches or loops.
func straightLine(b *ast.BlockExpr) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range b.Stmts {
		if es, ok := s.(*ast.ExprStmt); ok {
			if inner, ok := es.X.(*ast.BlockExpr); ok && inner.Label == nil && !inner.Async && !inner.Const && !inner.Try {
				out = append(out, straightLine(inner)...)
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// stmtSeparates reports a statement that stops the code unless the values
// rendered s1 and s2 differ: require!(a < b) and its kin, if a >= b {
// return .. }, or a call, propagated with ? (or unwrapped), of a crate
// function that does so for its parameters.
func (p *Pass) stmtSeparates(st ast.Stmt, s1, s2 string, depth int) bool {
	var x ast.Expr
	switch st := st.(type) {
	case *ast.ExprStmt:
		x = st.X
	case *ast.LetStmt:
		x = st.Init
	}
	switch e := x.(type) {
	case *ast.MacroExpr:
		args := e.Mac.Args
		switch e.Mac.Name() {
		case "require", "assert":
			return len(args) > 0 && p.condSeparates(args[0], s1, s2, true)
		case "require_gt", "require_neq", "assert_ne":
			return len(args) >= 2 && p.samePair(args[0], args[1], s1, s2)
		}
		return false
	case *ast.IfExpr:
		return diverges(e.Then) && p.condSeparates(e.Cond, s1, s2, false)
	}
	return p.callSeparates(x, s1, s2, depth)
}

func (p *Pass) samePair(a, b ast.Expr, s1, s2 string) bool {
	x, y := p.Program.Source(ast.Unref(a)), p.Program.Source(ast.Unref(b))
	return x == s1 && y == s2 || x == s2 && y == s1
}

// condSeparates: when holds is true, cond true implies the values differ
// (a conjunct a < b, a > b or a != b); when false, cond false implies it
// (a disjunct a >= b, a <= b or a == b, so that passing the check rules
// out equality).
func (p *Pass) condSeparates(cond ast.Expr, s1, s2 string, holds bool) bool {
	for {
		pe, ok := cond.(*ast.ParenExpr)
		if !ok {
			break
		}
		cond = pe.X
	}
	be, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	join, rel := token.ANDAND, []token.Kind{token.LT, token.GT, token.NE}
	if !holds {
		join, rel = token.OROR, []token.Kind{token.GE, token.LE, token.EQEQ}
	}
	if be.Op == join {
		return p.condSeparates(be.X, s1, s2, holds) || p.condSeparates(be.Y, s1, s2, holds)
	}
	for _, k := range rel {
		if be.Op == k && p.samePair(be.X, be.Y, s1, s2) {
			return true
		}
	}
	return false
}

// diverges reports a block that leaves the function (return) or panics.
func diverges(b *ast.BlockExpr) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ReturnExpr:
			found = true
		case *ast.MacroCall:
			if n := x.Name(); n == "panic" || n == "unreachable" {
				found = true
			}
		case *ast.ClosureExpr:
			return false
		}
		return !found
	})
	return found
}

// callSeparates: x is check(a, b)? (or .unwrap()/.expect()) of a crate
// function whose own straight-line code separates the parameters a and b
// are passed as.
func (p *Pass) callSeparates(x ast.Expr, s1, s2 string, depth int) bool {
	switch e := x.(type) {
	case *ast.TryExpr:
		x = e.X
	case *ast.MethodCallExpr:
		if e.Name.Name != "unwrap" && e.Name.Name != "expect" {
			return false
		}
		x = e.Recv
	default:
		return false
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	i1, i2 := -1, -1
	for i, a := range call.Args {
		switch p.Program.Source(ast.Unref(a)) {
		case s1:
			i1 = i
		case s2:
			i2 = i
		}
	}
	if i1 < 0 || i2 < 0 {
		return false
	}
	// Every crate function the call may reach must check.
	checked := 0
	for _, fn := range p.Program.FunctionsNamed(calleeName(call.Fun)) {
		if hasSelf(fn) || len(fn.Decl.Params) != len(call.Args) {
			continue
		}
		if !p.bodySeparates(fn, paramName(fn, i1), paramName(fn, i2), depth+1) {
			return false
		}
		checked++
	}
	return checked > 0
}

func (p *Pass) bodySeparates(fn *model.Function, n1, n2 string, depth int) bool {
	if n1 == "" || n2 == "" || depth > helperDepth {
		return false
	}
	for _, st := range straightLine(fn.Decl.Body) {
		if p.stmtSeparates(st, n1, n2, depth) {
			return true
		}
	}
	return false
}
