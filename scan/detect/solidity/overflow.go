package solidity

import (
	"regexp"
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source"
)

// IntegerOverflow and UncheckedOverflow share one analysis of the arithmetic that wraps
// around silently: every +, -, *, ** (and their compound assignments, ++ and --) in code the
// compiler does not check (files whose pragma admits versions below 0.8, or `unchecked`
// blocks in 0.8) is reported when an operand is something the caller influences (a parameter,
// msg.value, a balance, a call result) or the type is narrow enough to wrap in practice, and
// no check bounds it: a SafeMath-style comparison of the operands before or after
// (require(a >= b) before a - b, assert(c >= a) after c = a + b), a ternary or branch on the
// operands, or a checked twin of the same amount (the sum-of-balances invariant). The
// severity follows the evidence: high when the caller's value wraps a state variable in a
// function anyone can call, lower for trusted callers, locals, libraries and contracts that
// use a SafeMath library (their raw operators are deliberate).

var IntegerOverflow = &detect.Analyzer{
	Template: detect.Template{
		ID:         "INTEGER_OVERFLOW",
		Name:       "Integer overflow or underflow",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> computes <code>${expression}</code> ` +
			`without a bound check, and the file compiles with Solidity versions before 0.8, whose arithmetic wraps around ` +
			`silently. ${reason} A caller can make the value wrap (a balance below zero becomes a huge number, a lock time ` +
			`overflows to the past).</p>`,
		Remediation: `<p>Compile with Solidity 0.8 or later (checked arithmetic), or use a SafeMath library ` +
			`(<code>a.sub(b)</code>, <code>a.add(b)</code>), or check the operands first: <code>require(a >= b)</code> before ` +
			`<code>a - b</code>, <code>require(a + b >= a)</code> for additions.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "reason"},
		DetectionLogic: "Pre-0.8 files: +, -, *, ** and compound assignments, ++/-- whose operands depend on parameters, msg.value, balances or call results, or are narrower than 64 bits, with no comparison of the operands in a require/assert/if/ternary of the function " +
			"and no checked twin of the same amount; sums of array lengths, amounts paid out as call value before the addition, and an amount added back to the variable a guarded subtraction took it from are bounded; high for state writes in public functions without access control.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-101"},
		CWE:       []string{"CWE-190", "CWE-191"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "arithmetic",
	},
	Run: func(pass *detect.Pass) { runOverflow(pass, false) },
}

var UncheckedOverflow = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_BLOCK_OVERFLOW",
		Name:       "Overflow inside an unchecked block",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> computes <code>${expression}</code> ` +
			`inside an <code>unchecked</code> block, where Solidity 0.8 does not revert on overflow. ${reason} ` +
			`Nothing in the function bounds the operands, so the value can wrap around.</p>`,
		Remediation: `<p>Move the operation out of the <code>unchecked</code> block, or check the operands before it ` +
			`(<code>require(a >= b)</code> before <code>a - b</code>). Keep <code>unchecked</code> for operations that provably cannot wrap, with a comment saying why.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "reason"},
		DetectionLogic:  "0.8 files: arithmetic inside unchecked { } on caller-influenced or narrow operands, not bounded by a comparison of its operands and without a checked twin of the same amount (sum-of-balances invariant); loop counter increments, sums of array lengths and amounts paid out as call value before the addition are ignored.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-101"},
		CWE:             []string{"CWE-190", "CWE-191"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "arithmetic",
	},
	Run: func(pass *detect.Pass) { runOverflow(pass, true) },
}

// overflowCtx holds what runOverflow computes once per function: its operations indexed by
// the text of their amount, and memoised guard checks (twins are looked up for every
// operation; without the memo large functions would be quadratic in guard checks).
type overflowCtx struct {
	ops      []arithOp
	byAmount map[string][]int
	guarded  map[ast.Expr]bool
	conds    []condition
	access   *bool // HasAccessControl of the function, once computed
	flow     *valueFlow
}

func (c *overflowCtx) accessControlled(p *sema.Program, fn *sema.Function) bool {
	if c.access == nil {
		a := p.HasAccessControl(fn)
		c.access = &a
	}
	return *c.access
}

