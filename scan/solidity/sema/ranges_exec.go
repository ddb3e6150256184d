package sema

import (
	"math/big"
	"strconv"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Effects: how a CFG node changes what is known. Assignments set their location (and relate
// it to the locations it was computed from), calls forget what they may change, inline assembly
// forgets every variable it names, and a guard narrows the state.

// transfer returns the state after node n runs from state in.
func (a *rangeAnalysis) transfer(n *Node, in rangeState) rangeState {
	if in.dead {
		return in
	}
	info := a.p.Info(n.Fn)
	if info == nil {
		return in
	}
	a.steps = 0
	s := in.clone()
	switch n.Kind {
	case NodeBranch:
		if n.Cond != nil && n.Cond.Expr != nil {
			a.assume(&s, info, n.Cond.Expr, n.Polarity)
		}
	case NodeCond, NodeStmt:
		// A condition is evaluated like any code: a Solidity expression, or (when the graph
		// holds inline assembly statement by statement) Yul.
		a.execCode(&s, info, n.Code())
	}
	return s
}

// execCode applies the effects of a node's code.
func (a *rangeAnalysis) execCode(s *rangeState, info *FuncInfo, code ast.Node) {
	switch c := code.(type) {
	case nil:
	case *ast.ExprStmt:
		if call, ok := ast.Unparen(c.X).(*ast.CallExpr); ok && isRequireCall(info, call) {
			for _, arg := range call.Args {
				a.execExpr(s, info, arg, true)
			}
			a.assume(s, info, call.Args[0], true)
			return
		}
		a.execExpr(s, info, c.X, true)
	case *ast.VarDeclStmt:
		a.execDecl(s, info, c)
	case *ast.ReturnStmt:
		if c.Result != nil {
			a.execExpr(s, info, c.Result, true)
		}
	case *ast.EmitStmt:
		a.execExpr(s, info, c.Call, true)
	case *ast.AssemblyStmt, ast.YulStmt, ast.YulExpr:
		if as, ok := code.(*ast.YulAssign); ok && a.yulSelect(s, info, as) {
			return // a branch-free min or max (ranges_yulselect.go)
		}
		a.havocAssembly(s, info, code)
		if yulEndsCall(code) {
			s.dead = true // nothing after a revert in assembly runs
		}
	case ast.Expr:
		a.execExpr(s, info, c, true)
	}
}

// isRequireCall reports whether c is the require or assert builtin with a condition.
func isRequireCall(info *FuncInfo, c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	if !ok || (id.Name != "require" && id.Name != "assert") || len(c.Args) == 0 {
		return false
	}
	_, builtin := info.Uses[id].(*Builtin)
	return builtin || info.Uses[id] == nil
}

// execDecl declares locals: each takes its initial value (zero when there is none).
func (a *rangeAnalysis) execDecl(s *rangeState, info *FuncInfo, d *ast.VarDeclStmt) {
	if d.Value != nil {
		a.execExpr(s, info, d.Value, true)
	}
	if tuple, ok := ast.Unparen(d.Value).(*ast.TupleExpr); ok && len(tuple.Elems) == len(d.Vars) && len(d.Vars) > 1 {
		vals := make([]assigned, len(d.Vars))
		for i, e := range tuple.Elems {
			vals[i] = a.valueOf(s, info, e)
		}
		for i, v := range d.Vars {
			a.declare(s, info, v, vals[i], true)
		}
		return
	}
	for _, v := range d.Vars {
		switch {
		case d.Value == nil:
			a.declare(s, info, v, assigned{val: Exactly(bigZero), wrap: -1}, true)
		case len(d.Vars) == 1:
			a.declare(s, info, v, a.valueOf(s, info, d.Value), true)
		default:
			a.declare(s, info, v, assigned{val: Unbounded(), wrap: -1}, false)
		}
	}
}

// declare gives the local declared by d its first value.
func (a *rangeAnalysis) declare(s *rangeState, info *FuncInfo, d *ast.VarDecl, v assigned, known bool) {
	if d == nil {
		return
	}
	for _, local := range info.Fn.Locals {
		if local.Decl == d {
			t := a.varLoc(local)
			if t < 0 {
				a.killVar(s, local)
				return
			}
			if !known {
				v = assigned{val: Unbounded(), wrap: -1}
			}
			a.setLoc(s, t, v)
			return
		}
	}
}

// assigned is a value about to be stored: its range, its linear form when it has one, and the
// operation of wrapping arithmetic it is the result of (for post-checks).
type assigned struct {
	val    Interval
	lin    linear
	hasLin bool
	rels   []relation // facts relating the new value to other locations (min/max clamps)
	wrap   int32      // index of the wrapping operation producing it, or -1
}

// relation says that the stored value minus location other lies in iv (or, with sum, that
// their sum does).
type relation struct {
	other int32
	sum   bool
	iv    Interval
}

// valueOf evaluates the right side of an assignment in the state before it.
func (a *rangeAnalysis) valueOf(s *rangeState, info *FuncInfo, x ast.Expr) assigned {
	v := assigned{val: a.eval(s, info, x), wrap: a.wrapOf(s, info, x)}
	v.lin, v.hasLin = a.linearize(s, info, x)
	v.rels = a.clampRelations(s, info, x)
	return v
}

// execExpr applies the effects of evaluating x: assignments, increments, calls, and, when x is
// evaluated on every execution of the node (top), the facts its evaluation proves: an array
// index below the length, a divisor that is not zero, a checked sum that did not overflow.
func (a *rangeAnalysis) execExpr(s *rangeState, info *FuncInfo, x ast.Expr, top bool) {
	if x == nil || s.dead {
		return
	}
	if a.steps++; a.steps > evalBudget {
		a.killAll(s)
		return
	}
	switch e := x.(type) {
	case *ast.ParenExpr:
		a.execExpr(s, info, e.X, top)
	case *ast.AssignExpr:
		a.execExpr(s, info, e.Rhs, top)
		a.execLvalue(s, info, e.Lhs, top)
		a.execAssign(s, info, e)
	case *ast.UnaryExpr:
		a.execExpr(s, info, e.X, top)
		switch e.Op {
		case token.INC, token.DEC:
			a.store(s, info, e.X, a.arithValue(s, info, incOp(e.Op), e.X, nil, e.Pos()))
		case token.DELETE:
			a.store(s, info, e.X, assigned{val: Exactly(bigZero), wrap: -1})
		}
	case *ast.BinaryExpr:
		a.execExpr(s, info, e.X, top)
		if e.Op == token.LAND || e.Op == token.LOR {
			if hasEffects(e.Y) {
				ran := s.clone()
				a.assume(&ran, info, e.X, e.Op == token.LAND)
				a.execExpr(&ran, info, e.Y, false)
				*s = a.joinStates(*s, ran)
			}
			return
		}
		a.execExpr(s, info, e.Y, top)
		if top {
			a.evaluationFacts(s, info, e)
		}
		a.noteWrap(s, info, e)
	case *ast.CondExpr:
		a.execExpr(s, info, e.Cond, top)
		if hasEffects(e.Then) || hasEffects(e.Else) {
			yes, no := s.clone(), s.clone()
			a.assume(&yes, info, e.Cond, true)
			a.execExpr(&yes, info, e.Then, false)
			a.assume(&no, info, e.Cond, false)
			a.execExpr(&no, info, e.Else, false)
			*s = a.joinStates(yes, no)
		}
	case *ast.CallExpr:
		if opts, ok := e.Fun.(*ast.CallOptions); ok {
			for _, v := range opts.Values {
				a.execExpr(s, info, v, top)
			}
		}
		if m, ok := e.Fun.(*ast.MemberExpr); ok {
			a.execExpr(s, info, m.X, top)
		}
		for _, arg := range e.Args {
			a.execExpr(s, info, arg, top)
		}
		a.callEffects(s, info, e)
	case *ast.IndexExpr:
		a.execExpr(s, info, e.X, top)
		a.execIndex(s, info, e, top)
	case *ast.MemberExpr:
		a.execExpr(s, info, e.X, top)
	case *ast.TupleExpr:
		for _, el := range e.Elems {
			a.execExpr(s, info, el, top)
		}
	case *ast.ArrayLit:
		for _, el := range e.Elems {
			a.execExpr(s, info, el, top)
		}
	case *ast.CallOptions:
		for _, v := range e.Values {
			a.execExpr(s, info, v, top)
		}
	}
}

// execLvalue applies the effects of an assignment's target: the calls and index facts of its
// indexes (balances[f(x)] = ...).
func (a *rangeAnalysis) execLvalue(s *rangeState, info *FuncInfo, x ast.Expr, top bool) {
	switch e := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		a.execLvalue(s, info, e.X, top)
		a.execIndex(s, info, e, top)
	case *ast.MemberExpr:
		a.execLvalue(s, info, e.X, top)
	case *ast.TupleExpr:
		for _, el := range e.Elems {
			if el != nil {
				a.execLvalue(s, info, el, top)
			}
		}
	}
}

// execIndex applies the effects of an index and what evaluating it proves.
func (a *rangeAnalysis) execIndex(s *rangeState, info *FuncInfo, e *ast.IndexExpr, top bool) {
	a.execExpr(s, info, e.Index, top)
	if top {
		a.indexFacts(s, info, e)
	}
}

// hasEffects reports whether evaluating x may change a variable: an assignment, ++, --,
// delete, or a call.
func hasEffects(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.AssignExpr, *ast.CallExpr:
			found = true
		case *ast.UnaryExpr:
			found = found || e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE
		}
		return !found
	})
	return found
}

