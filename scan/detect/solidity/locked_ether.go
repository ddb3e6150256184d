package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// LockedEther reports contracts that accept ether but have no way to send it out: no transfer,
// send, call with value, selfdestruct or delegatecall anywhere in the contract or its bases.
var LockedEther = &detect.Analyzer{
	Template: detect.Template{
		ID:         "LOCKED_ETHER",
		Name:       "Contract locks ether",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Contract <code>${contract_name}</code> accepts ether (<code>${function_name}</code> is payable) but no ` +
			`function of it or its bases can send ether out. Every wei it receives is locked forever.</p>`,
		Remediation: `<p>Add a function that withdraws the ether (restricted to the owner or to the depositors' balances), or ` +
			`remove <code>payable</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A deployable contract with a payable function (constructor, receive and fallback included) whose " +
			"linearization has no send/transfer/call with value, sendValue/safeTransferETH helper, selfdestruct, delegatecall, " +
			"external call with value, or assembly call/create/selfdestruct.",
		Version:   "1.0.0",
		SWC:       nil, // no SWC entry describes locked ether
		CWE:       []string{"CWE-667"},
		Languages: []string{"solidity"},
		Slither:   "locked-ether",
		Class:     "locked-ether",
	},
	Run: runLockedEther,
}

func runLockedEther(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || c.IsInterface() || c.IsLibrary() || c.IsAbstract() || c.UnresolvedBases || isTestContract(c) {
		return
	}
	var payable *sema.Function
	for _, fn := range c.AllFunctions() {
		if fn.IsPayable() && (fn.IsPublic() || fn.IsConstructor()) && (fn.Body != nil || fn.IsConstructor()) {
			payable = fn
			break
		}
	}
	if payable == nil {
		return
	}
	p := pass.Program
	var fns []*sema.Function
	for _, b := range c.Linearization {
		fns = append(fns, b.Functions...)
		fns = append(fns, b.Modifiers...)
	}
	seen := map[*sema.Function]bool{}
	for _, fn := range fns {
		for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
			if seen[g] {
				continue
			}
			seen[g] = true
			if canSendEther(p, g) {
				return
			}
		}
	}
	f := detect.Finding{Details: map[string]string{"function_name": fnName(payable)}}
	f.Pos, f.End = c.Decl.Pos(), c.Decl.Name.End()
	pass.Report(f)
}

// canSendEther reports whether a function can move ether out of the contract.
func canSendEther(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil {
		return false
	}
	for _, c := range info.Calls {
		if _, _, ok := ethTransfer(c); ok {
			return true
		}
		if c.SendsValue() || c.IsLowLevel("delegatecall", "callcode") {
			return true
		}
		if c.Kind == sema.CallBuiltin && (c.Name == "selfdestruct" || c.Name == "suicide") {
			return true
		}
		if c.Kind == sema.CallLowLevel && c.Name == "call" && c.Value == nil && c.Opts == nil {
			// x.call.value(v) before 0.5 is seen through Value; a bare call sends nothing
			continue
		}
		if c.Kind == sema.CallNew && c.Value != nil {
			return true
		}
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if y, ok := n.(*ast.YulCall); ok {
			switch strings.ToLower(y.Name.Name) {
			case "call", "callcode", "delegatecall", "create", "create2", "selfdestruct", "suicide":
				found = true
			}
		}
		return !found
	})
	return found
}
