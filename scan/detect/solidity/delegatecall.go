package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ControlledDelegatecall reports delegatecall (or callcode) to an address the caller chooses:
// the callee's code runs with this contract's storage and balance, so the caller can rewrite
// the owner, or selfdestruct the contract.
var ControlledDelegatecall = &detect.Analyzer{
	Template: detect.Template{
		ID:         "CONTROLLED_DELEGATECALL",
		Name:       "Delegatecall to a caller-controlled address",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which makes a ` +
			`<code>${call_kind}</code> to <code>${target}</code>, an address the caller chooses. The target's code runs in this ` +
			`contract's context: it can overwrite any storage (the owner), move all funds, or destroy the contract.</p>`,
		Remediation: `<p>Only delegatecall trusted, fixed code (an implementation set by an admin), or restrict the function to ` +
			`trusted callers.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call_kind", "target"},
		DetectionLogic: "delegatecall/callcode whose target depends on a parameter, msg.sender or msg.data, in a public function " +
			"with no access check dominating it; calls whose success is required to be false (they can never change state) are left out.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-112"},
		CWE:       []string{"CWE-829"},
		Languages: []string{"solidity"},
		Slither:   "controlled-delegatecall",
		Class:     "access-control",
	},
	Run: runControlledDelegatecall,
}

// DelegatecallInLoop reports delegatecall inside a loop of a payable function: every iteration
// sees the same msg.value, so one payment is credited many times.
var DelegatecallInLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DELEGATECALL_IN_LOOP",
		Name:       "Delegatecall inside a loop in a payable function",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Payable function <code>${function_name}</code> of <code>${contract_name}</code> makes a delegatecall ` +
			`inside a loop. Each delegated call runs with the same <code>msg.value</code>, so code that credits ` +
			`<code>msg.value</code> (a multicall into a payable deposit) credits one payment once per iteration.</p>`,
		Remediation:     `<p>Do not delegatecall in loops from payable functions, or account for <code>msg.value</code> once, outside the loop.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "A delegatecall on a CFG node inside a loop of a payable function, directly or in an internal function called from the loop.",
		Version:         "1.0.0",
		SWC:             nil, // no SWC entry: the closest, SWC-113, is about failed calls
		CWE:             []string{"CWE-837"},
		Languages:       []string{"solidity"},
		Slither:         "delegatecall-loop",
		Class:           "msg-value-loop",
	},
	Run: runDelegatecallInLoop,
}

func runControlledDelegatecall(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if accessControlled(p, fn) {
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				if !c.IsLowLevel("delegatecall", "callcode") || c.Target == nil {
					continue
				}
				src := flowOf(info, c.Target)
				if !src.Has(sema.SrcParam|sema.SrcSender|sema.SrcData) || src.Has(sema.SrcStorage) && !isParamRef(info, c.Target) {
					continue
				}
				if callerRestrictedAt(p, fn, n) || mustFail(fn, c.Expr) {
					continue
				}
				f := detect.Finding{Details: map[string]string{"function_name": fnName(fn), "call_kind": c.Name, "target": sourceText(p, c.Target)}, Function: fn.Name}
				f.Pos, f.End = fnRange(fn, c.Expr)
				pass.Report(f)
			}
		}
	}
}

// isParamRef reports whether x (conversions stripped) is a parameter.
func isParamRef(info *sema.FuncInfo, x ast.Expr) bool {
	id, ok := unwrapConversion(info, x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	return ok && v.Kind == sema.ParamVar
}

// mustFail reports whether the function requires call c to fail: require(!x.delegatecall(d)).
// Such a call either reverts or is rolled back with the transaction.
func mustFail(fn *sema.Function, c *ast.CallExpr) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") {
			if u, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr); ok && u.Op == token.NOT && unwrapCall(u.X) == c {
				found = true
			}
		}
		return !found
	})
	return found
}

func runDelegatecallInLoop(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsPayable() || !fn.IsPublic() || isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			if !n.InLoop || n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				if c.IsLowLevel("delegatecall") || reachesDelegatecall(p, c) {
					f := detect.Finding{Details: map[string]string{"function_name": fnName(fn)}, Function: fn.Name}
					f.Pos, f.End = c.Expr.Pos(), c.Expr.End()
					pass.Report(f)
				}
			}
		}
	}
}

// reachesDelegatecall reports whether an internal call leads to a delegatecall (Address's
// functionDelegateCall, a helper of the contract).
func reachesDelegatecall(p *sema.Program, c *sema.Call) bool {
	if (c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary) || c.Callee == nil {
		return false
	}
	for _, g := range append([]*sema.Function{c.Callee}, p.Callees(c.Callee)...) {
		if gi := p.Info(g); gi != nil {
			for _, gc := range gi.Calls {
				if gc.IsLowLevel("delegatecall") {
					return true
				}
			}
		}
	}
	return false
}
