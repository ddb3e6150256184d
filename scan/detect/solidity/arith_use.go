package solidity

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// What the code does with the result of a wrapping operation. Wrapping arithmetic computes in
// the ring of integers modulo 2^n: sums, differences and products of wrapped values are the
// exact ones modulo 2^n. So a wrap that the rest of the computation cannot observe is no bug:
//
//   - an intermediate of a larger sum, difference or product in the same type (len - 4 + 32)
//     whose exact result fits the type: the intermediate wraps cancel;
//   - a result reduced modulo a power of two no wider than the type anyway: masked with & in an
//     unsigned type ((base + offset) & 0xFFFFFFFC), converted to a type no wider (uint32(a + b)),
//     or taken % 2^k;
//   - a result only compared with zero, where the zero outcome ends the call: modulo 2^n an
//     exact zero stays zero, so a wrap can only turn a non-zero result into zero, and then the
//     call reverts (if (a * b == 0) revert ...).
//
// An intermediate whose chain can wrap as a whole is reported once, at the top of the chain.

// aboveParens returns the first link of chain that is not a parenthesis (nil at the top).
func aboveParens(chain *ancestorChain) *ancestorChain {
	for chain != nil {
		if _, paren := chain.node.(*ast.ParenExpr); !paren {
			break
		}
		chain = chain.up
	}
	return chain
}

// chainLink returns the index of the operation op is a direct operand of when both compute
// modulo the same 2^n (the same type, both wrapping): a + b - c, x += a + b. ok is false when
// there is none, or when a conversion, another type or a checked operation sits between them.
func (c *overflowCtx) chainLink(i int) (int, bool) {
	op := c.ops[i]
	up := aboveParens(op.ancestors)
	if up == nil {
		return 0, false
	}
	j, ok := c.opIndex()[up.node]
	if !ok {
		return 0, false
	}
	parent := c.ops[j]
	if parent.y == nil || parent.op == token.EXP || op.op == token.EXP || parent.unchecked != op.unchecked {
		return 0, false
	}
	// A compound assignment's target is a place, not a chain member: only its right side.
	if _, compound := parent.node.(*ast.AssignExpr); compound && ast.Unparen(parent.y) != op.node {
		return 0, false
	}
	pf, ok1 := c.factsOf(j, false)
	of, ok2 := c.factsOf(i, false)
	if !ok1 || !ok2 || pf.Bits != of.Bits || pf.Signed != of.Signed || pf.Checked || of.Checked {
		return 0, false
	}
	return j, true
}

// chainTop returns the outermost operation of the chain op belongs to (op itself when it is
// no operand of another).
func (c *overflowCtx) chainTop(i int) int {
	for n := 0; n < 64; n++ {
		j, ok := c.chainLink(i)
		if !ok {
			return i
		}
		i = j
	}
	return i
}

// chainExact is the exact result of operation i computed without any intermediate wrap: its
// operands that are operations of its chain count with their own exact results.
func (c *overflowCtx) chainExact(i int, full bool, depth int) (sema.Interval, bool) {
	f, ok := c.factsOf(i, full)
	if !ok || depth > 64 {
		return sema.Interval{}, false
	}
	op := c.ops[i]
	x, y := f.X, f.Y
	for _, side := range [2]struct {
		e  ast.Expr
		iv *sema.Interval
	}{{op.x, &x}, {op.y, &y}} {
		if side.e == nil {
			continue
		}
		if k, isOp := c.opIndex()[ast.Unparen(side.e)]; isOp {
			if j, linked := c.chainLink(k); linked && j == i {
				if e, ok := c.chainExact(k, full, depth+1); ok {
					*side.iv = e
				} else {
					return sema.Interval{}, false
				}
			}
		}
	}
	return sema.ArithOp(op.op, x, y)
}

