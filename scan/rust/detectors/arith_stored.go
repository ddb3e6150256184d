package detectors

import (
	"regexp"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Sums of stored values whose total was checked when they were stored. A vesting program
// stores a list of schedules and later adds up the amounts of those that have matured:
// total += s.amount over the schedules read back from the account. That sum cannot exceed
// the sum of all the stored amounts, and the program bounded that sum when it stored them if
// every place that makes such a value either adds it to a running total with checked_add in
// the loop that stores it (an instruction that only writes an account it checks holds nothing
// yet, so the list is that one call's), decodes it from stored bytes, or lowers it (sets it
// to zero, subtracts). The invariant is the program's own, established at creation.

// decoders are the methods of a stored type that rebuild a value from its stored bytes.
var decoders = map[string]bool{
	"unpack_from_slice": true, "unpack": true, "unpack_unchecked": true, "deserialize": true,
	"try_from_slice": true, "try_deserialize": true, "from_bytes": true, "try_from_bytes": true,
	"deserialize_reader": true, "load": true,
}

// freshTest matches a condition that looks at what an account holds before it is written: a
// flag named for initialisation, or a borrow of the account's data.
var freshTest = regexp.MustCompile(`initialized|try_borrow_data|data\.borrow\(\)`)

// storedSum reports total += s.F where s runs over a list of one of the crate's stored types
// read back from an account and total starts at zero in fn, when every writer of that type's
// F bounds the stored sum (see above).
func (p *Pass) storedSum(fn *model.Function, op *model.ArithOp, par map[ast.Node]ast.Node) bool {
	if op.Op != token.PLUS_EQ {
		return false
	}
	total, ok := unparen(op.X).(*ast.PathExpr)
	if !ok || len(total.Path.Segments) != 1 || !zeroLet(fn, total.Path.Segments[0].Name.Name) {
		return false
	}
	fe, ok := unparen(op.Y).(*ast.FieldExpr)
	if !ok {
		return false
	}
	elem, ok := unparen(fe.X).(*ast.PathExpr)
	if !ok || len(elem.Path.Segments) != 1 {
		return false
	}
	loop := enclosingFor(par, op.Node)
	if loop == nil {
		return false
	}
	if ip, ok := loop.Pat.(*ast.IdentPat); !ok || ip.Name.Name != elem.Path.Segments[0].Name.Name {
		return false
	}
	typ := p.elementType(fn, loop.Iter)
	if typ == "" || !hasField(p.Program.DataStruct(typ), fe.Name.Name) {
		return false
	}
	return p.sumBoundedWhenStored(typ, fe.Name.Name)
}

// zeroLet reports a local of fn declared with the literal 0.
func zeroLet(fn *model.Function, name string) bool {
	init, ok := fn.Lets()[name]
	if !ok || init == nil {
		return false
	}
	return isZeroLit(unparen(init))
}

// enclosingFor returns the nearest for loop around n, or nil.
func enclosingFor(par map[ast.Node]ast.Node, n ast.Node) *ast.ForExpr {
	for x := par[n]; x != nil; x = par[x] {
		switch f := x.(type) {
		case *ast.ForExpr:
			return f
		case *ast.ClosureExpr:
			return nil
		}
	}
	return nil
}

// elementType names the element type of the list a for loop runs over (list, &list,
// list.iter(), list.iter_mut()) when the list is a local of fn made by a crate function
// returning Vec<T> (in a Result or not), or "".
func (p *Pass) elementType(fn *model.Function, iter ast.Expr) string {
	x := unparen(iter)
	if r, ok := x.(*ast.RefExpr); ok {
		x = unparen(r.X)
	}
	if mc, ok := x.(*ast.MethodCallExpr); ok && (mc.Name.Name == "iter" || mc.Name.Name == "iter_mut") && len(mc.Args) == 0 {
		x = unparen(mc.Recv)
	}
	pe, ok := x.(*ast.PathExpr)
	if !ok || len(pe.Path.Segments) != 1 {
		return ""
	}
	init := fn.Lets()[pe.Path.Segments[0].Name.Name]
	for {
		t, ok := init.(*ast.TryExpr)
		if !ok {
			break
		}
		init = t.X
	}
	call, ok := init.(*ast.CallExpr)
	if !ok {
		return ""
	}
	callee, ok := unparen(call.Fun).(*ast.PathExpr)
	if !ok || callee.Path.Last() == nil {
		return ""
	}
	for _, f := range p.Program.FunctionsNamed(callee.Path.Last().Name.Name) {
		if t := vecElem(f.Decl.Result, 0); t != "" {
			return t
		}
	}
	return ""
}

// vecElem returns T of a type Vec<T>, Result<Vec<T>, E> or Option<Vec<T>>.
func vecElem(t ast.Type, depth int) string {
	pt, ok := t.(*ast.PathType)
	if !ok || depth > 2 || pt.Path.Last() == nil || pt.Path.Last().Args == nil || len(pt.Path.Last().Args.Args) == 0 {
		return ""
	}
	arg := pt.Path.Last().Args.Args[0].Type
	switch pt.Path.Last().Name.Name {
	case "Vec":
		if at, ok := arg.(*ast.PathType); ok && at.Path.Last() != nil {
			return at.Path.Last().Name.Name
		}
	case "Result", "Option":
		return vecElem(arg, depth+1)
	}
	return ""
}

func hasField(ds *model.DataStruct, name string) bool {
	if ds == nil {
		return false
	}
	for _, f := range ds.Item.Fields {
		if f.Name != nil && f.Name.Name == name {
			return true
		}
	}
	return false
}

// sumBoundedWhenStored reports that every writer of typ.field in the crate's code (tests
// aside) decodes it, lowers it, or adds it to a total with checked_add in the loop that
// stores it in an instruction that checks the account holds nothing yet. Computed once per
// field.
func (p *Pass) sumBoundedWhenStored(typ, field string) bool {
	key := checkKey{name: "stored-sum:" + typ + "." + field}
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if p.cache.checks == nil {
		p.cache.checks = map[checkKey]bool{}
	}
	if v, ok := p.cache.checks[key]; ok {
		return v
	}
	ok := true
	for _, fn := range p.Program.Functions {
		if !ok {
			break
		}
		if inTests(fn) || fn.Decl.Body == nil {
			continue
		}
		ok = p.writesBounded(fn, typ, field)
	}
	p.cache.checks[key] = ok
	return ok
}

// writesBounded checks fn's writers of typ.field (see sumBoundedWhenStored).
func (p *Pass) writesBounded(fn *model.Function, typ, field string) bool {
	body := fn.Decl.Body
	var par map[ast.Node]ast.Node
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch e := n.(type) {
		case *ast.StructExpr:
			name := ""
			if l := e.Path.Last(); l != nil {
				name = l.Name.Name
			}
			if name == "Self" {
				name = fn.SelfType
			}
			if name != typ {
				return true
			}
			if fn.SelfType == typ && decoders[fn.Name] {
				return true // rebuilt from its stored bytes
			}
			v := fieldValue(e, field)
			if v == nil {
				return true // the field is not set here (..base copies a stored value)
			}
			if par == nil {
				par = parents(body)
			}
			ok = p.checkedWhereStored(fn, par, e, v)
		case *ast.AssignExpr:
			f, isField := unparen(e.X).(*ast.FieldExpr)
			if !isField || f.Name.Name != field {
				return true
			}
			switch {
			case e.Op == token.MINUS_EQ:
			case e.Op == token.EQ && isZeroLit(unparen(e.Y)):
			default:
				ok = false // raised, or set to a value nothing bounds
			}
		}
		return true
	})
	return ok
}

