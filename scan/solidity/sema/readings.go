package sema

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Readings of another contract's values, and stored snapshots of them. A contract that
// accrues what a counter kept elsewhere grew by (fees per unit of liquidity, a cumulative
// price, a reward index) reads the counter, subtracts the reading it saved last time, and saves
// the new one: growth = counter() - last; last = counter(). Such counters are kept modulo 2^256
// by design (they are allowed to wrap), and the difference of two readings is the growth
// modulo 2^256: right even when the subtraction wraps, as long as both sides read the same
// counter. These facts say what a value was read from (a component of what calls of one
// function of another contract return), and whether a stored place only ever holds such
// readings (every write in the program stores one, or zero).
//
// The facts assume the counter counts up modulo 2^256, as accumulators do; they cannot see
// the other contract's code (an interface), and the analysis says so where it uses them.

// Reading names a source of values in another contract: the function called (its declaration,
// or its name and arity when unresolved), and which part of its result (the component of a
// tuple, the member of a returned struct).
type Reading struct {
	Callee *Function // the function called, nil when unresolved
	Name   string    // its name
	Args   int       // the arguments the call passes
	Index  int       // the component of a tuple result (0 for a single value)
	Field  string    // the member read from a returned struct, or ""
}

// Same reports whether r and o read the same part of the same function's result.
func (r Reading) Same(o Reading) bool {
	if r.Index != o.Index || r.Field != o.Field {
		return false
	}
	if r.Callee != nil || o.Callee != nil {
		return r.Callee == o.Callee
	}
	return r.Name == o.Name && r.Args == o.Args
}

// ReadingOf returns the reading x is in info's function: a call to another contract (or a
// member of the struct it returns), or a local variable every assignment of which is a reading
// of that same source.
func (p *Program) ReadingOf(info *FuncInfo, x ast.Expr) (Reading, bool) {
	return p.readingOf(info, x, 0, 0)
}

func (p *Program) readingOf(info *FuncInfo, x ast.Expr, component, depth int) (Reading, bool) {
	if depth > 4 || x == nil {
		return Reading{}, false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		c := info.CallOf[e]
		if c == nil || c.Kind != CallExternal {
			return Reading{}, false
		}
		return Reading{Callee: c.Callee, Name: c.Name, Args: len(c.Args), Index: component}, true
	case *ast.MemberExpr:
		if component != 0 {
			return Reading{}, false
		}
		r, ok := p.readingOf(info, e.X, 0, depth+1)
		if !ok || r.Field != "" {
			return Reading{}, false
		}
		if call, isCall := ast.Unparen(e.X).(*ast.CallExpr); !isCall || info.CallOf[call] == nil {
			return Reading{}, false // a member of a local struct: not followed
		}
		r.Field = e.Name.Name
		return r, true
	case *ast.Ident:
		v, ok := info.Uses[e].(*Var)
		if !ok || v.Kind != LocalVar || v.Func != info.Fn {
			return Reading{}, false
		}
		return p.localReading(info, v, depth)
	}
	return Reading{}, false
}

// localReading returns the reading every assignment of local v holds, if they agree.
func (p *Program) localReading(info *FuncInfo, v *Var, depth int) (Reading, bool) {
	defs, ok := Definitions(info, v)
	if !ok || len(defs) == 0 {
		return Reading{}, false
	}
	var out Reading
	for i, d := range defs {
		r, isReading := p.readingOf(info, d.Value, d.Component, depth+1)
		if !isReading || i > 0 && !r.Same(out) {
			return Reading{}, false
		}
		out = r
	}
	return out, true
}

// Def is one value a local variable is given: an expression, or a component of a tuple an
// expression returns.
type Def struct {
	Value     ast.Expr
	Component int // the component of Value's tuple (0 for a single value)
}

// Definitions lists the values local v of info's function is given: its initial value and every
// plain assignment. ok is false when v is also changed otherwise (a compound assignment, ++,
// delete, inline assembly) or declared without a value (zero until assigned).
func Definitions(info *FuncInfo, v *Var) (defs []Def, ok bool) {
	if v == nil || v.Kind != LocalVar {
		return nil, false
	}
	return definitions(info, v, false)
}

