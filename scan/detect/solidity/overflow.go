package solidity

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source"
)

// IntegerOverflow and UncheckedOverflow share one analysis of the arithmetic that wraps
// around silently: every +, -, *, ** (and their compound assignments, ++ and --) in code the
// compiler does not check (files whose pragma admits versions below 0.8, or `unchecked`
// blocks in 0.8) is reported when an operand is something the caller influences (a parameter,
// msg.value, a balance, a call result) or the type is narrow enough to wrap in practice, and
// the value ranges (sema.Ranges) do not keep the exact result inside its type: guards before
// it in any form (require(a >= b), if (d > 18) revert(), a ternary, a loop bound, a min()
// helper, a bound put on a copy), constants and narrower types all count. A test of the
// result after it that reverts on the wrap (c = a + b; require(c >= a)) counts too, and so
// does a checked twin of the same amount (the sum-of-balances invariant). The severity
// follows the evidence: high when the caller's value wraps a state variable in a function
// anyone can call, lower for trusted callers, locals, libraries and contracts that use a
// SafeMath library (their raw operators are deliberate); the confidence says what decided it.

// callerInfluence are the sources of a value a caller chooses or sways.
const callerInfluence = sema.SrcParam | sema.SrcValue | sema.SrcBalance | sema.SrcCallRet | sema.SrcData

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
		DetectionLogic: "Pre-0.8 files: +, -, *, ** and compound assignments, ++/-- whose operands depend on parameters, msg.value, balances or call results, or are narrower than 64 bits, whose exact result the value ranges at the operation (guards, constants, types, loop bounds, min/max helpers, copies; for a finding that would be low, the guards that dominate it) do not keep inside the type, " +
			"not tested after the wrap by a comparison that reverts (c = a + b; require(c >= a)), and with no checked twin of the same amount; sums of array lengths and amounts paid out as call value before the addition are bounded; " +
			"wraps the computation cannot observe are left out (an intermediate of a chain whose exact result fits, a masked or narrowed result, a zero test that reverts on zero, a wrapped size or index that reverts), and so is the growth of another contract's counter since its saved reading; " +
			"a value another contract returns counts as the caller's only when the caller steers the call, an internal function's parameters only when an outsider can fill them; " +
			"high for state writes of a value the caller passes in public functions without access control (a value that reaches the operation through another contract's or unresolved code: medium; code that stores and moves nothing: low). " +
			"Confidence high when a caller-chosen operand is unbounded on resolved code, medium when the value comes from external or unresolved code, low when a heuristic decided.",
		Version:   "1.2.0",
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
		DetectionLogic:  "0.8 files: arithmetic inside unchecked { } on caller-influenced operands whose exact result the value ranges at the operation do not keep inside the type, without a checked twin of the same amount (sum-of-balances invariant); sums of array lengths and amounts paid out as call value before the addition are ignored, and so are wraps the computation cannot observe and values no caller steers (the same facts as INTEGER_OVERFLOW); medium at most.",
		Version:         "1.2.0",
		SWC:             []string{"SWC-101"},
		CWE:             []string{"CWE-190", "CWE-191"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "arithmetic",
	},
	Run: func(pass *detect.Pass) { runOverflow(pass, true) },
}

// overflowCtx holds what runOverflow computes once per function: its operations indexed by
// the text of their amount (for twins), and the function's value ranges, asked for on the
// first operation that needs them.
type overflowCtx struct {
	ops      []arithOp
	byAmount map[string][]int
	access   *bool // HasAccessControl of the function, once computed
	flow     *valueFlow
	p        *sema.Program
	info     *sema.FuncInfo
	ranges   *sema.Ranges
	index    map[ast.Node]int // ops by node (opIndex)
	facts    [2][]opFacts     // per operation: the guards' facts, the whole function's (factsOf)
}

func (c *overflowCtx) accessControlled(p *sema.Program, fn *sema.Function) bool {
	if c.access == nil {
		a := p.HasAccessControl(fn)
		c.access = &a
	}
	return *c.access
}

// rangesOf returns the function's value ranges (computed once per function for every detector).
func (c *overflowCtx) rangesOf() *sema.Ranges {
	if c.ranges == nil {
		c.ranges = c.p.Ranges(c.info)
	}
	return c.ranges
}

