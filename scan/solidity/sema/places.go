package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Places: which storage a value is read from, down to the struct field, and whether anyone may
// write there a value of their choice. A contract the code calls through a stored address is
// only as trusted as the code that writes the address: `pools[id].token` written by the owner
// alone names a token the protocol chose, even when a public function updates
// `pools[id].rewardDebt` with a number the caller passes. Compromised answers per variable, and
// from taint that follows mapping keys; places answer per field, with the written value's
// provenance (Deps), so reading an entry the caller selects is not writing one the caller
// fills.

// Place is a storage place: a state variable and the struct fields below it, entries of
// mappings and arrays not told apart (m[k].f is the place m.f).
type Place struct {
	Var    *Var
	Fields string // ".f.g"; "" for the whole variable
}

// Overlaps reports whether writing one place may change the other: the same variable, and one
// field path leads into the other.
func (a Place) Overlaps(b Place) bool {
	if a.Var != b.Var {
		return false
	}
	return strings.HasPrefix(a.Fields+".", b.Fields+".") || strings.HasPrefix(b.Fields+".", a.Fields+".")
}

// String renders the place as code would name it: pools[].token.
func (a Place) String() string {
	if a.Var == nil {
		return ""
	}
	return a.Var.Name + a.Fields
}

// placesOf returns the storage places a storage expression names (a state variable, a field,
// an entry, or a storage pointer local and what it was pointed at); ok is false when some of it
// cannot be traced (a storage parameter, a pointer from a helper's result).
func (p *Program) placesOf(info *FuncInfo, x ast.Expr, depth int) (out []Place, ok bool) {
	if depth > 8 || x == nil {
		return nil, false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, isVar := info.Uses[e].(*Var)
		if !isVar {
			return nil, false
		}
		if v.Kind == StateVar {
			if v.IsConstant() {
				return nil, true
			}
			return []Place{{Var: v}}, true
		}
		if !v.IsStorageRef() || v.Kind == ParamVar {
			return nil, false
		}
		// A storage pointer: the places it is pointed at.
		ok = true
		for _, val := range assignedValues(info, v) {
			ps, pok := p.placesOf(info, val, depth+1)
			out = append(out, ps...)
			ok = ok && pok
		}
		return out, ok && len(out) > 0
	case *ast.IndexExpr:
		return p.placesOf(info, e.X, depth+1)
	case *ast.SliceExpr:
		return p.placesOf(info, e.X, depth+1)
	case *ast.MemberExpr:
		if _, isStruct := info.Types[e.X].(*StructType); !isStruct {
			if e.Name.Name == "length" {
				return p.placesOf(info, e.X, depth+1)
			}
			return nil, false
		}
		ps, pok := p.placesOf(info, e.X, depth+1)
		for i := range ps {
			ps[i].Fields += "." + e.Name.Name
		}
		return ps, pok
	}
	return nil, false
}

// assignedValues lists the values local v is given: its declaration's and every assignment's.
func assignedValues(info *FuncInfo, v *Var) []ast.Expr {
	var out []ast.Expr
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if s.Value == nil {
				return true
			}
			for i, d := range s.Vars {
				if d == nil || d != v.Decl {
					continue
				}
				if t, ok := ast.Unparen(s.Value).(*ast.TupleExpr); ok && len(t.Elems) == len(s.Vars) {
					out = append(out, t.Elems[i])
				} else {
					out = append(out, s.Value)
				}
			}
		case *ast.AssignExpr:
			lhs, rhs := []ast.Expr{s.Lhs}, []ast.Expr{s.Rhs}
			if t, ok := s.Lhs.(*ast.TupleExpr); ok {
				lhs = t.Elems
				if rt, ok := ast.Unparen(s.Rhs).(*ast.TupleExpr); ok && len(rt.Elems) == len(t.Elems) {
					rhs = rt.Elems
				}
			}
			for i, l := range lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && l != nil && info.Uses[id] == v {
					if len(rhs) == len(lhs) {
						out = append(out, rhs[i])
					} else {
						out = append(out, s.Rhs)
					}
				}
			}
		}
		return true
	})
	return out
}

