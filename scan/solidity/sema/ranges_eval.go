package sema

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Evaluation: the range of an expression in a state, following the language's arithmetic (a
// checked operation that would leave its type reverts, an unchecked one wraps).

// evalBudget bounds the expressions one query or one node's transfer evaluates: deep nesting
// of ternaries clones states, and hostile input may nest them deeply.
const evalBudget = 4000

// intTypeOf returns the integer type of expression x (addresses as uint160), if it has one.
func (a *rangeAnalysis) intTypeOf(info *FuncInfo, x ast.Expr) (intType, bool) {
	x = ast.Unparen(x)
	switch e := x.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return intType{1, false}, true
		}
		return a.opType(info, e.Op, e.X, e.Y)
	case *ast.CallExpr:
		if et, ok := e.Fun.(*ast.ElementaryType); ok {
			return elementaryIntType(et.Name, et.Payable)
		}
	case *ast.UnaryExpr:
		if e.Op != token.NOT && e.Op != token.DELETE {
			return a.intTypeOf(info, e.X)
		}
	case *ast.BasicLit:
		if e.Kind == token.TRUE || e.Kind == token.FALSE {
			return intType{1, false}, true
		}
	}
	return intTypeOfType(info.Types[x])
}

// opType returns the type a binary arithmetic operation computes in: the operand's type when
// the other is a literal expression (the compiler converts it), the wider of the two
// otherwise; the left operand's for **, << and >>.
func (a *rangeAnalysis) opType(info *FuncInfo, op token.Token, x, y ast.Expr) (intType, bool) {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
		return intType{}, false
	case token.EXP, token.SHL, token.SHR, token.SAR:
		if !isRational(x) {
			return a.intTypeOf(info, x)
		}
		if isRational(y) {
			return intType{}, false
		}
		// A literal raised to (or shifted by) a variable: since 0.7 computed in uint256
		// (int256 for a negative literal); before, in the exponent's type.
		if info.Fn.File != nil && info.Fn.File.Version.MayBeBelow(Version{0, 7, 0}) {
			return a.intTypeOf(info, y)
		}
		if v, ok := numberLiteral(ast.Unparen(x)); ok && v.Sign() >= 0 {
			return intType{256, false}, true
		}
		return intType{256, true}, true
	}
	switch rx, ry := isRational(x), isRational(y); {
	case rx && ry:
		return intType{}, false
	case rx:
		return a.intTypeOf(info, y)
	case ry:
		return a.intTypeOf(info, x)
	}
	tx, okx := a.intTypeOf(info, x)
	ty, oky := a.intTypeOf(info, y)
	switch {
	case okx && oky:
		return widerType(tx, ty), true
	case okx && tx.bits == 256:
		return tx, true // nothing is wider: the other side converts to it
	case oky && ty.bits == 256:
		return ty, true
	}
	// One side's type is unknown (an unresolved callee, a struct the model did not find): so
	// is the common type, which may be wider than the known side's.
	return intType{}, false
}

// isRational reports whether x is made of number literals only: the compiler evaluates it
// exactly, with no type and no wrap.
func isRational(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return e.Kind == token.NUMBER
	case *ast.UnaryExpr:
		return e.Op == token.SUB && isRational(e.X)
	case *ast.BinaryExpr:
		return isRational(e.X) && isRational(e.Y)
	}
	return false
}

// get returns what state s knows of term t: its fact within its limit; for a pair, also what
// the locations' ranges and one step through a third location imply.
func (a *rangeAnalysis) get(s *rangeState, t int32) Interval {
	if a.terms[t].kind == termLoc {
		if iv, ok := s.fact(t); ok {
			return iv.Meet(a.limit(t))
		}
		return a.limit(t)
	}
	iv := a.pairImplied(s, t).Meet(a.pairThrough(s, t))
	if f, ok := s.fact(t); ok {
		iv = iv.Meet(f)
	}
	return iv
}