// wrapUnobserved reports whether no wrap of operation i can change what the code computes
// (see the top of this file), and why. With full the whole function's ranges bound the
// chain's operands, else the guards that dominate it.
func (c *overflowCtx) wrapUnobserved(i int, full bool) (string, bool) {
	top := c.chainTop(i)
	f, ok := c.factsOf(top, false)
	if !ok {
		return "", false
	}
	if top != i {
		if e, ok := c.chainExact(top, full, 0); ok && e.Fits(f.Bits, f.Signed) {
			return "part of " + sourceText(c.p, c.ops[top].node) + ", whose exact result fits its type", true
		}
	}
	if c.reducedModulo(c.ops[top], f) {
		return "the result is reduced modulo a power of two no wider than its type", true
	}
	if c.zeroTestEndsCall(c.ops[top]) {
		return "the result is only compared with zero, and zero ends the call", true
	}
	return "", false
}

// reducedModulo reports whether op's result is only used reduced modulo 2^k for some k no
// larger than its type's width: masked with & (unsigned), converted to an integer type no
// wider, or taken % a power of two that divides 2^n.
func (c *overflowCtx) reducedModulo(op arithOp, f sema.ArithFacts) bool {
	if _, compound := op.node.(*ast.AssignExpr); compound {
		return false // the wrapped value is stored
	}
	if _, isUnary := op.node.(*ast.UnaryExpr); isUnary {
		return false
	}
	parent := aboveParens(op.ancestors)
	if parent == nil {
		return false
	}
	switch e := parent.node.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.AND:
			return !f.Signed
		case token.REM:
			if ast.Unparen(e.X) != op.node || f.Signed {
				return false
			}
			v := litValue(e.Y)
			return isPowerOfTwo(v) && v.BitLen()-1 <= f.Bits
		}
	case *ast.CallExpr:
		et, ok := e.Fun.(*ast.ElementaryType)
		if !ok || len(e.Args) != 1 || !isIntTypeName(et.Name) {
			return false
		}
		to := &sema.Elementary{Name: canonicalIntName(et.Name)}
		return to.Bits() <= f.Bits
	}
	return false
}

// zeroTestEndsCall reports whether op's result is only compared with zero (== 0, != 0, and for
// unsigned values > 0), in a require or an if whose zero outcome ends the call.
func (c *overflowCtx) zeroTestEndsCall(op arithOp) bool {
	if _, isBinary := op.node.(*ast.BinaryExpr); !isBinary {
		return false
	}
	up := aboveParens(op.ancestors)
	if up == nil {
		return false
	}
	cmp, ok := up.node.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	var other ast.Expr
	switch {
	case ast.Unparen(cmp.X) == op.node:
		other = cmp.Y
	case ast.Unparen(cmp.Y) == op.node:
		other = cmp.X
	default:
		return false
	}
	if v := litValue(other); v == nil || v.Sign() != 0 {
		return false
	}
	// zeroHolds: whether the comparison is true when the result is zero.
	var zeroHolds bool
	switch cmp.Op {
	case token.EQL:
		zeroHolds = true
	case token.NEQ:
		zeroHolds = false
	case token.GTR, token.LSS:
		// x > 0 and 0 < x are x != 0 for an unsigned x.
		if !isUnsigned(c.info, op.node) && !isUnsigned(c.info, op.x) {
			return false
		}
		if cmp.Op == token.GTR && ast.Unparen(cmp.X) != op.node || cmp.Op == token.LSS && ast.Unparen(cmp.Y) != op.node {
			return false
		}
		zeroHolds = false
	default:
		return false
	}
	holder := aboveParens(up.up)
	if holder == nil {
		return false
	}
	switch h := holder.node.(type) {
	case *ast.IfStmt:
		if ast.Unparen(h.Cond) != ast.Expr(cmp) {
			return false
		}
		if zeroHolds {
			return sema.AlwaysReverts(h.Then)
		}
		return h.Else != nil && sema.AlwaysReverts(h.Else)
	case *ast.CallExpr:
		// require(x != 0): a zero result fails the requirement.
		return !zeroHolds && isRequireLike(c.info, h) && len(h.Args) > 0 && ast.Unparen(h.Args[0]) == ast.Expr(cmp)
	}
	return false
}

