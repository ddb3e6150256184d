package sema

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Branch-free selection in inline assembly. Gas-optimised libraries write min and max without
// a jump: z := sub(x, mul(sub(x, y), gt(x, y))), or z := xor(x, mul(xor(x, y), lt(y, x))).
// A comparison is 0 or 1, so the expression is x under one outcome and y under the other, in
// the ring of integers modulo 2^256 (where sub(x, sub(x, y)) is y and xor(x, xor(x, y)) is y
// exactly). The value ranges evaluate such an assignment case by case: under each outcome of
// its comparisons, the variable is the one Solidity variable the expression reduces to, and
// what each case says of it relative to the variables compared is kept when the cases join
// (z <= x and z <= y for a min). Anything else in the expression (a call, memory, a constant
// that is not 0 or 1 times a comparison) leaves the assignment to the general rule: the
// variable is forgotten.

// yulCmp is an outcome of a Yul comparison: d op 0 for a linear form d.
type yulCmp struct {
	d  linear
	op token.Token
}

// yulCase is one outcome of an expression's comparisons and the value it then has: a linear
// form over locations (exact modulo 2^256), or, with isXor, the xor of the locations in atoms.
type yulCase struct {
	conds []yulCmp
	form  linear
	isXor bool
	atoms []int32
}

// maxYulCases bounds the outcomes followed (two comparisons).
const maxYulCases = 4

// yulSelect applies assignment as when it is a branch-free selection of one Solidity variable
// among others, and reports whether it did.
func (a *rangeAnalysis) yulSelect(s *rangeState, info *FuncInfo, as *ast.YulAssign) bool {
	if len(as.Names) != 1 || as.Value == nil {
		return false
	}
	v := info.YulUses[as.Names[0]]
	if v == nil || v.Kind == StateVar {
		return false
	}
	target := a.varLoc(v)
	if target < 0 || a.terms[target].typ.signed {
		return false
	}
	cases, ok := a.yulCases(info, as.Value, 0)
	if !ok || len(cases) < 2 {
		return false
	}
	var out rangeState
	seen := false
	for _, c := range cases {
		u, single := c.single()
		if !single || u == target || a.terms[u].typ.signed {
			return false
		}
		st := s.clone()
		for _, cond := range c.conds {
			a.assumeLinear(&st, cond.d, cond.op)
		}
		if st.dead {
			continue
		}
		lin := linear{t: [2]int32{u}, c: [2]int8{1}, n: 1, k: bigZero}
		a.setLoc(&st, target, assigned{val: a.get(&st, u), lin: lin, hasLin: true, wrap: -1})
		// What this case says of the target against every variable the expression names,
		// recorded so that the join keeps what holds in every case.
		for _, w := range yulNamed(cases) {
			if w == target || w == u {
				continue // the target itself, and u, whose relation setLoc recorded
			}
			// target - w is u - w in this case.
			d := linear{t: [2]int32{target, w}, c: [2]int8{1, -1}, n: 2, k: bigZero}
			id, sign := a.pairOf(d)
			iv := a.linearValue(&st, linear{t: [2]int32{u, w}, c: [2]int8{1, -1}, n: 2, k: bigZero})
			if sign < 0 {
				iv = iv.Neg()
			}
			// Recorded as a fact even when the state implies it through u: the join keeps
			// facts, not what one side implies through a third location.
			st.put(id, a.get(&st, id).Meet(iv))
		}
		if !seen {
			out, seen = st, true
		} else {
			out = a.joinStates(out, st)
		}
	}
	if !seen {
		s.dead = true
		return true
	}
	*s = out
	return true
}

// single returns the one location a case's value is (coefficient 1, no constant).
func (c yulCase) single() (int32, bool) {
	if c.isXor {
		if len(c.atoms) == 1 {
			return c.atoms[0], true
		}
		return -1, false
	}
	if c.form.n == 1 && c.form.c[0] == 1 && c.form.k != nil && c.form.k.Sign() == 0 {
		return c.form.t[0], true
	}
	return -1, false
}

// yulNamed lists the locations the cases' values and comparisons name.
func yulNamed(cases []yulCase) []int32 {
	var out []int32
	add := func(t int32) {
		for _, u := range out {
			if u == t {
				return
			}
		}
		out = append(out, t)
	}
	for _, c := range cases {
		if u, ok := c.single(); ok {
			add(u)
		}
		for _, cond := range c.conds {
			for i := 0; i < cond.d.n; i++ {
				add(cond.d.t[i])
			}
		}
	}
	return out
}

// yulCases evaluates x into its outcomes.
func (a *rangeAnalysis) yulCases(info *FuncInfo, x ast.YulExpr, depth int) ([]yulCase, bool) {
	if depth > 8 {
		return nil, false
	}
	switch e := x.(type) {
	case *ast.YulIdent:
		v := info.YulUses[e]
		if v == nil {
			return nil, false
		}
		t := a.varLoc(v)
		if t < 0 {
			return nil, false
		}
		return []yulCase{{form: linear{t: [2]int32{t}, c: [2]int8{1}, n: 1, k: bigZero}, atoms: []int32{t}}}, true
	case *ast.YulLit:
		k, ok := yulNumber(e)
		if !ok {
			return nil, false
		}
		return []yulCase{{form: constLinear(k)}}, true
	case *ast.YulCall:
		return a.yulCallCases(info, e, depth)
	}
	return nil, false
}

