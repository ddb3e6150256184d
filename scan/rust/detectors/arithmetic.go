package detectors

import (
	"sort"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// UncheckedArithmetic reports integer operators that wrap silently because the release profile
// disables overflow checks.
var UncheckedArithmetic = analyzer(detect.Template{
	ID:         "SOLANA_UNCHECKED_ARITHMETIC",
	Name:       "Unchecked arithmetic",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> uses <code>${operator}</code> on integers while " +
		"<code>overflow-checks</code> is off for release builds, so an overflow or underflow wraps " +
		"around instead of failing.</p>",
	Remediation: "<p>Use <code>checked_add</code>/<code>checked_sub</code>/<code>checked_mul</code> and return an " +
		"error on <code>None</code>, or set <code>overflow-checks = true</code> under " +
		"<code>[profile.release]</code> of the workspace Cargo.toml.</p>",
	DescriptionKeys: []string{"function_name", "operator"},
	DetectionLogic: "When the root manifest does not enable profile.release.overflow-checks: +, -, *, <<, >> and their " +
		"compound assignments in instruction code an instruction reaches from #[program] or the native entrypoint's " +
		"dispatch (handlers, the functions they hand the Context to, Accounts methods, native functions taking " +
		"accounts; numeric helpers are left to their callers' guards), " +
		"except between literals, on float operands, results whose width fits their type (the bits each operand can " +
		"need, from literals, declared types of parameters, locals, fields and constants, and casts: u32 as u64 * 16 " +
		"cannot overflow), a loop counter a constant step raises once per iteration, a - b under a comparison of a and b, " +
		"x - k where a condition bounds x from below by k (require!(x > 0) then x - 1; n - 1 in a loop over 0..n; " +
		"v.len() - 1 right after v.push), the length of a slice less the length of a part taken from it (list.len() - tail.len(), less k when the part starts at k or later), operations whose only use is a comparison in a condition, and operands a " +
		"condition bounds above, and sums of stored values whose total the program checked when it stored them (total += s.F over " +
		"a list of one of the crate's stored types read back from an account, total starting at 0, when every writer of that " +
		"field decodes it from stored bytes, sets it to 0 or lowers it, or adds it to a running total with checked_add in the " +
		"loop that stores it in a function that tests what the account holds before writing: an is_initialized flag or a " +
		"borrow of its data). Confidence is low in instructions only an administrator can run (a signer matched with " +
		"data of an account whose address is fixed). Division and remainder are left out (SOLANA_DIVISION_BY_ZERO).",
	CWE:   []string{"CWE-190", "CWE-191"},
	SWC:   []string{"SWC-101"},
	Class: "arithmetic",
}, func(p *Pass) {
	if on, _ := p.Crate.OverflowChecks(); on {
		return
	}
	for _, fn := range p.instructionCode() {
		if p.Stopped(nil) {
			return
		}
		body := fn.Decl.Body
		loopVars := rangeLoopVars(body)
		bounds := boundedValues(body)
		lower := lowerBounds(body)
		parts := subSlices(body)
		w := newWidths(p, fn)
		par := parents(body)
		admin := p.adminOnly(fn)
		for _, op := range model.Arithmetic(body) {
			switch op.Op {
			case token.SLASH, token.PERCENT, token.SLASH_EQ, token.PERC_EQ:
				continue
			}
			if op.Constant || op.Float || isStringy(op.X) || isStringy(op.Y) || op.Guarded {
				continue
			}
			if cannotOverflow(op, loopVars) || bothBounded(op, bounds) || w.fits(op, par) ||
				boundedBelow(op, lower, par) || onlyCompared(op, par) || partLengthOp(op, parts) || p.storedSum(fn, op, par) {
				continue
			}
			f := p.ReportRange(op.Pos(), op.Node.End(), fn, map[string]string{"operator": op.Op.String()})
			if admin {
				f.Confidence = detect.ConfidenceLow
			}
		}
	}
})

// instructionCode lists, in source order, the instruction code the crate's instructions reach:
// the functions that take their accounts (handlers, the functions they hand the Context to,
// methods of Accounts structs, native processors), not the numeric helpers those call, whose
// operands are bounded, if at all, by their callers' guards.
func (p *Pass) instructionCode() []*model.Function {
	reached := map[*model.Function]bool{}
	for _, in := range p.Model.Instructions {
		for fn := range in.Facts.Code {
			reached[fn] = true
		}
	}
	var out []*model.Function
	for _, u := range p.units() {
		if reached[u.Func] {
			out = append(out, u.Func)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// adminOnly reports a function only instructions gated by an administrator reach: each has a
// signer matched with data of an account whose own address is fixed (a configuration).
func (p *Pass) adminOnly(fn *model.Function) bool {
	ins := p.Model.InstructionsOf(fn)
	if len(ins) == 0 {
		return false
	}
	for _, in := range ins {
		gated := false
		for _, a := range in.Accounts {
			if !a.IsSigner() {
				continue
			}
			for _, r := range a.KeyRelations {
				o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, a.Name) })
				if ok && r.Equal && o.Kind == validation.Field {
					if h := in.Account(o.Acc); h != nil && h.KeyFixed() != nil {
						gated = true
					}
				}
			}
		}
		if !gated {
			return false
		}
	}
	return true
}

func isStringy(x ast.Expr) bool {
	lit, ok := x.(*ast.LitExpr)
	return ok && (lit.Kind == token.STRING || lit.Kind == token.RAW_STRING)
}

// fits reports a sum, product or shift whose result needs no more bits than its type has; a
// compound assignment to a local raised inside a for loop is bounded by the loop's iterations.
func (w *widths) fits(op *model.ArithOp, par map[ast.Node]ast.Node) bool {
	var need int
	x, y := w.bits(op.X), w.bits(op.Y)
	if x < 0 || y < 0 {
		return false
	}
	switch op.Op {
	case token.PLUS, token.PLUS_EQ:
		if op.Op == token.PLUS_EQ {
			if !w.localCounter(op.X, par, op.Node) {
				return false
			}
			x = max(x, lenBits+y)
		}
		need = max(x, y) + 1
	case token.STAR:
		need = x + y
	case token.SHL:
		lit, ok := op.Y.(*ast.LitExpr)
		if !ok {
			return false
		}
		v := litValue(lit)
		if v == nil || !v.IsInt64() {
			return false
		}
		need = x + int(v.Int64())
	default:
		return false
	}
	return need <= w.opBits(op)
}

// localCounter reports x += step on a local declared in the function (its initializer's width
// known) inside a for loop: it grows by step at most once per iteration.
func (w *widths) localCounter(x ast.Expr, par map[ast.Node]ast.Node, at ast.Node) bool {
	pe, ok := unparen(x).(*ast.PathExpr)
	if !ok || len(pe.Path.Segments) != 1 {
		return false
	}
	if l, ok := w.lets[pe.Path.String()]; !ok || l == nil {
		return false
	}
	for n := par[at]; n != nil; n = par[n] {
		if _, ok := n.(*ast.ForExpr); ok {
			return true
		}
		if _, ok := n.(*ast.ClosureExpr); ok {
			return false
		}
	}
	return false
}

// lowerBounds collects what the function's conditions say of values from below: x > k, x >= k,
// k < x, x != 0, !v.is_empty() (its length at least 1); keyed by the value's text.
func lowerBounds(body ast.Node) map[string]int64 {
	out := map[string]int64{}
	set := func(x ast.Expr, k int64) {
		if p := model.ExprPath(x); p != "" && k > out[p] {
			out[p] = k
		}
	}
	lit := func(x ast.Expr) (int64, bool) {
		l, ok := unparen(x).(*ast.LitExpr)
		if !ok {
			return 0, false
		}
		v := litValue(l)
		if v == nil || !v.IsInt64() {
			return 0, false
		}
		return v.Int64(), true
	}
	for _, cond := range conditions(body) {
		ast.Inspect(cond, func(n ast.Node) bool {
			switch b := n.(type) {
			case *ast.BinaryExpr:
				if k, ok := lit(b.Y); ok {
					switch b.Op {
					case token.GT:
						set(b.X, k+1)
					case token.GE:
						set(b.X, k)
					case token.NE:
						if k == 0 {
							set(b.X, 1)
						}
					}
				}
				if k, ok := lit(b.X); ok {
					switch b.Op {
					case token.LT:
						set(b.Y, k+1)
					case token.LE:
						set(b.Y, k)
					}
				}
			case *ast.UnaryExpr:
				if mc, ok := unparen(b.X).(*ast.MethodCallExpr); ok && b.Op == token.NOT && mc.Name.Name == "is_empty" {
					if p := model.ExprPath(mc.Recv); p != "" && out[p+".len()"] < 1 {
						out[p+".len()"] = 1
					}
				}
			}
			return true
		})
	}
	// for i in 0..n: inside the loop n is at least 1 (see boundedBelow).
	return out
}

// boundedBelow reports x - k (a literal k) where x is bounded below by k: by a condition, by a
// loop over 0..x that the operation is inside, or x = v.len() right after v.push(..).
func boundedBelow(op *model.ArithOp, lower map[string]int64, par map[ast.Node]ast.Node) bool {
	if op.Op != token.MINUS && op.Op != token.MINUS_EQ {
		return false
	}
	l, ok := unparen(op.Y).(*ast.LitExpr)
	if !ok {
		return false
	}
	v := litValue(l)
	if v == nil || !v.IsInt64() {
		return false
	}
	k := v.Int64()
	x := model.ExprPath(unparen(op.X))
	if x == "" {
		return false
	}
	if lower[x] >= k {
		return true
	}
	for n := par[op.Node]; n != nil; n = par[n] {
		f, ok := n.(*ast.ForExpr)
		if !ok {
			continue
		}
		if r, ok := unparen(f.Iter).(*ast.RangeExpr); ok && r.Hi != nil && model.ExprPath(r.Hi) == x && k <= 1 {
			return true
		}
	}
	return afterPush(op, par, x, k)
}

// afterPush reports v.len() - 1 in the statement right after v.push(..).
func afterPush(op *model.ArithOp, par map[ast.Node]ast.Node, x string, k int64) bool {
	if k != 1 || len(x) < 7 || x[len(x)-6:] != ".len()" {
		return false
	}
	vec := x[:len(x)-6]
	var stmt ast.Node = op.Node
	for stmt != nil {
		if _, ok := stmt.(ast.Stmt); ok {
			break
		}
		stmt = par[stmt]
	}
	block, ok := par[stmt].(*ast.BlockExpr)
	if !ok {
		return false
	}
	for i, st := range block.Stmts {
		if st != stmt || i == 0 {
			continue
		}
		prev, ok := block.Stmts[i-1].(*ast.ExprStmt)
		if !ok {
			return false
		}
		mc, ok := unparen(prev.X).(*ast.MethodCallExpr)
		return ok && mc.Name.Name == "push" && model.ExprPath(mc.Recv) == vec
	}
	return false
}

// onlyCompared reports an operation whose value is an operand of a comparison and nothing
// else: if it wraps, the comparison rejects or accepts, no value is stored or moved.
func onlyCompared(op *model.ArithOp, par map[ast.Node]ast.Node) bool {
	if _, ok := op.Node.(*ast.BinaryExpr); !ok {
		return false
	}
	n := par[op.Node]
	for {
		if p, ok := n.(*ast.ParenExpr); ok {
			n = par[p]
			continue
		}
		break
	}
	b, ok := n.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LT, token.LE, token.GT, token.GE, token.EQEQ, token.NE:
		return true
	}
	return false
}

