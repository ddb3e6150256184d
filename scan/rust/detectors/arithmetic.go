package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// UncheckedArithmetic reports integer operators that wrap silently
// because the release profile disables overflow checks.
var UncheckedArithmetic = &Analyzer{
	Template: template(detect.Template{
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
		DetectionLogic:  "When the root manifest does not enable profile.release.overflow-checks: +, -, *, <<, >> and their compound assignments in instruction code, except between literals and on float operands. Division and remainder are left out (they cannot overflow for unsigned integers).",
		CWE:             []string{"CWE-190", "CWE-191"},
		SWC:             []string{"SWC-101"},
		Class:           "arithmetic",
	}),
	Run: func(p *Pass) {
		if on, _ := p.Crate.OverflowChecks(); on {
			return
		}
		for _, u := range p.units() {
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
				p.ReportRange(op.Pos(), op.Node.End(), u.Func, map[string]string{"operator": op.Op.String()})
			}
		}
	},
}

func isStringy(x ast.Expr) bool {
	lit, ok := x.(*ast.LitExpr)
	return ok && (lit.Kind == token.STRING || lit.Kind == token.RAW_STRING)
}
