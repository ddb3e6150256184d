package solidity

import (
	"slices"

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
		DetectionLogic: "Function summaries: a delegatecall or callcode (Solidity or assembly) an entry point makes, itself or through " +
			"helpers, libraries and function pointers, whose target the caller picks (a parameter, msg.sender, calldata, or state " +
			"anyone may set), with no check of the caller guarding it on the way; calls whose success is required to be false are " +
			"left out. Low when the contract keeps no mutable state and takes no ether (only its own code is at stake)",
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
		DetectionLogic: "A delegatecall on a CFG node inside a loop of a payable function, directly or in an internal function " +
			"called from the loop, when the code it may run reads msg.value for more than checking that no ether came.",
		Version:   "1.0.0",
		SWC:       nil, // no SWC entry: the closest, SWC-113, is about failed calls
		CWE:       []string{"CWE-837"},
		Languages: []string{"solidity"},
		Slither:   "delegatecall-loop",
		Class:     "msg-value-loop",
	},
	Run: runDelegatecallInLoop,
}

func runControlledDelegatecall(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if pass.Stopped(fn) {
			continue
		}
		reported := map[ast.Node]bool{}
		for _, a := range p.Actions(fn) {
			if a.Kind != sema.ActDelegate || a.Guarded || reported[a.Site] {
				continue
			}
			how, chosen := callerChoice(p, fn, a.Target)
			if !chosen {
				continue
			}
			if call, ok := a.At.(*ast.CallExpr); ok && a.In == fn && mustFail(fn, call) {
				continue
			}
			reported[a.Site] = true
			kind, target := "delegatecall", "the target"
			if a.Call != nil {
				kind, target = a.Call.Name, sourceText(p, a.Call.Target)
			} else if y, ok := a.At.(*ast.YulCall); ok {
				kind = y.Name.Name
				if len(y.Args) > 1 {
					target = sourceText(p, y.Args[1])
				}
			}
			ev := &detect.Evidence{}
			ev.Add(kind + " in " + a.In.QualifiedName() + reachedHow(p, fn, a))
			ev.Add("its target comes from " + how)
			ev.Add("no check of the caller guards it")
			if p.RestsOnUnresolved(fn) {
				ev.Assume("code the scan could not read may restrict the caller")
			}
			f := detect.Finding{Details: map[string]string{"function_name": fnName(fn), "call_kind": kind, "target": target},
				Function: fn.Name, Evidence: ev}
			f.Pos, f.End = fnRange(fn, a.Site)
			if holdsNothing(fn.Contract) {
				// Code run in a contract with no state of its own and no way to take ether
				// can at most destroy it: a deployment helper, not a vault.
				ev.Add(fn.Contract.Name + " keeps no mutable state and takes no ether")
				f.Severity = detect.Low
			}
			pass.Report(f)
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
		if !fn.IsPayable() || !fn.IsPublic() || isTestContract(fn.Contract) || pass.Stopped(fn) {
			continue
		}
		reported := map[ast.Node]bool{}
		for _, a := range p.Actions(fn) {
			if a.Kind != sema.ActDelegate || !a.Loop || reported[a.Site] {
				continue
			}
			// Delegating to known code reuses msg.value only if that code reads it: the
			// function a fixed selector names, or (delegating to this contract's own code)
			// any of the contract's functions.
			if fns, known := delegatedFunctions(p, a); known {
				if !slices.ContainsFunc(fns, func(g *sema.Function) bool { return fnReadsMsgValue(p, g) }) {
					continue
				}
			} else if ownCode(a.Target) && !slices.ContainsFunc(deployedWith(p, fn.Contract), func(c *sema.Contract) bool { return readsMsgValue(p, c) }) {
				continue
			}
			reported[a.Site] = true
			ev := &detect.Evidence{}
			ev.Add("delegatecall in a loop" + reachedHow(p, fn, a) + ", in payable " + fnName(fn))
			f := detect.Finding{Details: map[string]string{"function_name": fnName(fn)}, Function: fn.Name, Evidence: ev}
			f.Pos, f.End = a.Site.Pos(), a.Site.End()
			pass.Report(f)
		}
	}
}

