package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
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
		DetectionLogic: "Function summaries: a selfdestruct (Solidity or assembly) that an entry point reaches, itself or through internal and " +
			"library functions, function pointers and assembly functions, with no check of the caller guarding it on the way (a check " +
			"dominates it, or every path after it passes one). Confidence drops when unresolved code is on the way.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-106"},
		CWE:       []string{"CWE-284"},
		Languages: []string{"solidity"},
		Slither:   "suicidal",
		Class:     "access-control",
	},
	Run: runUnprotectedSelfdestruct,
}

func runUnprotectedSelfdestruct(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range pass.Functions() {
		if !fn.IsEntryPoint() || pass.Stopped(fn) {
			continue
		}
		reported := map[ast.Node]bool{}
		for _, a := range p.Actions(fn) {
			if a.Kind != sema.ActSelfdestruct || a.Guarded || reported[a.Site] || p.Infeasible(fn, a.Node) {
				continue
			}
			reported[a.Site] = true
			ev := &detect.Evidence{}
			ev.Add("selfdestruct in " + a.In.QualifiedName() + reachedHow(p, fn, a))
			ev.Add("no check of the caller guards it")
			if p.RestsOnUnresolved(fn) {
				ev.Assume("code the scan could not read (an unresolved base, modifier or callee) may guard it")
			}
			pass.Report(detect.Finding{Pos: a.Site.Pos(), End: a.Site.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn)}, Evidence: ev})
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
