package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// FailedCallDoS reports the "king of the hill" denial of service: a function anyone can call
// first pays the current holder of a position read from storage (the previous bidder, the
// current king) with a payment whose failure reverts, and then replaces that holder. A holder
// that is a contract rejecting ether makes every later call revert, and keeps the position.
var FailedCallDoS = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DOS_FAILED_CALL",
		Name:       "Denial of service by a failing payment",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> pays <code>${recipient}</code>, read ` +
			`from storage, with a payment that reverts the function when it fails, before replacing it. If that recipient is ` +
			`a contract that rejects ether, nobody can ever call the function successfully again.</p>`,
		Remediation: `<p>Use pull payments: credit the previous holder (<code>refunds[prev] += amount</code>) and let them withdraw, ` +
			`instead of pushing ether in the same transaction that replaces them.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "recipient"},
		DetectionLogic:  "In a public function without access control, transfer or a checked send/call to a recipient read from a state variable that the same function then overwrites.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-113"},
		CWE:             []string{"CWE-703"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "dos",
	},
	Run: runFailedCallDoS,
}

func runFailedCallDoS(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsEntryPoint() || fn.IsView() || p.HasAccessControl(fn) {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		reverting := revertingCalls(info, fn)
		writes := p.TransitiveWrites(fn)
		for _, c := range info.Calls {
			if !sendsEther(c) || c.Target == nil {
				continue
			}
			if !(c.IsLowLevel("transfer") || reverting[c.Expr]) {
				continue
			}
			if inLoop(info, c.Expr) {
				continue // DOS_EXTERNAL_CALL_IN_LOOP
			}
			if mentionsGlobal(info, c.Target, "msg", "sender") || srcOf(info, c.Target).Has(sema.SrcParam) {
				continue
			}
			copies := stateCopies(p, info)
			for v := range sharedStateIn(p, info, c.Target, copies) {
				if writes[v] && sema.IsAddress(v.Type) {
					reportAt(pass, c.Expr, fn, map[string]string{"recipient": v.Name}, "", "")
					break
				}
			}
		}
	}
}

// inLoop reports whether n lies inside a loop of the function's body.
func inLoop(info *sema.FuncInfo, n ast.Node) bool {
	for _, l := range loopsIn(info) {
		if l.Pos() <= n.Pos() && n.End() <= l.End() {
			return true
		}
	}
	return false
}