// Assignments lists the values local or named result v of info's function is given, leaving
// out the zero a declaration without a value (or a named result) starts with; ok is false when
// v is also changed otherwise, as for Definitions.
func Assignments(info *FuncInfo, v *Var) (defs []Def, ok bool) {
	if v == nil || v.Kind != LocalVar && v.Kind != ReturnVar {
		return nil, false
	}
	return definitions(info, v, true)
}

func definitions(info *FuncInfo, v *Var, zeroStart bool) (defs []Def, ok bool) {
	if v.Func != info.Fn || info.Fn.Body == nil {
		return nil, false
	}
	is := func(x ast.Expr) bool {
		id, isId := ast.Unparen(x).(*ast.Ident)
		return isId && info.Uses[id] == v
	}
	ok = true
	for node := range info.Fn.BodyTree().Preorder(definitionKinds) {
		if !ok {
			break
		}
		switch d := node.(type) {
		case *ast.VarDeclStmt:
			for i, decl := range d.Vars {
				if decl == nil || decl != v.Decl {
					continue
				}
				switch {
				case d.Value == nil:
					ok = zeroStart
				case len(d.Vars) > 1:
					if rt, isTuple := ast.Unparen(d.Value).(*ast.TupleExpr); isTuple && len(rt.Elems) == len(d.Vars) {
						defs = append(defs, Def{Value: rt.Elems[i]})
					} else {
						defs = append(defs, Def{Value: d.Value, Component: i})
					}
				default:
					defs = append(defs, Def{Value: d.Value})
				}
			}
		case *ast.AssignExpr:
			if lt, isTuple := ast.Unparen(d.Lhs).(*ast.TupleExpr); isTuple {
				for i, el := range lt.Elems {
					if el == nil || !is(el) {
						continue
					}
					if d.Op != token.ASSIGN {
						ok = false
					} else if rt, ok2 := ast.Unparen(d.Rhs).(*ast.TupleExpr); ok2 && len(rt.Elems) == len(lt.Elems) {
						defs = append(defs, Def{Value: rt.Elems[i]})
					} else {
						defs = append(defs, Def{Value: d.Rhs, Component: i})
					}
				}
				continue
			}
			if is(d.Lhs) {
				if d.Op != token.ASSIGN {
					ok = false
				} else {
					defs = append(defs, Def{Value: d.Rhs})
				}
			}
		case *ast.UnaryExpr:
			if (d.Op == token.INC || d.Op == token.DEC || d.Op == token.DELETE) && is(d.X) {
				ok = false
			}
		case *ast.YulAssign:
			for _, id := range d.Names {
				if info.YulUses[id] == v {
					ok = false
				}
			}
		}
	}
	return defs, ok
}

var definitionKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.YulAssign)(nil))

// StoredReading returns the source whose readings are the only values place y ever holds: y is
// a state variable, or a member of a struct kept in storage, and every write of it anywhere in
// the program stores a reading of that one source, or zero (a delete, a struct built without
// it). ok is false when some write stores anything else or cannot be told apart.
func (p *Program) StoredReading(info *FuncInfo, y ast.Expr) (Reading, bool) {
	key, ok := p.storedPlace(info, y)
	if !ok {
		return Reading{}, false
	}
	cache := Memo(p, storedReadingsKey{}, func() *storedReadings { return &storedReadings{m: map[storedPlace]storedResult{}} })
	cache.mu.Lock()
	res, done := cache.m[key]
	cache.mu.Unlock()
	if !done {
		res = p.storedReadingOf(key)
		cache.mu.Lock()
		cache.m[key] = res
		cache.mu.Unlock()
	}
	return res.r, res.ok
}

// storedPlace names a place by what every write of it shows: a state variable, or a member of
// a struct type (wherever the struct lies: writes through any pointer or mapping count).
type storedPlace struct {
	v      *Var
	strct  *ast.StructDecl
	member string
}

type storedResult struct {
	r  Reading
	ok bool
}

type storedReadings struct {
	mu sync.Mutex
	m  map[storedPlace]storedResult
}

type storedReadingsKey struct{}