func (c *overflowCtx) isGuarded(p *sema.Program, info *sema.FuncInfo, op arithOp) bool {
	if g, ok := c.guarded[op.node]; ok {
		return g
	}
	g := overflowGuarded(p, info, op, c.conds)
	c.guarded[op.node] = g
	return g
}

// arithOp is one wrapping operation: a binary expression, compound assignment, ++ or --.
type arithOp struct {
	node      ast.Expr
	op        token.Token // ADD, SUB, MUL, EXP
	x, y      ast.Expr    // y is nil for ++/--
	unchecked bool
	ancestors *ancestorChain // innermost first, shared with the operations around
	holder    ast.Node       // the innermost ancestor that is an assignment or a statement
	ternaries *ternaryChain  // the conditions of the ternaries op sits in, innermost first
	ytext     string         // normalised text of y, for matching twins
	root      *sema.Var      // the variable a compound assignment updates (nil otherwise)
}

// ancestorChain links a node's ancestors, innermost first; nodes share their parents' chains.
type ancestorChain struct {
	node ast.Node
	up   *ancestorChain
}

// parent returns op's innermost ancestor (nil at the top of the body).
func (op arithOp) parent() ast.Node {
	if op.ancestors == nil {
		return nil
	}
	return op.ancestors.node
}

// ternaryChain links the conditions of nested ternaries, shared by every operation under them.
type ternaryChain struct {
	cond ast.Expr
	up   *ternaryChain
}

// arithFrame is what arithOps keeps of each ancestor: one frame per open node, so that the
// facts an operation needs of its ancestors are read in constant time instead of copying the
// whole ancestor stack per operation (quadratic on a long a + a + ... chain).
// A frame's link in the ancestor chain is made only when an operation below it needs it: most
// nodes have no operation under them, and a link per node visited was the detector's largest
// allocation.
type arithFrame struct {
	node      ast.Node
	ancestors *ancestorChain // the node itself, then its ancestors; nil until arithChain makes it
	unchecked bool
	holder    ast.Node
	ternaries *ternaryChain
}

// arithChain returns the ancestor chain of stack's top frame (nil for an empty stack), making the
// links its frames lack; each frame's link is made once, so the walk stays linear.
func arithChain(stack []arithFrame) *ancestorChain {
	j := len(stack) - 1
	for j >= 0 && stack[j].ancestors == nil {
		j--
	}
	for k := j + 1; k < len(stack); k++ {
		var up *ancestorChain
		if k > 0 {
			up = stack[k-1].ancestors
		}
		stack[k].ancestors = &ancestorChain{node: stack[k].node, up: up}
	}
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1].ancestors
}

var arithStacks = sync.Pool{New: func() any { return new([]arithFrame) }}

// arithOps lists the wrapping operations of a body with the facts of their ancestors.
func arithOps(body ast.Node) []arithOp {
	var out []arithOp
	// The frame stack comes from a pool: a new one per body, grown by doubling, was most of
	// what the overflow detector allocated.
	pooled := arithStacks.Get().(*[]arithFrame)
	stack := (*pooled)[:0]
	defer func() {
		clear(stack[:cap(stack)]) // the pool must not keep a scan's nodes alive
		*pooled = stack[:0]
		arithStacks.Put(pooled)
	}()
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		var up arithFrame
		if len(stack) > 0 {
			up = stack[len(stack)-1]
		}
		unchecked := up.unchecked
		if b, ok := n.(*ast.BlockStmt); ok && b.Unchecked {
			unchecked = true
		}
		op := arithOp{unchecked: unchecked, holder: up.holder, ternaries: up.ternaries}
		switch e := n.(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.ADD, token.SUB, token.MUL, token.EXP:
				op.node, op.op, op.x, op.y = e, e.Op, e.X, e.Y
			}
		case *ast.AssignExpr:
			switch e.Op {
			case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN:
				op.node, op.op, op.x, op.y = e, e.Op.AssignOp(), e.Lhs, e.Rhs
			}
		case *ast.UnaryExpr:
			switch e.Op {
			case token.INC:
				op.node, op.op, op.x = e, token.ADD, e.X
			case token.DEC:
				op.node, op.op, op.x = e, token.SUB, e.X
			}
		}
		if op.node != nil {
			op.ancestors = arithChain(stack)
			out = append(out, op)
		}
		f := arithFrame{node: n, unchecked: unchecked, holder: up.holder, ternaries: up.ternaries}
		switch e := n.(type) {
		case *ast.AssignExpr, ast.Stmt:
			f.holder = n
		case *ast.CondExpr:
			f.ternaries = &ternaryChain{cond: e.Cond, up: up.ternaries}
		}
		stack = append(stack, f)
		return true
	})
	return out
}