// ownCode reports whether a delegatecall target is this contract's own code: itself, or an
// immutable address (its implementation, fixed at construction).
func ownCode(target sema.Prov) bool {
	return target.Has(sema.SrcThis|sema.SrcImmutable) && !target.Has(sema.SrcParam|sema.SrcData|sema.SrcStorage|sema.SrcSender)
}

// delegatedFunctions returns the functions a delegatecall runs when its calldata names them
// with a fixed selector: abi.encodeWithSelector(C.f.selector, ...), abi.encodeCall(C.f, ...),
// this.f.selector. known is false when the calldata is not built so.
func delegatedFunctions(p *sema.Program, a sema.Action) (fns []*sema.Function, known bool) {
	if a.Call == nil || len(a.Call.Args) == 0 {
		return nil, false
	}
	info := p.Info(a.In)
	enc, ok := ast.Unparen(a.Call.Args[0]).(*ast.CallExpr)
	if !ok || len(enc.Args) == 0 {
		return nil, false
	}
	c := info.CallOf[enc]
	if c == nil || c.Kind != sema.CallBuiltin || c.Name != "abi.encodeWithSelector" && c.Name != "abi.encodeCall" {
		return nil, false
	}
	sel := ast.Unparen(enc.Args[0])
	if m, ok := sel.(*ast.MemberExpr); ok && m.Name.Name == "selector" {
		sel = m.X
	}
	m, ok := sel.(*ast.MemberExpr)
	if !ok {
		return nil, false
	}
	var holder *sema.Contract
	switch x := ast.Unparen(m.X).(type) {
	case *ast.Ident:
		switch o := info.Uses[x].(type) {
		case *sema.Contract:
			holder = o
		case *sema.Builtin:
			if o.Name == "this" {
				holder = a.In.Contract
			}
		}
	}
	if holder == nil {
		return nil, false
	}
	fns = holder.LookupFunction(m.Name.Name)
	return fns, len(fns) > 0 && !slices.ContainsFunc(fns, func(g *sema.Function) bool { return g.Body == nil })
}

type fnReadsMsgValueKey struct{}

// fnReadsMsgValue reports whether fn, or code it reaches, reads msg.value or callvalue() for
// more than checking that no ether came (msg_value_zero.go).
func fnReadsMsgValue(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil {
		return true
	}
	return sema.Memo(info, fnReadsMsgValueKey{}, func() bool {
		for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
			if bodyCountsMsgValue(g) {
				return true
			}
		}
		return false
	})
}

// bodyReadsMsgValue reports whether fn's own body reads msg.value or callvalue().
func bodyReadsMsgValue(fn *sema.Function) bool {
	if fn.Body == nil {
		return false
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr:
			if id, ok := e.X.(*ast.Ident); ok && id.Name == "msg" && e.Name.Name == "value" {
				found = true
			}
		case *ast.YulCall:
			found = found || e.Name.Name == "callvalue"
		}
		return !found
	})
	return found
}

type readsMsgValueKey struct{}

// readsMsgValue reports whether some function of contract c (its own or inherited) reads
// msg.value or callvalue() for more than checking that no ether came.
func readsMsgValue(p *sema.Program, c *sema.Contract) bool {
	if c == nil {
		return true
	}
	return sema.Memo(c, readsMsgValueKey{}, func() bool {
		return slices.ContainsFunc(c.AllFunctions(), bodyCountsMsgValue)
	})
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

// holdsNothing reports whether contract c (with its bases) has no mutable state variable and
// no entry point that accepts ether.
func holdsNothing(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	for _, v := range c.AllStateVars() {
		if !v.IsConstant() {
			return false
		}
	}
	for _, fn := range c.AllFunctions() {
		if fn.IsPayable() && (fn.IsPublic() || fn.IsConstructor()) && !fn.IsConstructor() {
			return false
		}
	}
	return true
}