type chosenPlacesKey struct{}

// chosenPlaces lists the places some entry point of c writes, with no check of the caller on
// the way, with a value the caller chooses: a parameter (or a helper's, which some caller
// passes), the caller or calldata, or the answer of a contract the code does not name by
// itself. Run-once initializers are the deployer's.
func (p *Program) chosenPlaces(c *Contract) []Place {
	if c == nil {
		return nil
	}
	return Memo(c, chosenPlacesKey{}, func() []Place {
		var out []Place
		for _, g := range c.AllFunctions() {
			if !g.IsEntryPoint() || g.IsView() || p.RunsOnce(g) {
				continue
			}
			for _, w := range p.StateWrites(g) {
				if w.Var.IsConstant() || w.In == nil || p.IsGuarded(g, w.Node) {
					continue
				}
				info := p.Info(w.In)
				if info == nil {
					continue
				}
				lhs, val, ok := writeParts(w.At)
				if !ok {
					continue // ++, --, delete: nothing of the caller's choice
				}
				if !chosenValue(p, info, w, val) {
					continue
				}
				for _, l := range lhs {
					ps, pok := p.placesOf(info, l, 0)
					if !pok {
						ps = append(ps, Place{Var: w.Var})
					}
					for _, pl := range ps {
						if pl.Var == w.Var {
							out = append(out, pl)
						}
					}
				}
			}
		}
		return out
	})
}

// writeParts returns the places a write's code names and the value it stores; ok is false for
// writes that store no value of anyone's choice (++, --, delete, pop).
func writeParts(at ast.Node) (lhs []ast.Expr, val ast.Node, ok bool) {
	switch w := at.(type) {
	case *ast.AssignExpr:
		if t, isTuple := w.Lhs.(*ast.TupleExpr); isTuple {
			for _, e := range t.Elems {
				if e != nil {
					lhs = append(lhs, e)
				}
			}
		} else {
			lhs = []ast.Expr{w.Lhs}
		}
		return lhs, w.Rhs, true
	case *ast.CallExpr: // push(x)
		if m, isMember := w.Fun.(*ast.MemberExpr); isMember && m.Name.Name == "push" && len(w.Args) > 0 {
			return []ast.Expr{m.X}, w, true
		}
	case *ast.YulCall: // sstore(slot, v): the whole variable
		if len(w.Args) == 2 {
			return nil, w.Args[1], true
		}
	}
	return nil, nil, false
}

// chosenValue reports whether the value a write stores is the caller's choice.
func chosenValue(p *Program, info *FuncInfo, w StateWrite, val ast.Node) bool {
	if _, isYul := val.(ast.YulExpr); isYul {
		return w.Value.Has(attackerChosen)
	}
	d := p.DepsOf(info)
	var pv Prov
	switch v := val.(type) {
	case *ast.CallExpr: // push(args)
		for _, a := range v.Args {
			pv = pv.Union(d.Of(a))
		}
	case ast.Expr:
		pv = d.Of(v)
	}
	return pv.Params != 0 || pv.Has(SrcSender|SrcOrigin|SrcData|SrcCallRet|SrcUnknown)
}

// ChosenPlace reports whether anyone may write, somewhere in place pl, a value of their choice
// through an entry point of c.
func (p *Program) ChosenPlace(c *Contract, pl Place) bool {
	for _, q := range p.chosenPlaces(c) {
		if q.Overlaps(pl) {
			return true
		}
	}
	return false
}