// pairImplied is what the locations' own facts say of a pair.
func (a *rangeAnalysis) pairImplied(s *rangeState, t int32) Interval {
	m := a.terms[t]
	_, fx := s.fact(m.a)
	_, fy := s.fact(m.b)
	if !fx && !fy && m.impliedKnown {
		return m.implied // from the limits alone: the same every time
	}
	x, y := a.get(s, m.a), a.get(s, m.b)
	iv := x.Sub(y)
	if m.kind == termSum {
		iv = x.Add(y)
	}
	if !fx && !fy {
		m.implied, m.impliedKnown = iv, true
	}
	return iv
}

// pairThrough bounds pair t = cx*x + cy*y through a third location z related to both: cost -
// credit from cost - amount and amount - credit (a bound put on a copy's original).
func (a *rangeAnalysis) pairThrough(s *rangeState, t int32) Interval {
	m := a.terms[t]
	cy := int8(1)
	if m.kind == termDiff {
		cy = -1
	}
	out := Unbounded()
	if len(a.terms[m.a].pairs)*len(a.terms[m.b].pairs) > maxPairsThrough {
		return out // a location compared with very many others: not worth the search
	}
	for _, p := range a.terms[m.a].pairs {
		fx, ok := s.fact(p)
		if !ok || p == t {
			continue
		}
		z, czx, cx := a.partner(p, m.a)
		// fx bounds cx*x + czx*z; scale it so that x's coefficient is 1.
		if cx < 0 {
			fx, czx = fx.Neg(), -czx
		}
		for _, q := range a.terms[m.b].pairs {
			fy, ok := s.fact(q)
			if !ok || q == t || q == p {
				continue
			}
			w, czy, cyy := a.partner(q, m.b)
			if w != z {
				continue
			}
			// Scale fy so that y's coefficient is cy, then z's must cancel.
			if cyy != cy {
				fy, czy = fy.Neg(), -czy
			}
			if czx+czy == 0 {
				out = out.Meet(fx.Add(fy))
			}
		}
	}
	return out
}

// maxPairsThrough bounds the pairs of pairs pairThrough looks at for one pair.
const maxPairsThrough = 1024

// partner returns, for pair p holding location x, the other location and the coefficients of
// it and of x in the pair (a sum is x + z, a difference x - z or z - x).
func (a *rangeAnalysis) partner(p int32, x int32) (z int32, cz, cx int8) {
	m := a.terms[p]
	switch {
	case m.kind == termSum && m.a == x:
		return m.b, 1, 1
	case m.kind == termSum:
		return m.a, 1, 1
	case m.a == x: // x - z
		return m.b, -1, 1
	}
	return m.a, 1, -1 // z - x
}

// implied is what state s implies of term t without a fact of its own (for joins): nothing
// for a location (its limit), the locations' facts for a pair.
func (a *rangeAnalysis) implied(s *rangeState, t int32) (Interval, bool) {
	if a.terms[t].kind == termLoc {
		return Interval{}, false
	}
	iv := a.pairImplied(s, t)
	return iv, iv.Lo != nil || iv.Hi != nil
}

// eval returns the range of x's value in state s; info is the function x is written in.
func (a *rangeAnalysis) eval(s *rangeState, info *FuncInfo, x ast.Expr) Interval {
	x = ast.Unparen(x)
	if v, ok := numberLiteral(x); ok {
		return Exactly(v)
	}
	if lit, ok := x.(*ast.BasicLit); ok && (lit.Kind == token.TRUE || lit.Kind == token.FALSE) {
		return Exactly(big.NewInt(int64(boolInt(lit.Kind == token.TRUE))))
	}
	a.steps++
	t, typed := a.intTypeOf(info, x)
	whole := Unbounded()
	if typed {
		whole = t.rng()
	}
	if a.steps > evalBudget || s.dead {
		return whole
	}
	switch e := x.(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Decl != nil && v.Decl.Constant {
			return a.p.constRange(v)
		}
	case *ast.MemberExpr:
		if iv, _, ok := metaTypeBound(e); ok {
			return iv
		}
		if iv, ok := a.memberValue(info, e); ok {
			return iv
		}
	case *ast.UnaryExpr:
		return a.evalUnary(s, info, e, whole)
	case *ast.BinaryExpr:
		return a.evalBinary(s, info, e)
	case *ast.CondExpr:
		return a.evalTernary(s, info, e)
	case *ast.CallExpr:
		return a.evalCall(s, info, e, whole)
	case *ast.TupleExpr:
		if len(e.Elems) == 1 && e.Elems[0] != nil {
			return a.eval(s, info, e.Elems[0])
		}
	case *ast.AssignExpr:
		if e.Op == token.ASSIGN {
			return a.eval(s, info, e.Rhs).Meet(whole)
		}
		return a.evalArith(s, info, e.Op.AssignOp(), e.Lhs, e.Rhs, e.Pos())
	}
	if !typed {
		return whole
	}
	if id := a.loc(info, x); id >= 0 {
		return a.get(s, id)
	}
	return whole
}