// hasUncheckedBlock reports whether fn's body has an unchecked { } block.
func hasUncheckedBlock(fn *sema.Function) bool {
	for n := range fn.BodyTree().Preorder(blockStmtKinds) {
		if n.(*ast.BlockStmt).Unchecked {
			return true
		}
	}
	return false
}

var blockStmtKinds = inspect.Of((*ast.BlockStmt)(nil))

const callerInfluence = sema.SrcParam | sema.SrcValue | sema.SrcBalance | sema.SrcCallRet | sema.SrcData

func runOverflow(pass *detect.Pass, uncheckedMode bool) {
	p := pass.Program
	ver := pass.File.Version
	if uncheckedMode {
		if !ver.CheckedArithmetic() {
			return // the pre-0.8 detector covers the whole file
		}
	} else if ver.CheckedArithmetic() {
		return
	}
	safeMath := usesSafeMath(pass.Contract)
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || uncheckedMode && !hasUncheckedBlock(fn) {
			continue // from 0.8 only operations in unchecked blocks can wrap
		}
		conds := conditionsOf(p, fn)
		ops := arithOps(fn.Body)
		ctx := &overflowCtx{ops: ops, byAmount: map[string][]int{}, guarded: map[ast.Expr]bool{}, conds: conds, flow: newValueFlow(info)}
		for i := range ops {
			ops[i].ytext = normText(p, ops[i].y)
			if _, ok := ops[i].node.(*ast.AssignExpr); ok {
				ops[i].root = info.RootVar(ops[i].x)
			}
			ctx.byAmount[ops[i].ytext] = append(ctx.byAmount[ops[i].ytext], i)
		}
		best := map[int]struct {
			op  arithOp
			sev detect.Severity
		}{}
		var lines []int
		for _, op := range ops {
			if uncheckedMode && !op.unchecked {
				continue
			}
			sev, reason, ok := judgeOverflow(p, pass, fn, info, op, ctx, safeMath, uncheckedMode)
			if !ok {
				continue
			}
			line := lineOf(p, op.node.Pos())
			if b, seen := best[line]; seen && b.sev.Rank() <= sev.Rank() {
				continue
			} else if !seen {
				lines = append(lines, line)
			}
			_ = reason
			best[line] = struct {
				op  arithOp
				sev detect.Severity
			}{op, sev}
		}
		for _, line := range lines {
			b := best[line]
			_, reason, _ := judgeOverflow(p, pass, fn, info, b.op, ctx, safeMath, uncheckedMode)
			reportAt(pass, b.op.node, fn, map[string]string{"expression": sourceText(p, b.op.node), "reason": reason}, b.sev, "")
		}
	}
}