// bounded reports whether the value ranges show op cannot wrap unnoticed: its exact result
// stays in its type, or every execution that goes on after a wrap reverts at a test of the
// result. facts are the ranges' view of op (ok false when they have none). With byGuards only
// the guards that dominate op are read (sema.ArithByGuards), not the whole function's ranges.
func (c *overflowCtx) bounded(op arithOp, byGuards bool) (facts sema.ArithFacts, ok, safe bool) {
	if byGuards {
		facts, ok = c.p.ArithByGuards(c.info, op.node)
		return facts, ok, ok && !facts.Overflows()
	}
	r := c.rangesOf()
	facts, ok = r.Arith(op.node)
	if ok && !facts.Overflows() {
		return facts, ok, true
	}
	return facts, ok, r.PostChecked(op.node)
}

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
		ops := arithOps(fn.Body)
		ctx := &overflowCtx{ops: ops, byAmount: map[string][]int{}, flow: newValueFlow(p, info), p: p, info: info}
		for i := range ops {
			ops[i].ytext = normText(p, ops[i].y)
			if _, ok := ops[i].node.(*ast.AssignExpr); ok {
				ops[i].root = info.RootVar(ops[i].x)
			}
			ctx.byAmount[ops[i].ytext] = append(ctx.byAmount[ops[i].ytext], i)
		}
		type found struct {
			op arithOp
			v  overflowVerdict
		}
		verdicts := map[int]overflowVerdict{}
		for i, op := range ops {
			if uncheckedMode && !op.unchecked {
				continue
			}
			if v, ok := judgeOverflow(p, fn, info, i, ctx, safeMath, uncheckedMode); ok {
				verdicts[i] = v
			}
		}
		best := map[int]found{}
		var lines []int
		repeats := map[string]int{} // a computation of unchanging values, by text: its first report
		for i, op := range ops {
			v, ok := verdicts[i]
			if !ok {
				continue
			}
			// An intermediate of a chain reported at its top is the same wrap (see arith_use.go).
			if top := ctx.chainTop(i); top != i {
				if _, reported := verdicts[top]; reported {
					continue
				}
			}
			line := lineOf(p, op.node.Pos())
			// The same computation of the same values (operands no code of the function
			// changes) wraps for the same inputs: one finding, naming the other lines.
			if key, same := repeatKey(p, info, op); same {
				if first, seen := repeats[key]; seen && first != line {
					b := best[first]
					b.v.evidence += "; the same computation of the same values is at line " + strconv.Itoa(line) + " too"
					best[first] = b
					continue
				}
				repeats[key] = line
			}
			if b, seen := best[line]; seen && b.v.sev.Rank() <= v.sev.Rank() {
				continue
			} else if !seen {
				lines = append(lines, line)
			}
			best[line] = found{op, v}
		}
		for _, line := range lines {
			b := best[line]
			reportAt(pass, b.op.node, fn, map[string]string{"expression": sourceText(p, b.op.node), "reason": b.v.reason,
				"evidence": b.v.evidence}, b.v.sev, b.v.conf)
		}
	}
}

// overflowVerdict is how a reported operation is reported: severity, confidence, and the
// reason and evidence shown.
type overflowVerdict struct {
	sev      detect.Severity
	conf     detect.Confidence
	reason   string
	evidence string
}