func (a *rangeAnalysis) yulCallCases(info *FuncInfo, e *ast.YulCall, depth int) ([]yulCase, bool) {
	if len(e.Args) != 2 {
		return nil, false
	}
	switch e.Name.Name {
	case "add", "sub":
		return a.yulCombine(info, e, depth, func(x, y yulCase) (yulCase, bool) {
			if x.isXor || y.isXor {
				return yulCase{}, false
			}
			sign := int8(1)
			if e.Name.Name == "sub" {
				sign = -1
			}
			f, ok := x.form.plus(y.form, sign)
			return yulCase{form: f}, ok
		})
	case "xor":
		return a.yulCombine(info, e, depth, func(x, y yulCase) (yulCase, bool) {
			xs, ok1 := x.xorAtoms()
			ys, ok2 := y.xorAtoms()
			if !ok1 || !ok2 {
				return yulCase{}, false
			}
			return yulCase{isXor: true, atoms: symmetricDiff(xs, ys)}, true
		})
	case "mul":
		for i := range 2 {
			cond, ok := a.yulCompare(info, e.Args[i])
			if !ok {
				continue
			}
			rest, ok := a.yulCases(info, e.Args[1-i], depth+1)
			if !ok || 2*len(rest) > maxYulCases {
				return nil, false
			}
			var out []yulCase
			for _, r := range rest {
				yes := r
				yes.conds = append(append([]yulCmp(nil), r.conds...), cond)
				no := yulCase{form: constLinear(bigZero), conds: append(append([]yulCmp(nil), r.conds...), cond.negate())}
				out = append(out, yes, no)
			}
			return out, true
		}
	}
	return nil, false
}

// yulCombine applies a two-operand operation to every pair of the operands' outcomes.
func (a *rangeAnalysis) yulCombine(info *FuncInfo, e *ast.YulCall, depth int, op func(x, y yulCase) (yulCase, bool)) ([]yulCase, bool) {
	xs, ok := a.yulCases(info, e.Args[0], depth+1)
	if !ok {
		return nil, false
	}
	ys, ok := a.yulCases(info, e.Args[1], depth+1)
	if !ok || len(xs)*len(ys) > maxYulCases {
		return nil, false
	}
	var out []yulCase
	for _, x := range xs {
		for _, y := range ys {
			c, ok := op(x, y)
			if !ok {
				return nil, false
			}
			c.conds = append(append([]yulCmp(nil), x.conds...), y.conds...)
			out = append(out, c)
		}
	}
	return out, true
}

// xorAtoms returns a case's value as a set of xor-ed locations: a location, zero (none), or
// an xor already.
func (c yulCase) xorAtoms() ([]int32, bool) {
	if c.isXor {
		return c.atoms, true
	}
	if c.form.n == 0 && c.form.k != nil && c.form.k.Sign() == 0 {
		return nil, true
	}
	if u, ok := c.single(); ok {
		return []int32{u}, true
	}
	return nil, false
}

// symmetricDiff is the xor of two sets of locations (x ^ x cancels).
func symmetricDiff(x, y []int32) []int32 {
	var out []int32
	in := func(list []int32, t int32) bool {
		for _, u := range list {
			if u == t {
				return true
			}
		}
		return false
	}
	for _, t := range x {
		if !in(y, t) {
			out = append(out, t)
		}
	}
	for _, t := range y {
		if !in(x, t) {
			out = append(out, t)
		}
	}
	return out
}

// yulCompare reads an unsigned comparison of two variables (or a variable and a constant):
// gt(x, y), lt(x, y), or iszero of one; the outcome returned is the comparison being 1.
func (a *rangeAnalysis) yulCompare(info *FuncInfo, x ast.YulExpr) (yulCmp, bool) {
	c, ok := x.(*ast.YulCall)
	if !ok {
		return yulCmp{}, false
	}
	if c.Name.Name == "iszero" && len(c.Args) == 1 {
		inner, ok := a.yulCompare(info, c.Args[0])
		return inner.negate(), ok
	}
	if len(c.Args) != 2 || c.Name.Name != "gt" && c.Name.Name != "lt" {
		return yulCmp{}, false
	}
	var forms [2]linear
	for i, arg := range c.Args {
		cases, ok := a.yulCases(info, arg, 7)
		if !ok || len(cases) != 1 || cases[0].isXor || len(cases[0].conds) > 0 || cases[0].form.n > 1 {
			return yulCmp{}, false
		}
		for j := 0; j < cases[0].form.n; j++ {
			if a.terms[cases[0].form.t[j]].typ.signed {
				return yulCmp{}, false
			}
		}
		forms[i] = cases[0].form
	}
	d, ok := forms[0].plus(forms[1], -1)
	if !ok {
		return yulCmp{}, false
	}
	op := token.GTR
	if c.Name.Name == "lt" {
		op = token.LSS
	}
	return yulCmp{d: d, op: op}, true
}

// negate returns the opposite outcome.
func (c yulCmp) negate() yulCmp {
	switch c.op {
	case token.GTR:
		c.op = token.LEQ
	case token.LSS:
		c.op = token.GEQ
	case token.LEQ:
		c.op = token.GTR
	case token.GEQ:
		c.op = token.LSS
	}
	return c
}

// yulNumber reads a Yul number literal.
func yulNumber(l *ast.YulLit) (*big.Int, bool) {
	if l.Kind != token.NUMBER {
		return nil, false
	}
	v := new(big.Int)
	s := l.Value
	base := 10
	if len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") {
		s, base = s[2:], 16
	}
	if _, ok := v.SetString(s, base); !ok {
		return nil, false
	}
	return v, true
}