// storedPlace returns the place y names, if it is one the program's writes can be listed for:
// a plain state variable of a value type, or a member of a struct read from storage.
func (p *Program) storedPlace(info *FuncInfo, y ast.Expr) (storedPlace, bool) {
	switch e := ast.Unparen(y).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*Var)
		if !ok || v.Kind != StateVar || v.IsConstant() {
			return storedPlace{}, false
		}
		if _, isInt := IsInteger(v.Type); !isInt {
			return storedPlace{}, false
		}
		return storedPlace{v: v}, true
	case *ast.MemberExpr:
		st, ok := info.Types[e.X].(*StructType)
		if !ok || st.Decl == nil || p.StateVarOf(info, e.X) == nil {
			return storedPlace{}, false
		}
		return storedPlace{strct: st.Decl, member: e.Name.Name}, true
	}
	return storedPlace{}, false
}

// storedReadingOf lists every write of place k in the program and returns the one source they
// all store a reading of.
func (p *Program) storedReadingOf(k storedPlace) storedResult {
	var out Reading
	n := 0
	ok := true
	see := func(info *FuncInfo, x ast.Expr, component int) {
		if !ok || x == nil || isZeroLiteral(x) {
			return
		}
		r, isReading := p.readingOf(info, x, component, 0)
		if !isReading || n > 0 && !r.Same(out) {
			ok = false
			return
		}
		out = r
		n++
	}
	if k.v != nil && k.v.Decl != nil && k.v.Decl.Value != nil && !isZeroLiteral(k.v.Decl.Value) {
		return storedResult{}
	}
	for _, fn := range p.Functions() {
		info := p.Info(fn)
		if !ok {
			break
		}
		if fn.Body == nil || info == nil {
			continue
		}
		for node := range fn.BodyTree().Preorder(storeKinds) {
			if !ok {
				break
			}
			switch w := node.(type) {
			case *ast.AssignExpr:
				p.storeOf(info, k, w.Lhs, w.Rhs, w.Op, see, &ok)
			case *ast.UnaryExpr:
				if (w.Op == token.INC || w.Op == token.DEC) && p.writesPlace(info, k, w.X) {
					ok = false // a counter moved here, not a reading saved
				}
			case *ast.CallExpr:
				// arr.push(S(...)): a struct built into storage.
				if m, isMember := w.Fun.(*ast.MemberExpr); isMember && m.Name.Name == "push" && len(w.Args) == 1 && k.strct != nil {
					if st, isStruct := info.Types[w.Args[0]].(*StructType); isStruct && p.holdsStruct(st.Decl, k.strct) {
						p.structValue(info, k, w.Args[0], see, &ok)
					}
				}
			case *ast.YulCall:
				if (w.Name.Name == "sstore") && len(w.Args) > 0 && k.v != nil {
					if id, isId := w.Args[0].(*ast.YulIdent); isId && info.YulUses[id] == k.v {
						ok = false
					}
				}
			}
		}
	}
	return storedResult{r: out, ok: ok && n > 0}
}

var storeKinds = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil), (*ast.YulCall)(nil))

// storeOf judges one assignment lhs op= rhs for place k.
func (p *Program) storeOf(info *FuncInfo, k storedPlace, lhs, rhs ast.Expr, op token.Token, see func(*FuncInfo, ast.Expr, int), ok *bool) {
	if lt, isTuple := ast.Unparen(lhs).(*ast.TupleExpr); isTuple {
		rt, rhsTuple := ast.Unparen(rhs).(*ast.TupleExpr)
		for i, el := range lt.Elems {
			if el == nil {
				continue
			}
			if rhsTuple && len(rt.Elems) == len(lt.Elems) {
				p.storeOf(info, k, el, rt.Elems[i], op, see, ok)
			} else if p.writesPlace(info, k, el) {
				see(info, rhs, i)
			} else if k.strct != nil && p.wholeStruct(info, k, el) {
				*ok = false
			}
		}
		return
	}
	if p.writesPlace(info, k, lhs) {
		if op != token.ASSIGN {
			*ok = false
			return
		}
		see(info, rhs, 0)
		return
	}
	if k.strct != nil && p.wholeStruct(info, k, lhs) {
		if op != token.ASSIGN {
			*ok = false
			return
		}
		p.structValue(info, k, rhs, see, ok)
	}
}