// judgeOverflow decides whether op can wrap unnoticed and how severe that is.
func judgeOverflow(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, i int, ctx *overflowCtx,
	safeMath, uncheckedMode bool) (overflowVerdict, bool) {
	var v overflowVerdict
	op := ctx.ops[i]
	// Constant folding: the compiler evaluates constant expressions exactly.
	if isConstExpr(info, op.x) && (op.y == nil || isConstExpr(info, op.y)) {
		return v, false
	}
	// Operations on non-integers (string concatenation does not exist before 0.8, but
	// fixed-point and unknown types are left alone when the model knows they are not integers).
	t, typed := intType(info, op.x)
	if !typed && op.y != nil {
		t, typed = intType(info, op.y)
	}
	if !typed {
		if tt := info.Types[op.x]; tt != nil {
			return v, false
		}
	}
	bits := 256
	if typed {
		bits = t.Bits()
	}
	narrow := bits < 64
	// Increments by one of wide integers cannot wrap in practice: counting to 2^64 takes more
	// transactions than a chain will ever hold.
	if op.op == token.ADD && bits >= 64 && (op.y == nil || smallLiteral(op.y)) {
		return v, false
	}
	src := ctx.flow.Of(op.x)
	if op.y != nil {
		src |= ctx.flow.Of(op.y)
	}
	influenced := src.Has(callerInfluence)
	// A function only the program calls, whose callers fill the operands with nothing an
	// outsider chooses (arith_trust.go): what remains is the type's width.
	trusted := influenced && trustedParams(p, fn, info, src, op.x, op.y)
	if trusted {
		influenced = false
	}
	// amount - amount * rate / BASE: whether it wraps is the rate's doing, not the caller's.
	if influenced && shareOfSame(p, info, ctx.flow, op) {
		influenced = false
	}
	// Ether amounts (msg.value, balances) are bounded by the ether supply (< 2^90): adding them
	// or scaling them by a constant does not overflow a wide integer, however many there are.
	// Scaled in 256 bits by a value the caller does not choose (a stored rate, another
	// contract's setting), the product wraps only if that value is 2^128 or more: a setting no
	// caller can bring about, not the caller's ether.
	if influenced && !src.Has(callerInfluence&^(sema.SrcValue|sema.SrcBalance)) && bits >= 128 &&
		(op.op == token.ADD || (op.op == token.MUL && op.y != nil && (isConstExpr(info, op.x) || isConstExpr(info, op.y) ||
			bits == 256 && (!ctx.flow.Of(op.x).Has(callerInfluence) || !ctx.flow.Of(op.y).Has(callerInfluence))))) {
		return v, false
	}
	if uncheckedMode && !influenced {
		// The author opted out of checks; only values the caller chooses are worth a finding.
		return v, false
	}
	// Math libraries and free functions compute for their callers, who own the bounds (and
	// fixed-point libraries wrap on purpose); in 0.8, pure functions that opt out of checks
	// do it deliberately too.
	if fn.Contract == nil || fn.Contract.IsLibrary() || (uncheckedMode && fn.Mutability == token.PURE) {
		return v, false
	}
	if !influenced && !narrow {
		// Subtractions from state by any amount (count -= 1 with no check) underflow too.
		if !(op.op == token.SUB && src.Has(sema.SrcStorage) && op.y == nil) {
			return v, false
		}
	}
	if sumsLengths(info, op, bits) || paidOut(p, info, op, bits) || growthSinceSnapshot(p, info, op) {
		return v, false
	}
	twin := checkedTwin(p, info, op, ctx)
	if uncheckedMode && twin {
		return v, false
	}
	v = gradeOverflow(p, fn, info, op, ctx, influenced, twin, safeMath, uncheckedMode)
	if trusted {
		v.reason += " Every caller of the function passes values no outsider chooses (stored state, constants, trusted callers, proven parameters)."
	}
	// The value ranges decide whether the operation can wrap: first the guards that dominate
	// it (cheap), then, when they do not settle it and the finding would be of medium or more,
	// the whole function's (loops, copies, helpers). A low finding (SafeMath in use, read-only
	// math, test code) is judged by the guards and, when a condition compares its result, by
	// the test after it: the fixpoint over the whole function is not worth more for it.
	facts, hasFacts, safe := ctx.bounded(op, true)
	if !safe && (v.sev.Rank() < detect.Low.Rank() || mayBePostChecked(p, info, op)) {
		facts, hasFacts, safe = ctx.bounded(op, false)
	}
	if safe || hasFacts && (smallStep(op, bits, facts) || wrapIndexReverts(info, op, facts) || hashOffset(p, info, op, facts)) {
		return v, false
	}
	// A wrap the rest of the computation cannot observe (arith_use.go): an intermediate whose
	// chain fits, a result reduced modulo 2^k, a zero test that reverts on zero.
	if _, ok := ctx.wrapUnobserved(i, false); ok {
		return v, false
	}
	if v.sev.Rank() < detect.Low.Rank() {
		if _, ok := ctx.wrapUnobserved(i, true); ok {
			return v, false
		}
	}
	// Not declared view, but no run of it stores or moves anything (sema/readonly.go): what
	// it computes goes back to the caller, as a view's result does. (Judged after the ranges,
	// which a low finding would not ask in full.)
	if v.sev.Rank() < detect.Low.Rank() && p.ReadOnlyInEffect(fn) {
		v.sev = detect.Low
		v.reason += " No entry point that runs it writes state or moves value: the result is only handed back, as a view's is."
	}
	if acknowledgedWrap(p, op.node) {
		v.sev, v.conf = detect.Informational, detect.ConfidenceLow
		v.reason += " A comment says the wrap-around is intended or cannot happen."
	}
	if hasFacts {
		v.evidence = wrapEvidence(p, op, facts)
		if v.conf == detect.ConfidenceMedium && influenced && provenByCaller(p, fn, info, op, src, facts) {
			v.conf = detect.ConfidenceHigh
		}
	}
	return v, true
}