// execAssign stores an assignment's value (a compound one computes it from the old value).
func (a *rangeAnalysis) execAssign(s *rangeState, info *FuncInfo, e *ast.AssignExpr) {
	if lt, ok := ast.Unparen(e.Lhs).(*ast.TupleExpr); ok {
		rt, _ := ast.Unparen(e.Rhs).(*ast.TupleExpr)
		vals := make([]assigned, len(lt.Elems))
		for i := range lt.Elems {
			vals[i] = assigned{val: Unbounded(), wrap: -1}
			if rt != nil && len(rt.Elems) == len(lt.Elems) && rt.Elems[i] != nil {
				vals[i] = a.valueOf(s, info, rt.Elems[i])
			}
		}
		for i, el := range lt.Elems {
			if el != nil {
				a.store(s, info, el, vals[i])
			}
		}
		return
	}
	if e.Op == token.ASSIGN {
		a.store(s, info, e.Lhs, a.valueOf(s, info, e.Rhs))
		return
	}
	a.store(s, info, e.Lhs, a.arithValue(s, info, e.Op.AssignOp(), e.Lhs, e.Rhs, e.Pos()))
}

// arithValue is the value x op y stores (y nil: x op 1), with its linear form when exact.
func (a *rangeAnalysis) arithValue(s *rangeState, info *FuncInfo, op token.Token, x, y ast.Expr, pos token.Pos) assigned {
	v := assigned{val: a.evalArith(s, info, op, x, y, pos), wrap: -1}
	if op != token.ADD && op != token.SUB {
		return v
	}
	exact, t, typed := a.exact(s, info, op, x, y)
	if typed && (a.checked(info, pos) || exact.Fits(t.bits, t.signed)) {
		v.lin, v.hasLin = a.linearOp(s, info, op, x, y)
	}
	return v
}