// isRequireLike reports whether call c is the require or assert builtin.
func isRequireLike(info *sema.FuncInfo, c *ast.CallExpr) bool {
	call := info.CallOf[c]
	return call != nil && call.Kind == sema.CallBuiltin && (call.Name == "require" || call.Name == "assert")
}

// opIndex maps each operation's node to its index in ops, made on first use.
func (c *overflowCtx) opIndex() map[ast.Node]int {
	if c.index == nil {
		c.index = make(map[ast.Node]int, len(c.ops))
		for i, op := range c.ops {
			c.index[op.node] = i
		}
	}
	return c.index
}

// factsOf returns what the value ranges say of operation i: the guards that dominate it, or
// with full the whole function's ranges (memoised per operation: a chain asks for each link
// several times).
func (c *overflowCtx) factsOf(i int, full bool) (sema.ArithFacts, bool) {
	k := 0
	if full {
		k = 1
	}
	if c.facts[k] == nil {
		c.facts[k] = make([]opFacts, len(c.ops))
	}
	m := &c.facts[k][i]
	if !m.done {
		if full {
			m.f, m.ok = c.rangesOf().Arith(c.ops[i].node)
		} else {
			m.f, m.ok = c.p.ArithByGuards(c.info, c.ops[i].node)
		}
		m.done = true
	}
	return m.f, m.ok
}

// opFacts memoises one operation's facts.
type opFacts struct {
	f        sema.ArithFacts
	ok, done bool
}

// isPowerOfTwo reports whether v is 2^k for some k >= 0.
func isPowerOfTwo(v *big.Int) bool {
	return v != nil && v.Sign() > 0 && new(big.Int).And(v, new(big.Int).Sub(v, big.NewInt(1))).Sign() == 0
}

// repeatKey returns the text of op when it computes on values that do not change in the
// function (parameters never assigned, locals given one value, constants, literals), so that
// two such operations with one text compute the same value; same is false otherwise.
func repeatKey(p *sema.Program, info *sema.FuncInfo, op arithOp) (string, bool) {
	if _, isBinary := op.node.(*ast.BinaryExpr); !isBinary {
		return "", false
	}
	same := true
	ast.Inspect(op.node, func(n ast.Node) bool {
		if !same || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.Ident:
			v, ok := info.Uses[e].(*sema.Var)
			if !ok || !unchangingVar(info, v) {
				same = false
			}
		case *ast.BinaryExpr, *ast.ParenExpr, *ast.BasicLit:
		default:
			same = false
		}
		return same
	})
	return normText(p, op.node), same
}

// unchangingVar reports whether v keeps one value through the function: a constant, a
// parameter never assigned, or a local given exactly one value.
func unchangingVar(info *sema.FuncInfo, v *sema.Var) bool {
	switch {
	case v.Decl != nil && v.Decl.Constant:
		return true
	case v.Kind == sema.ParamVar && v.Func == info.Fn:
		return !assignedIn(info, v)
	case v.Kind == sema.LocalVar:
		defs, ok := sema.Definitions(info, v)
		return ok && len(defs) == 1
	}
	return false
}

// assignedIn reports whether the function assigns variable v (=, op=, ++, --, delete, or in
// assembly).
func assignedIn(info *sema.FuncInfo, v *sema.Var) bool {
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if found {
			return false
		}
		var lhs ast.Expr
		switch e := n.(type) {
		case *ast.AssignExpr:
			lhs = e.Lhs
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				lhs = e.X
			}
		case *ast.YulAssign:
			for _, id := range e.Names {
				if info.YulUses[id] == v {
					found = true
				}
			}
		}
		if lhs != nil {
			ast.Inspect(lhs, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