// memberValue gives the range of members that are not locations: a library or contract
// constant (L.MAX), an address's balance (below the ether supply), a length of something
// that is not a location.
func (a *rangeAnalysis) memberValue(info *FuncInfo, m *ast.MemberExpr) (Interval, bool) {
	if id, ok := m.X.(*ast.Ident); ok {
		if c, ok := info.Uses[id].(*Contract); ok {
			if v := c.LookupStateVar(m.Name.Name); v != nil && v.Decl != nil && v.Decl.Constant {
				return a.p.constRange(v), true
			}
		}
	}
	switch m.Name.Name {
	case "balance":
		if t, ok := a.intTypeOf(info, m.X); ok && t.bits == 160 && !t.signed {
			return TypeRange(128, false), true
		}
	case "length":
		if a.loc(info, m) < 0 {
			return a.lengthBound(info, m), true
		}
	}
	return Interval{}, false
}

func (a *rangeAnalysis) evalUnary(s *rangeState, info *FuncInfo, e *ast.UnaryExpr, whole Interval) Interval {
	switch e.Op {
	case token.SUB:
		v := a.eval(s, info, e.X).Neg()
		if isRational(e.X) {
			return v
		}
		t, ok := a.intTypeOf(info, e.X)
		if !ok {
			return Unbounded()
		}
		return v.InType(t.bits, t.signed, a.checked(info, e.Pos()))
	case token.ADD:
		return a.eval(s, info, e.X)
	case token.BITNOT:
		t, ok := a.intTypeOf(info, e.X)
		if !ok {
			return Unbounded()
		}
		return a.eval(s, info, e.X).Not(t.bits, t.signed)
	case token.INC, token.DEC:
		old := a.eval(s, info, e.X)
		if e.Postfix {
			return old
		}
		return a.evalArith(s, info, incOp(e.Op), e.X, nil, e.Pos())
	case token.NOT:
		return a.evalCondition(s, info, e)
	}
	return whole
}

// evalCondition is the value of a condition as 0 or 1: {1} when it always holds, {0} when it
// never does.
func (a *rangeAnalysis) evalCondition(s *rangeState, info *FuncInfo, cond ast.Expr) Interval {
	yes, no := s.clone(), s.clone()
	a.assume(&yes, info, cond, true)
	a.assume(&no, info, cond, false)
	switch {
	case yes.dead && !no.dead:
		return Exactly(bigZero)
	case no.dead && !yes.dead:
		return Exactly(bigOne)
	}
	return Between(0, 1)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func incOp(op token.Token) token.Token {
	if op == token.INC {
		return token.ADD
	}
	return token.SUB
}

func (a *rangeAnalysis) evalBinary(s *rangeState, info *FuncInfo, e *ast.BinaryExpr) Interval {
	switch e.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
		return a.evalCondition(s, info, e)
	}
	return a.evalArith(s, info, e.Op, e.X, e.Y, e.Pos())
}

// evalArith is the range of x op y (y nil: x op 1, for ++ and --) computed at pos: the exact
// result (narrowed by what the state knows of x + y or x - y), then in the operation's type.
func (a *rangeAnalysis) evalArith(s *rangeState, info *FuncInfo, op token.Token, x, y ast.Expr, pos token.Pos) Interval {
	exact, t, typed := a.exact(s, info, op, x, y)
	checked := a.checked(info, pos)
	if !typed {
		if checked || isRational(x) && (y == nil || isRational(y)) {
			return exact // the value, if it does not revert, is the exact one
		}
		return Unbounded() // it may have wrapped in a type the model does not know
	}
	if op == token.SHL || op == token.SHR || op == token.SAR {
		checked = false // shifts never revert: the bits shifted out are lost
	}
	return exact.InType(t.bits, t.signed, checked)
}