// store assigns v to the place lhs names.
func (a *rangeAnalysis) store(s *rangeState, info *FuncInfo, lhs ast.Expr, v assigned) {
	t := a.loc(info, lhs)
	if t < 0 {
		a.havoc(s, info, lhs)
		return
	}
	a.setLoc(s, t, v)
}

// setLoc gives location t the value v: facts that depended on its old value are forgotten,
// then the new value and its relations to other locations are recorded. x = y + k keeps x's
// pairs, moved by k (a loop counter stays below its bound after i++).
func (a *rangeAnalysis) setLoc(s *rangeState, t int32, v assigned) {
	m := a.terms[t]
	// Relations from the linear form, computed in the state before the store: x = u + rest
	// gives x - u = rest, x = -u + rest gives x + u = rest.
	var rels []relation
	shift := (*big.Int)(nil)
	if v.hasLin {
		for i := 0; i < v.lin.n; i++ {
			u := v.lin.t[i]
			if u == t {
				if v.lin.n == 1 && v.lin.c[0] > 0 {
					shift = v.lin.k // x = x + k
				}
				continue
			}
			rest, ok := v.lin.plus(linear{t: [2]int32{u}, c: [2]int8{v.lin.c[i]}, n: 1, k: bigZero}, -1)
			if !ok {
				continue
			}
			rels = append(rels, relation{other: u, sum: v.lin.c[i] < 0, iv: a.linearValue(s, rest)})
		}
	}
	rels = append(rels, v.rels...)
	var moved []rangeFact
	if shift != nil {
		for _, p := range m.pairs {
			if pv, ok := s.fact(p); ok {
				moved = append(moved, rangeFact{p, shiftPair(a.terms[p], t, pv, shift)})
			}
		}
	}
	if m.root != nil && !m.path {
		a.killVar(s, m.root)
	} else {
		a.killTerm(s, t)
		a.killAliases(s, t)
	}
	if iv := v.val.Meet(m.boundary); !iv.Equal(m.boundary) {
		s.put(t, iv)
	}
	for _, f := range moved {
		s.put(f.term, f.iv)
	}
	for _, r := range rels {
		if r.other == t || r.other < 0 {
			continue
		}
		id, flipped := a.pair(t, r.other, r.sum)
		iv := r.iv
		if flipped {
			iv = iv.Neg()
		}
		a.refine(s, id, iv, 0)
	}
	if v.wrap >= 0 {
		a.addPending(s, v.wrap, t)
	}
}

