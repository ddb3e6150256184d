package sema

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Guards: what a condition's outcome tells of the values it compares. A require, an assert, an
// if whose other branch reverts, a loop condition: the branch taken narrows the state.

// assume narrows state s (writable) to the executions in which cond has the value truth; the
// state becomes dead when none does.
func (a *rangeAnalysis) assume(s *rangeState, info *FuncInfo, cond ast.Expr, truth bool) {
	if s.dead || cond == nil {
		return
	}
	if a.steps++; a.steps > evalBudget {
		return
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.BasicLit:
		switch {
		case e.Kind == token.TRUE && !truth, e.Kind == token.FALSE && truth:
			s.dead = true
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			a.assume(s, info, e.X, !truth)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			// a && b holds when both do; it fails when a fails, or a holds and b fails.
			both := e.Op == token.LAND == truth
			if both {
				a.assume(s, info, e.X, truth)
				a.assume(s, info, e.Y, truth)
				return
			}
			first := s.clone()
			a.assume(&first, info, e.X, truth)
			a.assume(s, info, e.X, !truth)
			a.assume(s, info, e.Y, truth)
			*s = a.joinStates(first, *s)
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			op := e.Op
			if !truth {
				op = op.Negate()
			}
			a.assumeCmp(s, info, e.X, op, e.Y)
		}
	default:
		// A flag: a boolean location is 1 when true, 0 when false.
		if t := a.loc(info, e); t >= 0 && a.terms[t].typ.bits == 1 {
			a.refine(s, t, Exactly(big.NewInt(int64(boolInt(truth)))), spreadDepth)
		}
	}
}

// assumeCmp narrows s to the executions in which l op r.
func (a *rangeAnalysis) assumeCmp(s *rangeState, info *FuncInfo, l ast.Expr, op token.Token, r ast.Expr) {
	a.checkWraps(s, info, l, op, r)
	if s.dead {
		return
	}
	ll, okl := a.linearize(s, info, l)
	rl, okr := a.linearize(s, info, r)
	if okl && okr {
		if d, ok := ll.plus(rl, -1); ok {
			a.assumeLinear(s, d, op)
			return
		}
	}
	// One side is not linear: bound the other by its range, and rule the comparison out when
	// no values of the two ranges satisfy it (a wrapped a - b is never below zero).
	lv, rv := a.eval(s, info, l), a.eval(s, info, r)
	if never(lv, op, rv) {
		s.dead = true
		return
	}
	if okl && ll.n == 1 {
		a.assumeLinearIn(s, ll, op, rv)
	}
	if okr && rl.n == 1 {
		a.assumeLinearIn(s, rl, op.Mirror(), lv)
	}
}

// never reports whether x op y holds for no x of l and y of r.
func never(l Interval, op token.Token, r Interval) bool {
	if l.Empty() || r.Empty() {
		return true
	}
	above := func(a, b *big.Int) bool { return a != nil && b != nil && a.Cmp(b) > 0 } // a > b, both bounded
	switch op {
	case token.LSS:
		return !above(r.Hi, l.Lo) && l.Lo != nil && r.Hi != nil
	case token.LEQ:
		return above(l.Lo, r.Hi)
	case token.GTR:
		return !above(l.Hi, r.Lo) && l.Hi != nil && r.Lo != nil
	case token.GEQ:
		return above(r.Lo, l.Hi)
	case token.EQL:
		return l.Meet(r).Empty()
	case token.NEQ:
		x, ok1 := l.Const()
		y, ok2 := r.Const()
		return ok1 && ok2 && x.Cmp(y) == 0
	}
	return false
}

