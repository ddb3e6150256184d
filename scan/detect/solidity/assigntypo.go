package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// AssignmentTypo reports `x =+ 1` and `x =- 1`: an assignment of a unary plus or minus written
// right after the =, almost always a mistyped += or -=. x =+ 1 sets x to 1 instead of adding
// one (unary + was removed in 0.5, so old code compiles silently), and x =- 1 on an unsigned
// value wraps.
var AssignmentTypo = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ASSIGNMENT_OPERATOR_TYPO",
		Name:       "Typographical error in an assignment (=+ / =-)",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> assigns a ` +
			`unary ${sign} expression with the operator written against the <code>=</code>: it reads like a mistyped ` +
			`<code>${sign}=</code>, and replaces the value instead of updating it.</p>`,
		Remediation:     `<p>Write <code>${sign}=</code> if the value should be updated, or put a space between <code>=</code> and the sign if the assignment is intended.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "sign"},
		DetectionLogic:  "An = assignment whose right side is a unary + or - whose sign immediately follows the = in the source.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-129"},
		CWE:             []string{"CWE-480"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "arithmetic",
	},
	Run: runAssignmentTypo,
}

func runAssignmentTypo(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			a, ok := n.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN {
				return true
			}
			u, ok := a.Rhs.(*ast.UnaryExpr)
			if !ok || u.Postfix || (u.Op != token.ADD && u.Op != token.SUB) || u.OpPos != a.OpPos+1 {
				return true
			}
			sign := "+"
			if u.Op == token.SUB {
				sign = "-"
			}
			reportAt(pass, a, fn, map[string]string{"expression": sourceText(p, a), "sign": sign}, "", "")
			return true
		})
	}
}