// shiftPair moves pair p's fact for its location t increased by k.
func shiftPair(p *rterm, t int32, iv Interval, k *big.Int) Interval {
	d := Exactly(k)
	if p.kind == termDiff && p.b == t {
		return iv.Sub(d) // other - t
	}
	return iv.Add(d)
}

// havoc forgets what an assignment to lhs may change when lhs is not a location the analysis
// names: the whole variable, or every place its storage or memory may share.
func (a *rangeAnalysis) havoc(s *rangeState, info *FuncInfo, lhs ast.Expr) {
	root := info.RootVar(lhs)
	switch {
	case root == nil:
		a.killStorage(s)
		a.killMemory(s)
	case isWholeVar(lhs):
		a.killVar(s, root)
	default:
		a.killWhere(s, func(m *rterm) bool { return m.root == root && m.path })
		if root.Kind == StateVar || root.IsStorageRef() {
			a.killWhere(s, func(m *rterm) bool { return m.storage && m.path })
		} else {
			a.killMemory(s)
		}
	}
}

// killMemory forgets every place behind a memory reference.
func (a *rangeAnalysis) killMemory(s *rangeState) {
	a.killWhere(s, func(m *rterm) bool { return m.memory })
}

// killAll forgets everything (past the budget of one node).
func (a *rangeAnalysis) killAll(s *rangeState) {
	s.own()
	s.facts = s.facts[:0]
	for i := range s.pending {
		s.pending[i].res, s.pending[i].x, s.pending[i].y = -1, -1, -1
	}
}

// varLoc returns the location of a variable itself.
func (a *rangeAnalysis) varLoc(v *Var) int32 {
	t, ok := intTypeOfType(v.Type)
	if !ok {
		return -1
	}
	a.key = append(a.key[:0], 'v')
	a.key = strconv.AppendInt(a.key, int64(a.varID(v)), 10)
	if id, ok := a.index[string(a.key)]; ok {
		return id
	}
	key := string(a.key)
	m := rterm{kind: termLoc, typ: t, root: v, deps: []*Var{v}, boundary: t.rng()}
	m.storage = v.Kind == StateVar || v.IsStorageRef()
	return a.addTerm(key, m)
}