// StoredChoice returns a storage place that value x, in the function whose facts are info, may
// be read from and that anyone may fill with a value of their choice through an entry point of
// c; ok is false when there is none. It follows locals to what they are given, conversions,
// internal functions' results and, for the answer of a contract the code names by itself (a
// registry's lookup), the place that names the contract.
func (p *Program) StoredChoice(c *Contract, info *FuncInfo, x ast.Expr) (Place, bool) {
	return p.storedChoice(c, info, x, 0)
}

func (p *Program) storedChoice(c *Contract, info *FuncInfo, x ast.Expr, depth int) (Place, bool) {
	if x == nil || depth > 6 {
		return Place{}, false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, isVar := info.Uses[e].(*Var)
		if !isVar {
			return Place{}, false
		}
		if v.Kind == StateVar || v.IsStorageRef() {
			return p.chosenOf(c, info, e, depth)
		}
		if v.Kind == LocalVar || v.Kind == ReturnVar {
			for _, val := range assignedValues(info, v) {
				if pl, ok := p.storedChoice(c, info, val, depth+1); ok {
					return pl, true
				}
			}
		}
	case *ast.IndexExpr, *ast.MemberExpr:
		return p.chosenOf(c, info, e, depth)
	case *ast.CondExpr:
		if pl, ok := p.storedChoice(c, info, e.Then, depth+1); ok {
			return pl, true
		}
		return p.storedChoice(c, info, e.Else, depth+1)
	case *ast.CallExpr:
		call := info.CallOf[e]
		if call == nil {
			return Place{}, false
		}
		switch call.Kind {
		case CallConversion:
			if len(e.Args) == 1 {
				return p.storedChoice(c, info, e.Args[0], depth+1)
			}
		case CallExternal:
			// A registry's answer is as trusted as the place naming the registry.
			return p.storedChoice(c, info, call.Target, depth+1)
		case CallInternal, CallLibrary:
			for _, g := range call.Callees {
				gi := p.Info(g)
				if gi == nil || g.Body == nil {
					continue
				}
				for _, r := range returnedValues(gi) {
					if pl, ok := p.storedChoice(c, gi, r, depth+1); ok {
						return pl, true
					}
				}
			}
		}
	}
	return Place{}, false
}

// chosenOf returns a chosen place among those storage expression x names.
func (p *Program) chosenOf(c *Contract, info *FuncInfo, x ast.Expr, depth int) (Place, bool) {
	ps, ok := p.placesOf(info, x, depth)
	if !ok && len(ps) == 0 {
		if v := p.StateVarOf(info, x); v != nil {
			ps = []Place{{Var: v}}
		}
	}
	for _, pl := range ps {
		if p.ChosenPlace(c, pl) {
			return pl, true
		}
	}
	return Place{}, false
}

// returnedValues lists what a function returns: its return statements' values and its named
// results' assigned values.
func returnedValues(info *FuncInfo) []ast.Expr {
	var out []ast.Expr
	for n := range info.Fn.BodyTree().Preorder(returnKinds) {
		if r := n.(*ast.ReturnStmt); r.Result != nil {
			out = append(out, r.Result)
		}
	}
	for _, r := range info.Fn.Returns {
		out = append(out, assignedValues(info, r)...)
	}
	return out
}