// cannotOverflow reports sums and products whose operands are too narrow
// to overflow: two values widened to 128 bits (a cast to u128 is written
// only for narrower values), or a length or range-loop index plus a
// literal (lengths are bounded by account sizes, indices by their range).
func cannotOverflow(op *model.ArithOp, loopVars map[string]bool) bool {
	switch op.Op {
	case token.PLUS, token.STAR:
	default:
		return false
	}
	if widened(op.X) && (widened(op.Y) || intLit(op.Y)) || widened(op.Y) && intLit(op.X) {
		return true
	}
	if op.Op != token.PLUS {
		return false
	}
	small := func(x ast.Expr) bool {
		if mc, ok := unparen(x).(*ast.MethodCallExpr); ok && mc.Name.Name == "len" && len(mc.Args) == 0 {
			return true
		}
		pe, ok := unparen(x).(*ast.PathExpr)
		return ok && len(pe.Path.Segments) == 1 && loopVars[pe.Path.Segments[0].Name.Name]
	}
	return small(op.X) && intLit(op.Y) || small(op.Y) && intLit(op.X)
}

func unparen(x ast.Expr) ast.Expr {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}

// widened reports a cast to a 128-bit integer type.
func widened(x ast.Expr) bool {
	c, ok := unparen(x).(*ast.CastExpr)
	if !ok {
		return false
	}
	switch typeLast(c.Type) {
	case "u128", "i128":
		// The value cast must not itself be 128-bit arithmetic.
		_, isOp := unparen(c.X).(*ast.BinaryExpr)
		return !isOp
	}
	return false
}

