package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// CodeWithNoEffect reports statements that compute a value and drop it: a comparison written
// where an assignment was meant (balance[a] == amount;), or a call prepared with .value() or
// .gas() and never made (msg.sender.call.value(x);), which silently sends nothing.
var CodeWithNoEffect = &detect.Analyzer{
	Template: detect.Template{
		ID:         "CODE_WITH_NO_EFFECT",
		Name:       "Statement without effect",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>A statement in <code>${function_name}</code> of <code>${contract_name}</code> has no effect: ` +
			`${problem}.</p>`,
		Remediation: `<p>Write the intended operation: an assignment (<code>=</code>) instead of a comparison, or complete ` +
			`the call (<code>(bool ok, ) = to.call{value: x}(""); require(ok);</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "problem"},
		DetectionLogic: "An expression statement that is a comparison, arithmetic or logical expression, a bare name, member " +
			"or literal, or a .value()/.gas() option applied to a call that is then not called. Medium for the unmade call and " +
			"for a comparison on a state variable (a mistyped assignment).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-135"},
		CWE:       []string{"CWE-1164"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "no-effect",
	},
	Run: runCodeWithNoEffect,
}

func runCodeWithNoEffect(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		visitKinds(fn.BodyTree(), exprStmtKinds, func(n ast.Node) bool {
			s, ok := n.(*ast.ExprStmt)
			if !ok {
				return true
			}
			problem, sev := "", detect.Severity("")
			switch x := ast.Unparen(s.X).(type) {
			case *ast.BinaryExpr:
				if hygHasCallOrAssign(x) {
					return true
				}
				problem = "the result of '" + x.Op.String() + "' is computed and dropped"
				if x.Op == token.EQL && hygStateVarOfExpr(info, x.X) != nil {
					problem, sev = "the comparison with == looks like a mistyped assignment to "+hygStateVarOfExpr(info, x.X).Name, detect.Medium
				}
			case *ast.Ident, *ast.BasicLit, *ast.IndexExpr:
				problem = "the value is read and dropped"
			case *ast.MemberExpr:
				if _, isCall := info.Types[x].(*sema.FuncType); !isCall {
					problem = "the value is read and dropped"
				}
			case *ast.CallExpr:
				if m, ok := x.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "value" || m.Name.Name == "gas") && hygIsCallOption(info, m) {
					problem, sev = "the call is configured with ."+m.Name.Name+"() but never made, so nothing is sent", detect.Medium
				}
			}
			if problem == "" {
				return true
			}
			pass.Report(detect.Finding{Pos: s.Pos(), End: s.End(), Function: fn.Name, Severity: sev,
				Details: map[string]string{"function_name": fnName(fn), "problem": problem}})
			return true
		})
	}
}

// hygHasCallOrAssign reports whether x calls or assigns anything (a && f() runs f).
func hygHasCallOrAssign(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr, *ast.AssignExpr:
			found = true
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				found = true
			}
		}
		return !found
	})
	return found
}