// judgeOverflow decides whether op can wrap unnoticed and how severe that is.
func judgeOverflow(p *sema.Program, pass *detect.Pass, fn *sema.Function, info *sema.FuncInfo, op arithOp, ctx *overflowCtx,
	safeMath, uncheckedMode bool) (detect.Severity, string, bool) {
	// Constant folding: the compiler evaluates constant expressions exactly.
	if isConstExpr(info, op.x) && (op.y == nil || isConstExpr(info, op.y)) {
		return "", "", false
	}
	// Operations on non-integers (string concatenation does not exist before 0.8, but
	// fixed-point and unknown types are left alone when the model knows they are not integers).
	t, typed := intType(info, op.x)
	if !typed && op.y != nil {
		t, typed = intType(info, op.y)
	}
	if !typed {
		if tt := info.Types[op.x]; tt != nil {
			return "", "", false
		}
	}
	bits := 256
	if typed {
		bits = t.Bits()
	}
	narrow := bits < 64
	// Increments by one of wide integers cannot wrap in practice (2^64 transactions).
	if op.op == token.ADD && bits >= 64 && (op.y == nil || smallLiteral(op.y)) {
		return "", "", false
	}
	// MAX - b cannot go below zero.
	if op.op == token.SUB && op.y != nil && isMaxConst(p, info, op.x) {
		return "", "", false
	}
	if op.op == token.MUL && bits >= 64 && op.y != nil && smallLiteral(op.x) && smallLiteral(op.y) {
		return "", "", false
	}
	src := ctx.flow.Of(op.x)
	if op.y != nil {
		src |= ctx.flow.Of(op.y)
	}
	influenced := src.Has(callerInfluence)
	// Ether amounts (msg.value, balances) are bounded by the ether supply (< 2^90): adding them
	// or scaling them by a constant does not overflow a wide integer.
	if influenced && !src.Has(callerInfluence&^(sema.SrcValue|sema.SrcBalance)) && bits >= 128 &&
		(op.op == token.ADD || (op.op == token.MUL && op.y != nil && (isConstExpr(info, op.x) || isConstExpr(info, op.y)))) {
		return "", "", false
	}
	if uncheckedMode && !influenced {
		// The author opted out of checks; only values the caller chooses are worth a finding.
		return "", "", false
	}
	// Math libraries and free functions compute for their callers, who own the bounds (and
	// fixed-point libraries wrap on purpose); in 0.8, pure functions that opt out of checks
	// do it deliberately too.
	if fn.Contract == nil || fn.Contract.IsLibrary() || (uncheckedMode && fn.Mutability == token.PURE) {
		return "", "", false
	}
	if !influenced && !narrow {
		// Subtractions from state by any amount (count -= 1 with no check) underflow too.
		if !(op.op == token.SUB && src.Has(sema.SrcStorage) && op.y == nil) {
			return "", "", false
		}
	}
	if ctx.isGuarded(p, info, op) || sumsLengths(info, op, bits) || paidOut(p, info, op, bits) || restoresSubtraction(p, info, op, ctx) {
		return "", "", false
	}
	twin := checkedTwin(p, info, op, ctx)
	if uncheckedMode && twin {
		return "", "", false
	}
	// Severity from the evidence.
	stateWrite := writesState(p, info, op)
	entry := fn.IsEntryPoint()
	var sev detect.Severity
	reason := ""
	switch {
	case stateWrite && entry && influenced && !ctx.accessControlled(p, fn):
		sev = detect.High
		reason = "The operand comes from the caller and the result is stored in contract state."
	case stateWrite && influenced:
		sev = detect.Medium
		reason = "The result is stored in contract state; the operand comes from a caller of the function."
	case influenced:
		sev = detect.Medium
		reason = "The operand comes from the caller."
	default:
		sev = detect.Low
		reason = "The operand type is narrow and wraps easily."
		if stateWrite {
			reason = "The stored value can go below zero."
		}
	}
	if fn.Contract != nil && fn.Contract.IsLibrary() || fn.Contract == nil || fn.IsView() {
		sev = detect.Low
		reason += " The operation is in library or read-only math."
	}
	if twin {
		sev = detect.Low
		reason += " The same amount is checked elsewhere in the function, which bounds the total."
	}
	if safeMath {
		both := op.y != nil && ctx.flow.Of(op.x).Has(callerInfluence) && ctx.flow.Of(op.y).Has(callerInfluence)
		if !(op.op == token.MUL && both) {
			sev = detect.Low
		} else {
			sev = lowerTo(sev, detect.Medium)
		}
		reason += " The contract uses a SafeMath library but not for this operation."
	}
	if uncheckedMode {
		sev = lowerTo(sev, detect.Medium)
	}
	if inTestCode(fn) {
		sev = detect.Low
		reason += " The code is a test harness."
	}
	if acknowledgedWrap(p, op.node) {
		sev = detect.Informational
		reason += " A comment says the wrap-around is intended or cannot happen."
	}
	return sev, reason, true
}

// isMaxConst reports whether x is the largest value of its type written as a constant:
// uint256(-1), type(uint256).max, ~uint256(0), 2**256 - 1, or a constant named MAX....
func isMaxConst(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	if !isConstExpr(info, x) {
		return false
	}
	t := normText(p, x)
	return containsText(t, "(-1)") || containsText(t, ".max") || containsText(t, "~") ||
		containsText(t, "**256-1") || containsText(strings.ToUpper(t), "MAX")
}