// assumeLinear narrows s to the executions in which d op 0.
func (a *rangeAnalysis) assumeLinear(s *rangeState, d linear, op token.Token) {
	if d.k == nil {
		return // a constant past the analysis' numbers: nothing learnt
	}
	switch d.n {
	case 0:
		if !holds(d.k, op, bigZero) {
			s.dead = true
		}
	case 1:
		// c*t + k op 0: t op -k, or (c = -1) t (op mirrored) k.
		if d.c[0] > 0 {
			a.bound(s, d.t[0], op, neg(d.k))
		} else {
			a.bound(s, d.t[0], op.Mirror(), d.k)
		}
	case 2:
		id, sign := a.pairOf(d)
		if sign > 0 {
			a.bound(s, id, op, neg(d.k))
		} else {
			a.bound(s, id, op.Mirror(), d.k)
		}
	}
}

// assumeLinearIn narrows s to the executions in which the one-location form l op v for some
// value v of iv.
func (a *rangeAnalysis) assumeLinearIn(s *rangeState, l linear, op token.Token, iv Interval) {
	if iv.Empty() {
		return
	}
	// c*t + k op v  <=>  c*t op v - k; the weakest bound takes v at the favourable end.
	var v *big.Int
	switch op {
	case token.LSS, token.LEQ:
		v = iv.Hi
	case token.GTR, token.GEQ:
		v = iv.Lo
	case token.EQL:
		w := iv.Sub(Exactly(l.k))
		if l.c[0] < 0 {
			w = w.Neg()
		}
		a.refine(s, l.t[0], w, spreadDepth)
		return
	default:
		return
	}
	if v == nil {
		return
	}
	rest := sub(v, l.k)
	if l.c[0] > 0 {
		a.bound(s, l.t[0], op, rest)
	} else {
		a.bound(s, l.t[0], op.Mirror(), neg(rest))
	}
}

// bound narrows term t to the values v with v op k.
func (a *rangeAnalysis) bound(s *rangeState, t int32, op token.Token, k *big.Int) {
	if op != token.NEQ {
		a.refine(s, t, boundOf(op, k), spreadDepth)
		return
	}
	// t != k trims k off an end of t's range; inside the range it tells nothing an interval holds.
	cur := a.get(s, t)
	switch {
	case cur.Lo != nil && cur.Lo.Cmp(k) == 0:
		a.refine(s, t, Interval{Lo: add(k, bigOne)}, spreadDepth)
	case cur.Hi != nil && cur.Hi.Cmp(k) == 0:
		a.refine(s, t, Interval{Hi: sub(k, bigOne)}, spreadDepth)
	}
}

// spreadDepth is how far a narrowing spreads through pairs: from a pair to its locations, and
// from those to their partners (a bound on v - m bounds v, and v's copy x through x - v = 0).
const spreadDepth = 2

// refine narrows term t to iv and, spread steps deep, what the narrowing implies for the
// terms it is paired with (a bound put on y reaches its copy x through x - y = 0).
func (a *rangeAnalysis) refine(s *rangeState, t int32, iv Interval, spread int) {
	if s.dead {
		return
	}
	cur := a.get(s, t)
	next := cur.Meet(iv)
	if next.Empty() {
		s.dead = true
		return
	}
	if next.Equal(cur) {
		return
	}
	s.put(t, next)
	if spread <= 0 {
		return
	}
	m := a.terms[t]
	if m.kind != termLoc {
		// A pair narrows its locations: x + y in S gives x in S - y; x - y in D gives
		// x in D + y and y in x - D.
		x, y := a.get(s, m.a), a.get(s, m.b)
		if m.kind == termSum {
			a.refine(s, m.a, next.Sub(y), spread-1)
			a.refine(s, m.b, next.Sub(x), spread-1)
		} else {
			a.refine(s, m.a, next.Add(y), spread-1)
			a.refine(s, m.b, x.Sub(next), spread-1)
		}
		return
	}
	for _, p := range m.pairs {
		pv, ok := s.fact(p)
		if !ok {
			continue
		}
		pm := a.terms[p]
		other := pm.b
		if other == t {
			other = pm.a
		}
		var o Interval
		switch {
		case pm.kind == termSum:
			o = pv.Sub(next)
		case pm.a == t: // t - other = pv
			o = next.Sub(pv)
		default: // other - t = pv
			o = pv.Add(next)
		}
		a.refine(s, other, o, spread-1)
	}
}