func fieldValue(e *ast.StructExpr, field string) ast.Expr {
	for _, f := range e.Fields {
		if f.Name != nil && f.Name.Name == field {
			if f.Value == nil {
				return &ast.PathExpr{Path: &ast.Path{Segments: []*ast.PathSegment{{Name: f.Name}}, From: f.Name.Pos(), To: f.Name.End()}}
			}
			return f.Value
		}
	}
	return nil
}

// checkedWhereStored reports a struct literal inside a loop that also adds the literal's
// value v to a total with checked_add, in a function that tests what an account holds
// before writing it.
func (p *Pass) checkedWhereStored(fn *model.Function, par map[ast.Node]ast.Node, lit ast.Node, v ast.Expr) bool {
	loop := enclosingFor(par, lit)
	if loop == nil {
		return false
	}
	want := p.Program.Source(v)
	checked := false
	ast.Inspect(loop.Body, func(n ast.Node) bool {
		mc, ok := n.(*ast.MethodCallExpr)
		if ok && mc.Name.Name == "checked_add" && len(mc.Args) == 1 && strings.TrimPrefix(p.Program.Source(mc.Args[0]), "&") == want {
			checked = true
		}
		return !checked
	})
	return checked && p.testsFresh(fn)
}

// testsFresh reports a condition of fn (through the locals it reads) that looks at what an
// account holds before the function writes it: is_initialized, or a borrow of its data.
func (p *Pass) testsFresh(fn *model.Function) bool {
	lets := fn.Lets()
	for _, c := range conditions(fn.Decl.Body) {
		text := p.Program.Source(c)
		for name, init := range lets {
			if init != nil && strings.Contains(text, name) {
				text += " " + p.Program.Source(init)
			}
		}
		if freshTest.MatchString(text) {
			return true
		}
	}
	return false
}
