package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// UnusedInternalReturn reports calls to internal and library functions whose return value is
// thrown away. When the callee reports failure through its result (a bool, an error code, the
// amount actually moved), ignoring it hides the failure; when the callee is view or pure, the
// call does nothing at all.
var UnusedInternalReturn = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNUSED_INTERNAL_RETURN",
		Name:       "Return value of internal call ignored",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, the value returned by ` +
			`<code>${callee}</code> is ignored.${extra}</p>`,
		Remediation:     `<p>Use or check the returned value, or change the callee not to return one.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "callee", "extra"},
		DetectionLogic: "An expression statement whose value is a call to an internal or library function that returns values. " +
			"Medium when the callee is view or pure, takes only value types and cannot revert (the call has no effect; a pure " +
			"function may still fill a memory argument, and one that reverts is called for its check).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-104"},
		CWE:       []string{"CWE-252"},
		Languages: []string{"solidity"},
		Slither:   "unused-return",
		Class:     "unused-return",
	},
	Run: runUnusedInternalReturn,
}

func runUnusedInternalReturn(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		visitKinds(fn.BodyTree(), exprStmtKinds, func(n ast.Node) bool {
			s, ok := n.(*ast.ExprStmt)
			if !ok {
				return true
			}
			call := unwrapCall(s.X)
			if call == nil {
				return true
			}
			c := info.CallOf[call]
			if c == nil || (c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary) || c.Callee == nil || len(c.Callee.Returns) == 0 || c.Callee.IsModifier ||
				!hygLibraryCallMatches(info, c) {
				return true
			}
			f := detect.Finding{Pos: call.Pos(), End: call.End(), Function: fn.Name, Details: map[string]string{
				"function_name": fnName(fn), "callee": c.Callee.QualifiedName(), "extra": ""}}
			// A view or pure callee that can revert is called for its check (a validation
			// helper returning its argument): the call does something.
			if c.Callee.IsView() && len(p.TransitiveWrites(c.Callee)) == 0 && !hygTakesReference(c.Callee) && !p.MayRevert(c.Callee) {
				f.Severity = detect.Medium
				f.Details["extra"] = " The callee is view or pure, so the call has no effect."
			}
			pass.Report(f)
			return true
		})
	}
}

// hygTakesReference reports whether a function has a parameter of reference type, which it
// may modify in memory even when pure.
func hygTakesReference(fn *sema.Function) bool {
	for _, v := range fn.Params {
		if hygIsReferenceType(v.Type) {
			return true
		}
		if v.Decl != nil && v.Decl.Location != token.ILLEGAL {
			return true
		}
	}
	return false
}
