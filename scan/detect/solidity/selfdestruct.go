package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UnprotectedSelfdestruct reports selfdestruct (or suicide) that anyone can reach.
var UnprotectedSelfdestruct = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_SELFDESTRUCT",
		Name:       "Unprotected selfdestruct",
		Severity:   detect.Critical,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which runs ` +
			`<code>selfdestruct</code>: the contract's ether can be sent to the caller and (before the Cancun upgrade) its code removed.</p>`,
		Remediation:     `<p>Restrict the function to trusted roles (onlyOwner), or remove <code>selfdestruct</code>, which is deprecated (EIP-6049).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "selfdestruct/suicide in a public function, or an internal function it calls, with no access check dominating it.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-106"},
		CWE:             []string{"CWE-284"},
		Languages:       []string{"solidity"},
		Slither:         "suicidal",
		Class:           "access-control",
	},
	Run: runUnprotectedSelfdestruct,
}

func runUnprotectedSelfdestruct(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range pass.Functions() {
		if !fn.IsEntryPoint() {
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			for _, c := range nodeCalls(p, n) {
				if !destroys(p, c) || p.IsGuarded(fn, n) || p.Infeasible(fn, n) {
					continue
				}
				pass.ReportNode(c.Expr, fn, nil)
			}
		}
	}
}

// destroys reports whether a call is selfdestruct, or an internal call that reaches one
// without its own access check.
func destroys(p *sema.Program, c *sema.Call) bool {
	if isSelfdestruct(c) {
		return true
	}
	if c.Kind != sema.CallInternal || c.Callee == nil {
		return false
	}
	helperDestroys := func() bool { return !p.HasAccessControl(c.Callee) && callsInReach(p, c.Callee, isSelfdestruct) }
	if ci := p.Info(c.Callee); ci != nil {
		// The same for every call site of the helper: answered once per helper.
		return sema.Memo(ci, destroysKey{}, helperDestroys)
	}
	return helperDestroys()
}

type destroysKey struct{}

func isSelfdestruct(c *sema.Call) bool {
	return c.Kind == sema.CallBuiltin && (c.Name == "selfdestruct" || c.Name == "suicide")
}
