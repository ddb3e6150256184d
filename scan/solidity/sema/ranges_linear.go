package sema

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// linear is an expression written as c0*t0 + c1*t1 + k: up to two locations with coefficients
// of 1 or -1 and a constant. Comparisons of such expressions are facts about one location or
// about a pair (the sum or difference of two), which the state records.
type linear struct {
	t [2]int32
	c [2]int8
	n int
	k *big.Int
}

func constLinear(k *big.Int) linear { return linear{k: k} }

// plus returns l + sign*o, or false when the result has more than two locations or a
// coefficient other than 1 and -1.
func (l linear) plus(o linear, sign int8) (linear, bool) {
	out := l
	if sign > 0 {
		out.k = add(l.k, o.k)
	} else {
		out.k = sub(l.k, o.k)
	}
	if out.k == nil {
		return linear{}, false // a constant past the analysis' numbers
	}
	for i := 0; i < o.n; i++ {
		c := o.c[i] * sign
		merged := false
		for j := 0; j < out.n; j++ {
			if out.t[j] != o.t[i] {
				continue
			}
			merged = true
			switch out.c[j] + c {
			case 0: // t - t
				out.t[j], out.c[j] = out.t[out.n-1], out.c[out.n-1]
				out.n--
			default:
				return linear{}, false // 2t: not a form the state records
			}
			break
		}
		if merged {
			continue
		}
		if out.n == 2 {
			return linear{}, false
		}
		out.t[out.n], out.c[out.n] = o.t[i], c
		out.n++
	}
	return out, true
}

// linearize writes x as a linear form when it is one whose value is exact: its sums and
// differences cannot wrap (checked code reverts instead, and in unchecked code the ranges show
// they stay in the type).
func (a *rangeAnalysis) linearize(s *rangeState, info *FuncInfo, x ast.Expr) (linear, bool) {
	x = ast.Unparen(x)
	if v, ok := numberLiteral(x); ok {
		return constLinear(v), true
	}
	if a.steps++; a.steps > evalBudget {
		return linear{}, false
	}
	switch e := x.(type) {
	case *ast.BinaryExpr:
		if e.Op != token.ADD && e.Op != token.SUB {
			break
		}
		l, ok := a.linearOp(s, info, e.Op, e.X, e.Y)
		if !ok {
			return linear{}, false
		}
		if !isRational(x) && !a.checked(info, e.Pos()) {
			// In wrapping code the form holds only when the operation stays in its type.
			exact, t, typed := a.exact(s, info, e.Op, e.X, e.Y)
			if !typed || !exact.Fits(t.bits, t.signed) {
				return linear{}, false
			}
		}
		return l, true
	case *ast.UnaryExpr:
		if e.Op == token.SUB && isRational(e.X) {
			l, ok := a.linearize(s, info, e.X)
			if !ok {
				return linear{}, false
			}
			return constLinear(bigZero).plus(l, -1)
		}
	case *ast.CallExpr:
		if inner := a.valueKeepingConversion(info, e); inner != nil {
			return a.linearize(s, info, inner)
		}
		// A conversion to a narrower type of a value whose range fits it keeps the value too.
		if et, ok := e.Fun.(*ast.ElementaryType); ok && len(e.Args) == 1 {
			if to, ok := elementaryIntType(et.Name, et.Payable); ok && a.eval(s, info, e.Args[0]).Fits(to.bits, to.signed) {
				if _, typed := a.intTypeOf(info, e.Args[0]); typed {
					return a.linearize(s, info, e.Args[0])
				}
			}
		}
	}
	if t := a.loc(info, x); t >= 0 {
		return linear{t: [2]int32{t, -1}, c: [2]int8{1, 0}, n: 1, k: bigZero}, true
	}
	if v, ok := a.eval(s, info, x).Const(); ok {
		return constLinear(v), true
	}
	return linear{}, false
}

// linearOp writes x op y (y nil: x op 1) as a linear form of its exact value.
func (a *rangeAnalysis) linearOp(s *rangeState, info *FuncInfo, op token.Token, x, y ast.Expr) (linear, bool) {
	l, ok := a.linearize(s, info, x)
	if !ok {
		return linear{}, false
	}
	r := constLinear(bigOne)
	if y != nil {
		if r, ok = a.linearize(s, info, y); !ok {
			return linear{}, false
		}
	}
	sign := int8(1)
	if op == token.SUB {
		sign = -1
	}
	return l.plus(r, sign)
}

// linearValue is the range of a linear form in state s.
func (a *rangeAnalysis) linearValue(s *rangeState, l linear) Interval {
	k := Exactly(l.k)
	switch l.n {
	case 0:
		return k
	case 1:
		v := a.get(s, l.t[0])
		if l.c[0] < 0 {
			v = v.Neg()
		}
		return v.Add(k)
	}
	id, sign := a.pairOf(l)
	v := a.get(s, id)
	if sign < 0 {
		v = v.Neg()
	}
	return v.Add(k)
}

// pairOf returns the pair term of a two-location form and the sign that relates them:
// c0*t0 + c1*t1 = sign * pair.
func (a *rangeAnalysis) pairOf(l linear) (int32, int8) {
	sum := l.c[0] == l.c[1]
	id, flipped := a.pair(l.t[0], l.t[1], sum)
	sign := l.c[0]
	if sum {
		// c*(t0 + t1)
		return id, sign
	}
	// c0*t0 - c0*t1 = c0*(t0 - t1); the pair may be stored as t1 - t0.
	if flipped {
		sign = -sign
	}
	return id, sign
}

// boundOf returns the values v satisfying v op k, for the orderings; EQL gives {k}. NEQ has
// no interval (see exclude).
func boundOf(op token.Token, k *big.Int) Interval {
	switch op {
	case token.LSS:
		return Interval{Hi: sub(k, bigOne)}
	case token.LEQ:
		return Interval{Hi: k}
	case token.GTR:
		return Interval{Lo: add(k, bigOne)}
	case token.GEQ:
		return Interval{Lo: k}
	case token.EQL:
		return Exactly(k)
	}
	return Interval{}
}

// holds reports whether v op w for two numbers.
func holds(v *big.Int, op token.Token, w *big.Int) bool {
	c := v.Cmp(w)
	switch op {
	case token.LSS:
		return c < 0
	case token.LEQ:
		return c <= 0
	case token.GTR:
		return c > 0
	case token.GEQ:
		return c >= 0
	case token.EQL:
		return c == 0
	case token.NEQ:
		return c != 0
	}
	return true
}
