package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// MsgValueInLoop reports msg.value read inside a loop: the same payment is counted once per
// iteration (credited to several recipients, or checked against each item of a batch).
var MsgValueInLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "MSG_VALUE_IN_LOOP",
		Name:       "msg.value used inside a loop",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> reads <code>msg.value</code> ` +
			`inside a loop. The value is paid once but counted on every iteration: a batch of N items is credited N times the payment.</p>`,
		Remediation: `<p>Read <code>msg.value</code> once outside the loop, sum what each iteration needs, and require that ` +
			`the total equals <code>msg.value</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "msg.value on a CFG node inside a loop (or in an internal function called inside a loop; callvalue() in " +
			"an assembly statement too). High when it is added to state or sent on; medium when it is only compared or read " +
			"into a local in assembly. A check that no ether came (msg.value == 0, an assembly if callvalue()) counts no " +
			"payment and is not reported.",
		Version:   "1.0.0",
		SWC:       nil, // no SWC entry covers msg.value reuse
		CWE:       []string{"CWE-837"},
		Languages: []string{"solidity"},
		Slither:   "msg-value-loop",
		Class:     "msg-value-loop",
	},
	Run: runMsgValueInLoop,
}

func runMsgValueInLoop(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsPublic() || fn.IsModifier || isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			if !n.InLoop || n.Fn != fn {
				continue
			}
			for _, x := range n.Exprs() {
				var at ast.Node
				zeroChecks := map[ast.Node]bool{}
				ast.Inspect(x, func(m ast.Node) bool {
					for _, z := range zeroCheckedValues(m) {
						zeroChecks[z] = true // require(msg.value == 0) counts no payment (msg_value_zero.go)
					}
					if e, ok := m.(ast.Expr); ok && at == nil && !zeroChecks[m] && isGlobal(info, e, "msg", "value") {
						at = e
					}
					// v := callvalue() in an assembly statement (an assembly condition on it,
					// if callvalue() { revert(0, 0) }, is a zero check)
					if c, ok := m.(*ast.YulCall); ok && at == nil && n.Kind == sema.NodeStmt && c.Name.Name == "callvalue" {
						at = c
					}
					return at == nil
				})
				if at == nil {
					// msg.value read by a helper called in the loop
					for _, c := range callsIn(info, x) {
						if c.Kind == sema.CallInternal && c.Callee != nil && c.Callee.Body != nil {
							if ci := p.Info(c.Callee); ci != nil && bodyCountsMsgValue(c.Callee) {
								at = c.Expr
								break
							}
						}
					}
				}
				if at == nil {
					continue
				}
				f := detect.Finding{Details: map[string]string{"function_name": fnName(fn)}, Function: fn.Name}
				f.Pos, f.End = at.Pos(), at.End()
				if len(p.Writes(info, x)) == 0 && !sendsIn(info, x) {
					f.Severity = detect.Medium
				}
				pass.Report(f)
			}
		}
	}
}

// sendsIn reports whether x passes ether on.
func sendsIn(info *sema.FuncInfo, x ast.Node) bool {
	for _, c := range callsIn(info, x) {
		if _, _, ok := ethTransfer(c); ok || c.SendsValue() {
			return true
		}
	}
	return false
}
