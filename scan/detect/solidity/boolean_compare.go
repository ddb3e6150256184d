package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// BooleanConstantComparison reports comparisons with true or false (x == true, y != false),
// which are redundant and, written by mistake for an assignment or a different variable, hide
// logic errors.
var BooleanConstantComparison = &detect.Analyzer{
	Template: detect.Template{
		ID:              "BOOLEAN_CONSTANT_COMPARISON",
		Name:            "Comparison with a boolean constant",
		Severity:        detect.Informational,
		Confidence:      detect.ConfidenceHigh,
		Description:     `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> compares with a boolean constant.</p>`,
		Remediation:     `<p>Use the boolean directly: <code>x</code> instead of <code>x == true</code>, <code>!x</code> instead of <code>x == false</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression"},
		DetectionLogic:  "A == or != expression with the literal true or false on either side.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-398"},
		Languages:       []string{"solidity"},
		Slither:         "boolean-equal",
		Class:           "style",
	},
	Run: runBooleanConstantComparison,
}

func runBooleanConstantComparison(pass *detect.Pass) {
	for _, fn := range hygBodies(pass.Functions()) {
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
				return true
			}
			if hygIsBoolLit(b.X) || hygIsBoolLit(b.Y) {
				pass.ReportNode(b, fn, map[string]string{"expression": sourceText(pass.Program, b)})
			}
			return true
		})
	}
}

func hygIsBoolLit(x ast.Expr) bool {
	l, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && (l.Kind == token.TRUE || l.Kind == token.FALSE)
}
