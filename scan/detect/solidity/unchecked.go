package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UncheckedLowLevelCall and UncheckedSend report low-level calls whose success flag is dropped
// or stored and never read: a failed call then goes unnoticed.
var UncheckedLowLevelCall = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_LOW_LEVEL_CALL",
		Name:       "Unchecked low-level call",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> makes a low-level ` +
			`<code>${call_kind}</code> and ignores whether it succeeded. Low-level calls do not revert on failure: the function ` +
			`goes on as if the call had worked.</p>`,
		Remediation:     `<p>Check the returned success flag: <code>(bool ok, ) = target.call(data); require(ok);</code>, or use OpenZeppelin's <code>Address.functionCall</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call_kind"},
		DetectionLogic:  "A call/delegatecall/staticcall/callcode whose boolean result is discarded or never read.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-104"},
		CWE:             []string{"CWE-252"},
		Languages:       []string{"solidity"},
		Slither:         "unchecked-lowlevel",
		Class:           "unchecked-call",
	},
	Run: func(pass *detect.Pass) { runUnchecked(pass, "call", "delegatecall", "staticcall", "callcode") },
}

var UncheckedSend = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_SEND",
		Name:       "Unchecked send",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> uses <code>send</code> and ignores ` +
			`its result. <code>send</code> returns false instead of reverting, so the ether may silently stay in the contract ` +
			`while the function records the payment as done.</p>`,
		Remediation:     `<p>Check the result (<code>require(to.send(amount))</code>), or use <code>call{value: amount}("")</code> with a check.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "A send whose boolean result is discarded or never read.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-104"},
		CWE:             []string{"CWE-252"},
		Languages:       []string{"solidity"},
		Slither:         "unchecked-send",
		Class:           "unchecked-call",
	},
	Run: func(pass *detect.Pass) { runUnchecked(pass, "send") },
}

func runUnchecked(pass *detect.Pass, names ...string) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		for _, c := range info.Calls {
			if !c.IsLowLevel(names...) || checked(info, fn, c) {
				continue
			}
			pass.ReportNode(c.Expr, fn, map[string]string{"call_kind": c.Name})
		}
	}
}

// checked reports whether the success flag of a low-level call is used.
func checked(info *sema.FuncInfo, fn *sema.Function, c *sema.Call) bool {
	if !resultUsed(fn, c.Expr) {
		return false
	}
	if v := boolVarOf(info, fn, c.Expr); v != nil {
		return varRead(info, fn, v)
	}
	return true
}