// exact returns the exact (unwrapped) result of x op y and the type the operation computes in.
func (a *rangeAnalysis) exact(s *rangeState, info *FuncInfo, op token.Token, x, y ast.Expr) (Interval, intType, bool) {
	var t intType
	var typed bool
	var vy Interval
	if y == nil {
		t, typed = a.intTypeOf(info, x)
		vy = Exactly(bigOne)
	} else {
		t, typed = a.opType(info, op, x, y)
		vy = a.eval(s, info, y)
	}
	vx := a.eval(s, info, x)
	exact, ok := arith(op, vx, vy)
	if !ok {
		exact = Unbounded()
	}
	if op == token.ADD || op == token.SUB {
		if lin, ok := a.linearOp(s, info, op, x, y); ok {
			exact = exact.Meet(a.linearValue(s, lin))
		}
		if op == token.SUB && y != nil {
			exact = exact.Meet(a.narrowedSubtrahend(s, info, x, y))
		}
	}
	return exact, t, typed
}

// narrowedSubtrahend bounds x - T(y) where T is a conversion to a narrower unsigned type of
// an unsigned y: T(y) <= y, so the difference is at least x - y.
func (a *rangeAnalysis) narrowedSubtrahend(s *rangeState, info *FuncInfo, x, y ast.Expr) Interval {
	c, ok := ast.Unparen(y).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return Unbounded()
	}
	et, ok := c.Fun.(*ast.ElementaryType)
	if !ok {
		return Unbounded()
	}
	to, ok := elementaryIntType(et.Name, et.Payable)
	from, ok2 := a.intTypeOf(info, c.Args[0])
	if !ok || !ok2 || to.signed || from.signed {
		return Unbounded()
	}
	lin, ok := a.linearOp(s, info, token.SUB, x, c.Args[0])
	if !ok {
		return Unbounded()
	}
	lo := a.linearValue(s, lin).Lo
	if lo == nil || lo.Sign() < 0 {
		return Unbounded()
	}
	return Interval{Lo: lo}
}

func (a *rangeAnalysis) evalTernary(s *rangeState, info *FuncInfo, e *ast.CondExpr) Interval {
	yes, no := s.clone(), s.clone()
	a.assume(&yes, info, e.Cond, true)
	a.assume(&no, info, e.Cond, false)
	out := emptyInterval
	if !yes.dead {
		out = out.Join(a.eval(&yes, info, e.Then))
	}
	if !no.dead {
		out = out.Join(a.eval(&no, info, e.Else))
	}
	return out
}

func (a *rangeAnalysis) evalCall(s *rangeState, info *FuncInfo, c *ast.CallExpr, whole Interval) Interval {
	if et, ok := c.Fun.(*ast.ElementaryType); ok && len(c.Args) == 1 {
		to, ok := elementaryIntType(et.Name, et.Payable)
		if !ok {
			return whole
		}
		v := a.eval(s, info, c.Args[0])
		if _, from := a.intTypeOf(info, c.Args[0]); !from && !isRational(c.Args[0]) {
			return to.rng()
		}
		return v.InType(to.bits, to.signed, false)
	}
	call := info.CallOf[c]
	if call == nil {
		return whole
	}
	switch call.Kind {
	case CallConversion:
		if len(c.Args) == 1 {
			return a.eval(s, info, c.Args[0]).Meet(whole)
		}
	case CallBuiltin:
		switch call.Name {
		case "gasleft":
			return TypeRange(64, false)
		case "addmod", "mulmod":
			if len(c.Args) == 3 {
				m := a.eval(s, info, c.Args[2])
				if m.Hi != nil {
					return Interval{bigZero, new(big.Int).Sub(m.Hi, bigOne)}.Meet(whole)
				}
			}
		}
	case CallInternal, CallLibrary:
		if call.Callee != nil {
			return a.callResult(s, info, c, call).Meet(whole)
		}
	}
	return whole
}
