package sema

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Post-checks. Code without checked arithmetic (before 0.8, or unchecked) often lets an
// operation wrap and then tests the result: c = a + b; require(c >= a), or the same test written
// in place, require(a + b >= a). The wrap then always reverts. Such an operation is pending
// from the point it may have wrapped until a comparison that holds only without the wrap: a
// sum not below an operand, a difference not above the minuend, a product divided by one
// factor giving back the other. An operation still pending at the function's normal exit has
// an execution that wraps and returns: it is not post-checked.

// wrapOf registers x when it is a sum, difference or product of wrapping arithmetic that may
// leave its type in state s, and returns its index (or -1).
func (a *rangeAnalysis) wrapOf(s *rangeState, info *FuncInfo, x ast.Expr) int32 {
	e, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if !ok || x == nil {
		return -1
	}
	switch e.Op {
	case token.ADD, token.SUB, token.MUL:
	default:
		return -1
	}
	if a.checked(info, e.Pos()) || isRational(e) {
		return -1
	}
	exact, t, typed := a.exact(s, info, e.Op, e.X, e.Y)
	if !typed || t.signed || exact.Fits(t.bits, t.signed) {
		return -1
	}
	if id, ok := a.wrapIndex[e]; ok {
		return id
	}
	if a.wrapIndex == nil {
		a.wrapIndex, a.wrapFuncs = map[ast.Expr]int32{}, map[*ast.BinaryExpr]*FuncInfo{}
	}
	id := int32(len(a.wraps))
	a.wraps = append(a.wraps, e)
	a.wrapIndex[e] = id
	a.wrapFuncs[e] = info
	return id
}

// addPending marks operation w pending in s, its result held by location res (-1: in place).
func (a *rangeAnalysis) addPending(s *rangeState, w int32, res int32) {
	e := a.wraps[w]
	info := a.wrapInfo(e)
	p := pendingWrap{op: w, res: res, x: -1, y: -1}
	if info != nil {
		p.x, p.y = a.loc(info, e.X), a.loc(info, e.Y)
	}
	s.own()
	i, found := slices.BinarySearchFunc(s.pending, w, func(p pendingWrap, w int32) int { return int(p.op - w) })
	if found {
		s.pending[i] = p
		return
	}
	s.pending = slices.Insert(s.pending, i, p)
}

// wrapInfo returns the facts of the function an operation is written in.
func (a *rangeAnalysis) wrapInfo(e *ast.BinaryExpr) *FuncInfo {
	return a.wrapFuncs[e]
}

// noteWrap marks pending an operation compared in place (require(a + b >= a)).
func (a *rangeAnalysis) noteWrap(s *rangeState, info *FuncInfo, e *ast.BinaryExpr) {
	if !isOrdering(e.Op) && e.Op != token.EQL {
		return
	}
	for _, side := range [2]ast.Expr{e.X, e.Y} {
		if q, ok := ast.Unparen(side).(*ast.BinaryExpr); ok && q.Op == token.QUO {
			side = q.X // (a * b) / a == b
		}
		if w := a.wrapOf(s, info, side); w >= 0 {
			a.addPending(s, w, -1)
		}
	}
}

func isOrdering(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// checkWraps clears the pending operations that l op r proves did not wrap, and records that
// their exact result fits their type.
func (a *rangeAnalysis) checkWraps(s *rangeState, info *FuncInfo, l ast.Expr, op token.Token, r ast.Expr) {
	if len(s.pending) == 0 {
		return
	}
	kept := s.pending[:0:0]
	for _, w := range s.pending {
		if a.proves(info, w, l, op, r) || a.proves(info, w, r, op.Mirror(), l) {
			a.noOverflow(s, w)
			continue
		}
		kept = append(kept, w)
	}
	if len(kept) != len(s.pending) {
		s.own()
		s.pending = kept
	}
}

// proves reports whether result op other holds only when operation w did not wrap.
func (a *rangeAnalysis) proves(info *FuncInfo, w pendingWrap, result ast.Expr, op token.Token, other ast.Expr) bool {
	e := a.wraps[w.op]
	holdsResult := func(x ast.Expr) bool {
		x = ast.Unparen(x)
		return x == e || (w.res >= 0 && a.loc(info, x) == w.res)
	}
	is := func(x ast.Expr, t int32) bool { return t >= 0 && a.loc(info, x) == t }
	switch e.Op {
	case token.ADD:
		// a + b >= a (or > a) holds exactly when the sum did not wrap.
		return holdsResult(result) && (op == token.GEQ || op == token.GTR) && (is(other, w.x) || is(other, w.y))
	case token.SUB:
		// a - b <= a holds exactly when the difference did not wrap.
		return holdsResult(result) && (op == token.LEQ || op == token.LSS) && is(other, w.x)
	case token.MUL:
		// (a * b) / a == b
		q, ok := ast.Unparen(result).(*ast.BinaryExpr)
		if !ok || q.Op != token.QUO || op != token.EQL || !holdsResult(q.X) {
			return false
		}
		return (is(q.Y, w.x) && is(other, w.y)) || (is(q.Y, w.y) && is(other, w.x))
	}
	return false
}

// noOverflow records that operation w's exact result fits its type, for its operands.
func (a *rangeAnalysis) noOverflow(s *rangeState, w pendingWrap) {
	e := a.wraps[w.op]
	if w.x < 0 || w.y < 0 || w.x == w.y || (e.Op != token.ADD && e.Op != token.SUB) {
		return
	}
	info := a.wrapInfo(e)
	if info == nil {
		return
	}
	t, ok := a.opType(info, e.Op, e.X, e.Y)
	if !ok {
		return
	}
	id, flipped := a.pair(w.x, w.y, e.Op == token.ADD)
	iv := t.rng()
	if flipped {
		iv = iv.Neg()
	}
	a.refine(s, id, iv, spreadDepth)
}