// WritersChoosing lists the entry points of c that write state variable v, with no check of the
// caller on the way, a value the caller chooses (as chosenPlaces judges it, or with an origin
// in also: msg.value for a payment's amount), into an entry that is not the writer's own (an
// entry keyed by the caller is theirs to set). Run-once initializers are the deployer's. With
// overwrite, only writes that replace the value count (x = chosen), not updates of it (x +=
// msg.value, x = x - amount): an update funded or bounded by the writer adjusts what is there.
func (p *Program) WritersChoosing(c *Contract, v *Var, also Source, overwrite bool) []*Function {
	if c == nil {
		return nil
	}
	var out []*Function
	for _, g := range c.AllFunctions() {
		if !g.IsEntryPoint() || g.IsView() || p.RunsOnce(g) {
			continue
		}
		for _, w := range p.StateWrites(g) {
			if w.Var != v || w.In == nil || p.IsGuarded(g, w.Node) {
				continue
			}
			info := p.Info(w.In)
			if info == nil {
				continue
			}
			lhs, val, ok := writeParts(w.At)
			if !ok || len(lhs) == 1 && p.callersEntry(info, lhs[0]) || overwrite && !replaces(info, w) {
				continue
			}
			if chosenValue(p, info, w, val) || also != 0 && valueFrom(p, info, val).Has(also) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// valueFrom returns what a written value comes from (Deps).
func valueFrom(p *Program, info *FuncInfo, val ast.Node) Prov {
	d := p.DepsOf(info)
	switch v := val.(type) {
	case *ast.CallExpr:
		var pv Prov
		for _, a := range v.Args {
			pv = pv.Union(d.Of(a))
		}
		return pv
	case ast.Expr:
		return d.Of(v)
	}
	return Prov{}
}

// callersEntry reports whether an lvalue is an entry keyed by the caller somewhere on its path
// (bonds[msg.sender][id]), directly or through a storage pointer to one.
func (p *Program) callersEntry(info *FuncInfo, x ast.Expr) bool {
	return p.CallersEntry(info, x)
}

// CallersEntry reports whether storage expression x names an entry keyed by the caller
// somewhere on its path (bonds[msg.sender][id].part), directly or through a storage pointer
// local every assignment of which points at one: what each caller writes there is their own.
func (p *Program) CallersEntry(info *FuncInfo, x ast.Expr) bool {
	d := p.DepsOf(info)
	for depth := 0; depth < 8; depth++ {
		switch e := ast.Unparen(x).(type) {
		case *ast.IndexExpr:
			if e.Index != nil && d.Of(e.Index).Has(SrcSender) {
				return true
			}
			x = e.X
		case *ast.MemberExpr:
			x = e.X
		case *ast.Ident:
			v, ok := info.Uses[e].(*Var)
			if !ok || !v.IsStorageRef() || v.Kind == ParamVar {
				return false
			}
			vals := assignedValues(info, v)
			for _, val := range vals {
				if info.RootVar(val) == v || !p.CallersEntry(info, val) {
					return false
				}
			}
			return len(vals) > 0
		default:
			return false
		}
	}
	return false
}

// replaces reports whether write w sets its variable without reading it: x = v, not x += v or
// x = x + v.
func replaces(info *FuncInfo, w StateWrite) bool {
	a, ok := w.At.(*ast.AssignExpr)
	if !ok || a.Op != token.ASSIGN {
		return false
	}
	reads := false
	ast.Inspect(a.Rhs, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*Var); ok && (v == w.Var || v.IsStorageRef() && info.storageAlias(v) == w.Var) {
				reads = true
			}
		}
		return !reads
	})
	return !reads
}

// ExcusedByGate reports whether a value anyone fills into place pl cannot be the one read at
// node n of fn: a condition dominating n requires a sibling field of the same entry to be zero
// (bids[id].tic == 0: the first bid), and every write filling pl with a value of the caller's
// choice also sets that field, on every way out, to a value of the block (a timestamp or a
// number, never zero). The entry a caller filled no longer passes the condition; the value read
// there was written by trusted code.
//
// target is the expression read (in fn's own code): the gate must test the same entry
// (bids[id].tic beside bids[id].guy).
func (p *Program) ExcusedByGate(c *Contract, fn *Function, n *Node, target ast.Expr) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || c == nil {
		return false
	}
	m, ok := stripConversions(info, target).(*ast.MemberExpr)
	if !ok {
		return false
	}
	ps, ok := p.placesOf(info, m, 0)
	if !ok || len(ps) != 1 {
		return false
	}
	pl := ps[0]
	var flags []Place
	for _, gt := range p.Gates(info.CFG, n) {
		if q, ok := p.zeroTested(gt, pl, m.X); ok && gt.Info == info {
			flags = append(flags, q)
		}
	}
	if len(flags) == 0 {
		return false
	}
	for _, g := range c.AllFunctions() {
		if !g.IsEntryPoint() || g.IsView() || p.RunsOnce(g) {
			continue
		}
		gi := p.Info(g)
		for _, w := range p.StateWrites(g) {
			if w.Var != pl.Var || w.In == nil || p.IsGuarded(g, w.Node) {
				continue
			}
			wi := p.Info(w.In)
			lhs, val, ok := writeParts(w.At)
			if !ok || wi == nil || !chosenValue(p, wi, w, val) || !writesPlace(p, wi, lhs, pl) {
				continue
			}
			if !p.marksOnWayOut(gi, w.Node, flags) {
				return false
			}
		}
	}
	return true
}