// smallLiteral reports whether x is an integer literal below 2^16.
func smallLiteral(x ast.Expr) bool {
	v := litValue(x)
	return v != nil && v.BitLen() <= 16
}

// writesState reports whether op's result is stored in a state variable: a compound
// assignment or ++/-- on state, or the right side of an assignment to state.
func writesState(p *sema.Program, info *sema.FuncInfo, op arithOp) bool {
	switch e := op.node.(type) {
	case *ast.AssignExpr:
		return p.StateVarOf(info, e.Lhs) != nil
	case *ast.UnaryExpr:
		return p.StateVarOf(info, e.X) != nil
	}
	if a, ok := op.holder.(*ast.AssignExpr); ok {
		return p.StateVarOf(info, a.Lhs) != nil
	}
	return false
}

// overflowGuarded reports whether a condition of the function bounds op: for a - b, a
// comparison of a with b; for a + b and a * b, a comparison of the result (or a + b itself)
// with an operand, or one relating both operands through the complementary operation
// (a <= MAX - b, b <= MAX / a); for --, a check that the value is positive. Ternaries on
// the operands around op count too.
func overflowGuarded(p *sema.Program, info *sema.FuncInfo, op arithOp, conds []condition) bool {
	x := aliasText(p, info, op.x)
	y := "1"
	if op.y != nil {
		y = aliasText(p, info, op.y)
	}
	// A subtrahend converted to a narrower type is no larger than the value compared:
	// minted > amount bounds minted - uint128(amount).
	yValue := y
	if op.op == token.SUB && op.y != nil {
		yValue = aliasText(p, info, withoutIntConversions(op.y))
	}
	whole := aliasText(p, info, op.node)
	if a, ok := op.node.(*ast.AssignExpr); ok {
		whole = x + op.op.String() + y
		_ = a
	}
	result := resultVar(info, op)
	var exprs []ast.Expr
	for _, c := range conds {
		exprs = append(exprs, c.expr)
	}
	for t := op.ternaries; t != nil; t = t.up {
		exprs = append(exprs, t.cond)
	}
	for _, e := range exprs {
		for _, cmp := range comparisonsIn(e) {
			l, r := aliasText(p, info, cmp.X), aliasText(p, info, cmp.Y)
			if l == "" || r == "" {
				continue
			}
			switch op.op {
			case token.SUB:
				if (l == x && (r == y || r == yValue)) || ((l == y || l == yValue) && r == x) {
					if cmp.Op != token.EQL && cmp.Op != token.NEQ || op.y == nil || y == "1" {
						return true
					}
				}
				// x > 0, x != 0 before x - 1 / x--
				if y == "1" && ((l == x && isZero(cmp.Y)) || (r == x && isZero(cmp.X))) && cmp.Op != token.EQL {
					return true
				}
				// (x - y) <= x, (z = x - y) <= x: the wrapped result is compared with x
				if (containsText(l, whole) && r == x) || (containsText(r, whole) && l == x) {
					return true
				}
				if result != "" && (l == result || r == result) && (l == x || r == x) {
					return true // c = a - b; assert(c <= a)
				}
			default:
				if (containsText(l, whole) && (r == x || r == y)) || (containsText(r, whole) && (l == x || l == y)) {
					return true
				}
				if result != "" && ((containsText(l, result) && (r == x || r == y || containsText(r, x) || containsText(r, y))) ||
					(containsText(r, result) && (l == x || l == y || containsText(l, x) || containsText(l, y)))) {
					return true
				}
				// a <= MAX - b, b <= MAX / a, MAX - a >= b
				if (containsText(l, x) && containsText(r, y)) || (containsText(l, y) && containsText(r, x)) {
					if hasOp(cmp.X, token.SUB, token.QUO) || hasOp(cmp.Y, token.SUB, token.QUO) {
						return true
					}
				}
			}
		}
	}
	return false
}

func isZero(x ast.Expr) bool {
	v := litValue(x)
	return v != nil && v.Sign() == 0
}