// gradeOverflow grades a possible wrap before the ranges are asked: its severity, and a
// confidence the evidence later raises (a caller's value the ranges leave unbounded).
func gradeOverflow(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, op arithOp, ctx *overflowCtx,
	influenced, twin, safeMath, uncheckedMode bool) overflowVerdict {
	var v overflowVerdict
	v.sev, v.reason = overflowSeverity(p, fn, info, op, ctx, influenced)
	callerStored := v.sev == detect.High // the caller's value, unguarded, stored in state
	v.conf = detect.ConfidenceMedium
	if !influenced {
		v.conf = detect.ConfidenceLow // only the width of the type spoke for it
	}
	if fn.Contract != nil && fn.Contract.IsLibrary() || fn.Contract == nil || fn.IsView() {
		v.sev = detect.Low
		v.reason += " The operation is in library or read-only math."
	}
	if twin {
		v.sev, v.conf = detect.Low, detect.ConfidenceLow
		v.reason += " The same amount is checked elsewhere in the function, which bounds the total."
	}
	// (A low finding is not worth the search for a comparison of its operands.)
	if v.sev.Rank() < detect.Low.Rank() {
		if cmp := comparedOperands(p, info, op); cmp != nil {
			// The author compared these operands, somewhere the ranges cannot tie to this
			// path (a flag set under the check, a bound through a product): likely bounded.
			v.sev, v.conf = detect.Low, detect.ConfidenceLow
			v.reason += " The function compares the operands (" + sourceText(p, cmp) + "), though not on a path the value ranges follow to the operation."
		}
	}
	if safeMath {
		both := op.y != nil && ctx.flow.Of(op.x).Has(callerInfluence) && ctx.flow.Of(op.y).Has(callerInfluence)
		if !(op.op == token.MUL && both) {
			v.sev, v.conf = detect.Low, detect.ConfidenceLow
		} else {
			v.sev = lowerTo(v.sev, detect.Medium)
		}
		v.reason += " The contract uses a SafeMath library but not for this operation."
	}
	if uncheckedMode && !(callerStored && v.sev == detect.High) {
		// An unchecked block is written on purpose: medium, unless the caller's own value
		// reaches stored state from a function anyone calls (a balance taken below zero).
		v.sev = lowerTo(v.sev, detect.Medium)
	}
	if inTestCode(fn) {
		v.sev, v.conf = detect.Low, detect.ConfidenceLow
		v.reason += " The code is a test harness."
	}
	return v
}

// overflowSeverity grades a wrap by what it reaches: the caller's value stored in state in a
// function anyone can call is high.
func overflowSeverity(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, op arithOp, ctx *overflowCtx, influenced bool) (detect.Severity, string) {
	stateWrite := writesState(p, info, op)
	// A value another contract returns (and nothing the caller passes) rests on that contract's
	// behaviour, which the analysis does not see: at most medium.
	src := ctx.flow.Of(op.x)
	if op.y != nil {
		src |= ctx.flow.Of(op.y)
	}
	if influenced && !src.Has(callerInfluence&^sema.SrcCallRet) {
		if stateWrite {
			return detect.Medium, "The operand is returned by another contract and the result is stored in contract state."
		}
		return detect.Medium, "The operand is returned by another contract."
	}
	switch {
	case stateWrite && fn.IsEntryPoint() && influenced && !ctx.accessControlled(p, fn):
		return detect.High, "The operand comes from the caller and the result is stored in contract state."
	case stateWrite && influenced:
		return detect.Medium, "The result is stored in contract state; the operand comes from a caller of the function."
	case influenced:
		return detect.Medium, "The operand comes from the caller."
	case stateWrite:
		return detect.Low, "The stored value can go below zero."
	}
	return detect.Low, "The operand type is narrow and wraps easily."
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
			_, _, checked = ctx.bounded(o, true)
		}
		if checked {
			return true
		}
	}
	return false
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
