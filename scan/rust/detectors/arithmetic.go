package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// UncheckedArithmetic reports integer operators that wrap silently
// because the release profile disables overflow checks.
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
		"compound assignments in instruction code, except between literals, on float operands, a - b on the side of a " +
		"comparison of a and b, sums and products of two values widened to u128/i128 (x as u128 * y as u128), a length " +
		"or a range-loop index plus a literal, and operations whose operands are both literals, constants or values a " +
		"condition bounds above (require!(bps <= 10_000)). Division and remainder are left out (they cannot overflow " +
		"for unsigned integers; SOLANA_DIVISION_BY_ZERO covers zero divisors).",
	CWE:   []string{"CWE-190", "CWE-191"},
	SWC:   []string{"SWC-101"},
	Class: "arithmetic",
},
	func(p *Pass) {
		if on, _ := p.Crate.OverflowChecks(); on {
			return
		}
		for _, u := range p.units() {
			loopVars := rangeLoopVars(u.Func.Decl.Body)
			bounds := boundedValues(u.Func.Decl.Body)
			for _, op := range model.Arithmetic(u.Func.Decl.Body) {
				switch op.Op {
				case token.SLASH, token.PERCENT, token.SLASH_EQ, token.PERC_EQ:
					continue
				}
				if op.Constant || op.Float || isStringy(op.X) || isStringy(op.Y) {
					continue
				}
				if op.Guarded {
					continue // a - b where the code compares a and b (if a >= b, match a.cmp(&b))
				}
				if cannotOverflow(op, loopVars) || bothBounded(op, bounds) {
					continue
				}
				p.ReportRange(op.Pos(), op.Node.End(), u.Func, map[string]string{"operator": op.Op.String()})
			}
		}
	})

func isStringy(x ast.Expr) bool {
	lit, ok := x.(*ast.LitExpr)
	return ok && (lit.Kind == token.STRING || lit.Kind == token.RAW_STRING)
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
