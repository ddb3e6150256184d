package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Same-instant questions, told apart for TIMESTAMP_DEPENDENCE. A block producer can move the
// timestamp by seconds (not at all on chains with fixed slots), never back before the last
// block: a time recorded earlier is at most now. Asking whether no time has passed since such a
// time (elapsed == 0, elapsed / period == 0, stamp == block.timestamp) only tells "already done
// in this block" from "later": the producer cannot make a later block look like the same one,
// and the code skipped is the one that would change nothing over zero elapsed time.

// elapsedZeroCheck reports whether b compares with zero an elapsed time: the clock minus
// something (through locals, conversions, and divided into periods), computed with checked
// arithmetic, so that reaching the comparison proves the subtracted time is not in the future.
func elapsedZeroCheck(t *orderedTaint, b *ast.BinaryExpr) bool {
	var side ast.Expr
	switch {
	case isConstantZero(t.info, b.Y):
		side = b.X
	case isConstantZero(t.info, b.X):
		side = b.Y
	default:
		return false
	}
	if !t.info.Fn.File.Version.CheckedArithmetic() {
		return false // before 0.8 now - future wraps around instead of reverting
	}
	return t.elapsed(side, map[*sema.Var]bool{})
}

// elapsed reports whether x is a time elapsed since a recorded time: clock - t, a conversion
// of it, it divided by a period, or a local all of whose block-derived values are such.
func (t *orderedTaint) elapsed(x ast.Expr, following map[*sema.Var]bool) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.SUB:
			return t.clock(e.X, following) && !t.clock(e.Y, following) && !inUnchecked(t.info.Fn, e.Pos())
		case token.QUO:
			return t.elapsed(e.X, following)
		}
	case *ast.CallExpr:
		if c := t.info.CallOf[e]; c != nil && c.Kind == sema.CallConversion && len(e.Args) == 1 {
			return t.elapsed(e.Args[0], following)
		}
	case *ast.Ident:
		v, ok := t.info.Uses[e].(*sema.Var)
		if !ok || v.Kind == sema.StateVar || following[v] {
			return false
		}
		following[v] = true
		defer delete(following, v)
		some := false
		for _, d := range t.defs[v] {
			if !t.reaches(d.pos, e.Pos()) {
				continue
			}
			if d.value == nil || !t.elapsed(d.value, following) {
				return false // an assembly value is not known to be a time elapsed
			}
			some = true
		}
		return some
	}
	return false
}

// inUnchecked reports whether pos lies in an unchecked block of fn.
func inUnchecked(fn *sema.Function, pos token.Pos) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if found || n.Pos() > pos || n.End() <= pos {
			return false
		}
		if b, ok := n.(*ast.BlockStmt); ok && b.Unchecked {
			found = true
		}
		return !found
	})
	return found
}

// emptyIntervalCheck reports whether an equality of the clock with a time x only singles out
// the empty interval [x, now]: the function also refuses the call unless x < now (x <= now,
// now > x), so x is a past time and x == now means no time has passed.
// `if (since == block.timestamp) return current; require(since < block.timestamp); ...`
func emptyIntervalCheck(p *sema.Program, t *orderedTaint, b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	var x ast.Expr
	switch {
	case t.isClock(b.X) && !t.isClock(b.Y):
		x = b.Y
	case t.isClock(b.Y) && !t.isClock(b.X):
		x = b.X
	default:
		return false
	}
	key := normText(p, x)
	// past reports whether c (negated: c's negation), holding when the code goes on, says x
	// is before the clock.
	past := func(c *ast.BinaryExpr, negated bool) bool {
		op := c.Op
		if negated {
			op = map[token.Token]token.Token{token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS}[op]
		}
		switch {
		case (op == token.LSS || op == token.LEQ) && t.isClock(c.Y) && normText(p, c.X) == key:
			return true
		case (op == token.GTR || op == token.GEQ) && t.isClock(c.X) && normText(p, c.Y) == key:
			return true
		}
		return false
	}
	found := false
	t.info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		var cond ast.Expr
		goOn := true // the value of cond with which the code goes on
		switch s := n.(type) {
		case *ast.CallExpr:
			if isRequire(s) {
				cond = s.Args[0]
			}
		case *ast.IfStmt:
			if s.Else == nil && p.ThenReverts(t.info, s.Then) {
				cond, goOn = s.Cond, false
			}
		}
		if cond == nil {
			return !found
		}
		for _, c := range comparisonsIn(cond) {
			if holds, ok := mustBe(cond, c, goOn); ok && past(c, !holds) {
				found = true
			}
		}
		return !found
	})
	return found
}

// mustBe tells the value comparison c must have for cond to be want, when cond forces it: cond
// is c, or c is an operand of && (want true) or || (want false), through negations.
func mustBe(cond ast.Expr, c *ast.BinaryExpr, want bool) (value, ok bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if e == c {
			return want, true
		}
		if e.Op == token.LAND && want || e.Op == token.LOR && !want {
			if v, ok := mustBe(e.X, c, want); ok {
				return v, true
			}
			return mustBe(e.Y, c, want)
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return mustBe(e.X, c, !want)
		}
	}
	return false, false
}