// rangeLoopVars names the variables of for loops over ranges
// (for i in 0..n).
func rangeLoopVars(body ast.Node) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if f, ok := n.(*ast.ForExpr); ok {
			if _, isRange := unparen(f.Iter).(*ast.RangeExpr); isRange {
				if ip, ok := f.Pat.(*ast.IdentPat); ok {
					out[ip.Name.Name] = true
				}
			}
		}
		return true
	})
	return out
}

// boundedValues lists the values a condition bounds above by a literal
// or a constant (x <= MAX, x < 100, MAX >= x).
func boundedValues(body ast.Node) map[string]bool {
	out := map[string]bool{}
	fixed := func(x ast.Expr) bool {
		if intLit(x) {
			return true
		}
		pe, ok := unparen(x).(*ast.PathExpr)
		return ok && isConstName(pe.Path.String())
	}
	for _, cond := range conditions(body) {
		ast.Inspect(cond, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			switch {
			case (b.Op == token.LT || b.Op == token.LE) && fixed(b.Y):
				out[model.ExprPath(b.X)] = true
			case (b.Op == token.GT || b.Op == token.GE) && fixed(b.X):
				out[model.ExprPath(b.Y)] = true
			}
			return true
		})
	}
	delete(out, "")
	return out
}

// bothBounded reports an operation whose operands are each a literal, a
// constant, or a value a condition bounds above.
func bothBounded(op *model.ArithOp, bounds map[string]bool) bool {
	ok := func(x ast.Expr) bool {
		x = unparen(x)
		if c, isCast := x.(*ast.CastExpr); isCast {
			x = unparen(c.X)
		}
		if intLit(x) {
			return true
		}
		if pe, isPath := x.(*ast.PathExpr); isPath && isConstName(pe.Path.String()) {
			return true
		}
		return bounds[model.ExprPath(x)]
	}
	return ok(op.X) && ok(op.Y)
}
