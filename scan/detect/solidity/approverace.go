package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ApproveRace reports an ERC20 approve that overwrites the allowance in a token that offers no
// way to change it relatively. To lower an allowance from N to M the owner must call
// approve(M); the spender, seeing that transaction pending, spends N first and then M once it
// lands: N + M in total. increaseAllowance/decreaseAllowance (or requiring a reset to zero
// first) avoid it. The risk is known and widely accepted, hence low.
var ApproveRace = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ERC20_APPROVE_RACE",
		Name:       "ERC20 approve race condition",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p><code>${function_name}</code> of <code>${contract_name}</code> overwrites the allowance with the new value, ` +
			`and the token offers no <code>increaseAllowance</code>/<code>decreaseAllowance</code>. A spender who sees an approve ` +
			`that lowers its allowance pending can spend the old allowance first and the new one afterwards.</p>`,
		Remediation: `<p>Add <code>increaseAllowance</code> and <code>decreaseAllowance</code>, or require the allowance to be ` +
			`zero before setting a non-zero value (<code>require(value == 0 || allowance[msg.sender][spender] == 0)</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "A public approve(address, uint) that assigns its amount parameter to a nested state mapping, with no zero-reset check; informational when the token also offers increase/decrease allowance functions.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-114"},
		CWE:             []string{"CWE-362"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "tod",
	},
	Run: runApproveRace,
}

func runApproveRace(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || c.IsInterface() || c.IsLibrary() {
		return
	}
	// With increaseAllowance/decreaseAllowance the owner has a race-free way; approve is still
	// racy for those who use it, which is worth knowing but not a weakness of the token.
	relative := false
	for _, g := range c.AllFunctions() {
		name := strings.ToLower(g.Name)
		if strings.Contains(name, "increase") || strings.Contains(name, "decrease") || name == "safeapprove" {
			relative = true
		}
	}
	for _, fn := range bodies(pass.Functions()) {
		if fn.Name != "approve" || !fn.IsEntryPoint() || len(fn.Params) != 2 {
			continue
		}
		info := p.Info(fn)
		amount := fn.Params[1]
		overwrites := false
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			a, ok := n.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN {
				return true
			}
			id, ok := ast.Unparen(a.Rhs).(*ast.Ident)
			if !ok || info.Uses[id] != amount {
				return true
			}
			if ix, ok := a.Lhs.(*ast.IndexExpr); ok {
				if _, nested := ix.X.(*ast.IndexExpr); nested && p.StateVarOf(info, a.Lhs) != nil {
					overwrites = true
				}
			}
			return true
		})
		// approve delegating to an internal _approve
		if !overwrites {
			for _, call := range info.Calls {
				if call.Kind == sema.CallInternal && call.Callee != nil && strings.Contains(strings.ToLower(call.Callee.Name), "approve") {
					for v := range p.TransitiveWrites(call.Callee) {
						if _, ok := v.Type.(*sema.MappingType); ok {
							overwrites = true
						}
					}
				}
			}
		}
		if !overwrites || resetsToZero(info, fn, amount) {
			continue
		}
		if relative {
			reportAt(pass, fn.Decl, fn, nil, detect.Informational, "")
			continue
		}
		pass.ReportNode(fn.Decl, fn, nil)
	}
}

// resetsToZero reports whether fn requires the amount or the current allowance to be zero.
func resetsToZero(info *sema.FuncInfo, fn *sema.Function, amount *sema.Var) bool {
	for _, c := range funcConditions(info) {
		for _, cmp := range comparisonsIn(c.expr) {
			if cmp.Op == token.EQL && (isZero(cmp.X) || isZero(cmp.Y)) {
				return true
			}
		}
	}
	return false
}