// writesPlace reports whether lvalue x is place k itself.
func (p *Program) writesPlace(info *FuncInfo, k storedPlace, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		return k.v != nil && info.Uses[e] == k.v
	case *ast.MemberExpr:
		if k.strct == nil || e.Name.Name != k.member {
			return false
		}
		st, ok := info.Types[e.X].(*StructType)
		return ok && st.Decl == k.strct
	}
	return false
}

// wholeStruct reports whether lvalue x is a whole struct that holds place k's member (the
// struct itself, or one that has it inside).
func (p *Program) wholeStruct(info *FuncInfo, k storedPlace, x ast.Expr) bool {
	st, ok := info.Types[x].(*StructType)
	return ok && st.Decl != nil && p.holdsStruct(st.Decl, k.strct)
}

// structValue judges a whole struct stored where place k's member lies: a struct built with
// its members named or in order gives the member's value; a struct holding k's struct deeper,
// or a copy of another struct, cannot be told apart.
func (p *Program) structValue(info *FuncInfo, k storedPlace, v ast.Expr, see func(*FuncInfo, ast.Expr, int), ok *bool) {
	arg, decl, literal := StructLiteralMember(info, v, k.member)
	switch {
	case !literal || decl != k.strct:
		*ok = false
	case arg != nil:
		see(info, arg, 0)
	}
	// a member a named literal leaves out is zero
}

// StructLiteralMember returns what struct literal x (S({a: v, ...}) or S(v, ...)) passes for
// member name, and the struct's declaration; arg is nil when a literal with named members
// leaves it out (zero). literal is false when x is no struct literal, or a positional one
// without that member.
func StructLiteralMember(info *FuncInfo, x ast.Expr, name string) (arg ast.Expr, decl *ast.StructDecl, literal bool) {
	c, isCall := ast.Unparen(x).(*ast.CallExpr)
	if !isCall {
		return nil, nil, false
	}
	call := info.CallOf[c]
	st, isStruct := info.Types[c].(*StructType)
	if call == nil || call.Kind != CallStruct || !isStruct || st.Decl == nil {
		return nil, nil, false
	}
	if len(c.Names) > 0 {
		for i, n := range c.Names {
			if n != nil && n.Name == name && i < len(c.Args) {
				return c.Args[i], st.Decl, true
			}
		}
		return nil, st.Decl, true
	}
	for i, f := range st.Decl.Fields {
		if f != nil && f.Name != nil && f.Name.Name == name && i < len(c.Args) {
			return c.Args[i], st.Decl, true
		}
	}
	return nil, st.Decl, false
}

// holdsStruct reports whether struct t is s or has a member whose type names s (through
// arrays and mappings, a few levels deep). Names decide: a member of a struct type of the same
// name counts, which errs on the side of more writes.
func (p *Program) holdsStruct(t, s *ast.StructDecl) bool {
	return holdsStructDepth(p, t, s, 0)
}

func holdsStructDepth(p *Program, t, s *ast.StructDecl, depth int) bool {
	if t == s {
		return true
	}
	if depth > 4 || t == nil {
		return false
	}
	for _, f := range t.Fields {
		if f == nil || f.Type == nil {
			continue
		}
		found := false
		ast.Inspect(f.Type, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok || found {
				return !found
			}
			if id.Name == s.Name.Name {
				found = true
			}
			for _, u := range p.structsNamed(id.Name) {
				if u != t && holdsStructDepth(p, u, s, depth+1) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// structsNamed returns the struct declarations of the program with a name (contracts' and
// file-level), from an index made once.
func (p *Program) structsNamed(name string) []*ast.StructDecl {
	return Memo(p, structsByNameKey{}, func() map[string][]*ast.StructDecl {
		out := map[string][]*ast.StructDecl{}
		for _, c := range p.Contracts {
			for _, d := range c.Structs {
				out[d.Name.Name] = append(out[d.Name.Name], d)
			}
		}
		for name, decls := range p.fileTypes {
			for _, d := range decls {
				if sd, ok := d.decl.(*ast.StructDecl); ok {
					out[name] = append(out[name], sd)
				}
			}
		}
		return out
	})[name]
}

type structsByNameKey struct{}