// zeroTested returns the sibling of pl, in the same entry (entry), that gate gt requires to be
// zero (entry.f == 0 holding).
func (p *Program) zeroTested(gt Gate, pl Place, entry ast.Expr) (Place, bool) {
	b, ok := ast.Unparen(gt.Cond).(*ast.BinaryExpr)
	if !ok || !(b.Op == token.EQL && gt.Holds || b.Op == token.NEQ && !gt.Holds) {
		return Place{}, false
	}
	x := b.X
	if !isZeroLiteral(b.Y) {
		if !isZeroLiteral(b.X) {
			return Place{}, false
		}
		x = b.Y
	}
	xm, ok := ast.Unparen(x).(*ast.MemberExpr)
	if !ok || !sameExpr(gt.Info, xm.X, entry) {
		return Place{}, false
	}
	ps, ok := p.placesOf(gt.Info, x, 0)
	if !ok || len(ps) != 1 || ps[0].Var != pl.Var || ps[0].Overlaps(pl) {
		return Place{}, false
	}
	return ps[0], true
}

// stripConversions returns x without the conversions around it (VowLike(a), address(a)).
func stripConversions(info *FuncInfo, x ast.Expr) ast.Expr {
	for {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return ast.Unparen(x)
		}
		if call := info.CallOf[c]; call == nil || call.Kind != CallConversion {
			return ast.Unparen(x)
		}
		x = c.Args[0]
	}
}

// writesPlace reports whether one of the lvalues names a place overlapping pl.
func writesPlace(p *Program, info *FuncInfo, lhs []ast.Expr, pl Place) bool {
	for _, l := range lhs {
		ps, ok := p.placesOf(info, l, 0)
		if !ok {
			return true // not traced: it may be pl
		}
		for _, q := range ps {
			if q.Overlaps(pl) {
				return true
			}
		}
	}
	return false
}

// marksOnWayOut reports whether every path from node w of g's graph to its end passes a node
// writing one of the flags with a value of the block (w itself included).
func (p *Program) marksOnWayOut(gi *FuncInfo, w *Node, flags []Place) bool {
	g := gi.CFG
	marks := func(m *Node) bool {
		mi := p.Info(m.Fn)
		code := m.Code()
		if mi == nil || code == nil || m.Kind != NodeStmt {
			return false
		}
		d := p.DepsOf(mi)
		for _, at := range p.Writes(mi, code) {
			for _, x := range at {
				a, ok := x.(*ast.AssignExpr)
				if !ok || !d.Of(a.Rhs).Has(SrcBlock) {
					continue
				}
				if ps, ok := p.placesOf(mi, a.Lhs, 0); ok {
					for _, q := range ps {
						for _, f := range flags {
							if q == f {
								return true
							}
						}
					}
				}
			}
		}
		return false
	}
	if marks(w) {
		return true
	}
	seen := make([]bool, len(g.Nodes))
	stack := append([]*Node(nil), w.Succs...)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m.ID] || marks(m) {
			continue
		}
		seen[m.ID] = true
		if m == g.Exit || m == g.Halt {
			return false
		}
		stack = append(stack, m.Succs...)
	}
	return true
}