func containsText(hay, needle string) bool {
	return needle != "" && len(hay) >= len(needle) && indexOf(hay, needle) >= 0
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func hasOp(x ast.Expr, ops ...token.Token) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			for _, o := range ops {
				if b.Op == o {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// resultVar returns the text of the variable op's result is stored in (c in c = a + b,
// uint c = a + b), or "".
func resultVar(info *sema.FuncInfo, op arithOp) string {
	switch a := op.parent().(type) {
	case *ast.AssignExpr:
		if a.Rhs == op.node {
			if id, ok := a.Lhs.(*ast.Ident); ok {
				return id.Name
			}
		}
	case *ast.VarDeclStmt:
		if a.Value == op.node && len(a.Vars) == 1 && a.Vars[0] != nil && a.Vars[0].Name != nil {
			return a.Vars[0].Name.Name
		}
	}
	if a, ok := op.node.(*ast.AssignExpr); ok {
		if id, ok := a.Lhs.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// checkedTwin reports whether the amount op adds or subtracts is also moved, with a check,
// elsewhere in the function: balances[from] -= v (checked) with balances[to] += v, or
// totalSupply += v (checked) with balanceOf[to] += v. The invariant that the parts sum to a
// checked total bounds op.
func checkedTwin(p *sema.Program, info *sema.FuncInfo, op arithOp, ctx *overflowCtx) bool {
	if op.y == nil || (op.op != token.ADD && op.op != token.SUB) {
		return false
	}
	if _, ok := op.node.(*ast.AssignExpr); !ok {
		return false
	}
	target := op.root
	checkedFile := info.Fn.File.Version.CheckedArithmetic()
	for _, i := range ctx.byAmount[op.ytext] {
		o := ctx.ops[i]
		other := o.root
		if o.node == op.node || o.y == nil || other == nil {
			continue
		}
		// The opposite move on the same mapping, or the same move on another variable.
		if !((other == target && o.op != op.op) || (other != target && o.op == op.op)) {
			continue
		}
		checked := !o.unchecked && checkedFile
		if !checked {
			checked = ctx.isGuarded(p, info, o)
		}
		if checked {
			return true
		}
	}
	return false
}

// aliasText is normText with a storage pointer replaced by what it points to, so that
// u.balance -= v (User storage u = users[msg.sender]) matches
// require(users[msg.sender].balance >= v).
func aliasText(p *sema.Program, info *sema.FuncInfo, x ast.Expr) string {
	text := normText(p, x)
	root := x
	for {
		switch e := ast.Unparen(root).(type) {
		case *ast.IndexExpr:
			root = e.X
			continue
		case *ast.MemberExpr:
			root = e.X
			continue
		}
		break
	}
	id, ok := ast.Unparen(root).(*ast.Ident)
	if !ok || !strings.HasPrefix(text, id.Name) {
		return text
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || !v.IsStorageRef() {
		return text
	}
	var init ast.Expr
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if d, ok := n.(*ast.VarDeclStmt); ok && len(d.Vars) == 1 && d.Vars[0] == v.Decl {
			init = d.Value
		}
		return init == nil
	})
	if init == nil {
		return text
	}
	return normText(p, init) + text[len(id.Name):]
}

var (
	wrapWord   = regexp.MustCompile(`(?i)overflow|underflow|wrap`)
	intentWord = regexp.MustCompile(`(?i)desired|acceptable|intend|on purpose|deliberate|expected|can'?t|cannot|won'?t|never|impossible|safe|not possible`)
)

// acknowledgedWrap reports whether a // comment on the operation's line or the two lines above
// it says the wrap-around is intended or impossible ("overflow is desired", "cannot underflow").
// A comment that only names the risk ("possible overflow") does not count.
func acknowledgedWrap(p *sema.Program, n ast.Node) bool {
	f := p.FileOf(n.Pos())
	if f == nil {
		return false
	}
	line := f.Line(n.Pos())
	lines := sema.Memo(f, srcLinesKey{}, func() []string { return source.SplitLines(string(f.Src)) })
	for l := line - 3; l < line; l++ {
		if l < 0 || l >= len(lines) {
			continue
		}
		i := strings.Index(lines[l], "//")
		if i < 0 {
			continue
		}
		c := lines[l][i:]
		if wrapWord.MatchString(c) && intentWord.MatchString(c) {
			return true
		}
	}
	return false
}

// srcLinesKey memoises a file's lines: acknowledgedWrap is asked for every operation.
type srcLinesKey struct{}
