package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// LockedEther reports contracts that accept ether but have no way to send it out: no transfer,
// send, call with value, selfdestruct or delegatecall anywhere in the contract or its bases.
// How much it matters depends on whether the contract means to take ether: a payment it counts
// or credits is lost to its owner or its users; a payable function that never reads msg.value
// loses only what a sender sends by mistake.
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
		DetectionLogic: "A deployable contract with a payable public function that can return (not a constructor alone, not a " +
			"receive or fallback that always reverts) whose linearization has no send/transfer/call with value, " +
			"sendValue/safeTransferETH helper, selfdestruct, delegatecall, external call with value, or assembly " +
			"call/create/selfdestruct. Medium when the contract takes ether on purpose (a payable function credits " +
			"msg.value to an account, or reads it other than to report it in an event, or an empty receive/fallback); low " +
			"when no payable function reads msg.value (payable by an interface's declaration, a legacy fallback) or the " +
			"payment is only reported in an event (a deposit sink). Medium confidence when some code is not in the sources.",
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
	p := pass.Program
	// The entry points ether can arrive through: payable public functions that can return. A
	// payable constructor alone takes only the deployer's own ether, once; a receive or
	// fallback that always reverts refuses every payment.
	var payable []*sema.Function
	for _, fn := range c.AllFunctions() {
		if fn.IsPayable() && fn.IsPublic() && !fn.IsConstructor() && fn.Body != nil && !alwaysReverts(p, fn) {
			payable = append(payable, fn)
		}
	}
	if len(payable) == 0 {
		return
	}
	var fns []*sema.Function
	for _, b := range c.Linearization {
		fns = append(fns, b.Functions...)
		fns = append(fns, b.Modifiers...)
	}
	seen := map[*sema.Function]bool{}
	unresolved := false
	for _, fn := range fns {
		unresolved = unresolved || p.RestsOnUnresolved(fn)
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
	ev := &detect.Evidence{}
	ev.Add("no function of " + c.Name + " or its bases sends ether, delegatecalls or selfdestructs")
	if unresolved {
		ev.Assume("some of its code calls functions the sources do not hold")
	}
	f := detect.Finding{Evidence: ev}
	entry, expected, how := etherExpected(p, payable)
	f.Details = map[string]string{"function_name": fnName(entry)}
	ev.Add(how)
	if !expected {
		// Ether arrives only by a sender's mistake, or is taken as a fee or a deposit reported
		// to another system (an event carries msg.value): nobody is owed what stays.
		f.Severity = detect.Low
	}
	f.Pos, f.End = c.Decl.Pos(), c.Decl.Name.End()
	pass.Report(f)
}

// etherExpected picks the payable entry to report and says whether the contract takes ether
// on purpose and keeps it: an entry credits msg.value to an account (a mapping entry keyed by
// the caller or a parameter), or reads it (itself or in code it runs) without reporting it in
// an event, or is a receive or fallback with nothing else to do (but log the payment). Entries that never read
// msg.value are payable for another reason (an interface that declares them so, a legacy
// fallback answering every call): ether only arrives there by mistake. A payment reported in
// an event and credited to nobody here is a deposit handed to another system (a bridge, the
// beacon chain), a sink by design.
func etherExpected(p *sema.Program, payable []*sema.Function) (entry *sema.Function, expected bool, how string) {
	logged := false
	for _, fn := range payable {
		if creditsMsgValue(p, fn) {
			return fn, true, fnName(fn) + " credits msg.value to an account"
		}
		read, inEvent := msgValueUse(p, fn)
		logged = logged || inEvent
		if read && !inEvent {
			return fn, true, fnName(fn) + " reads msg.value: the contract takes ether on purpose"
		}
		if fn.Kind != ast.FuncFunction && onlyAccepts(fn) {
			return fn, true, "a " + fnName(fn) + " that does nothing else (but log) accepts ether for its own sake"
		}
	}
	if logged {
		return payable[0], false, "msg.value is reported in an event and credited to no account: a deposit handed to another system"
	}
	return payable[0], false, "no payable function reads msg.value: ether only arrives by the sender's mistake"
}

// creditsMsgValue reports whether fn (or a helper it calls) writes a value computed from
// msg.value into a mapping entry keyed by the caller or a parameter: the contract owes it.
func creditsMsgValue(p *sema.Program, fn *sema.Function) bool {
	for _, w := range p.StateWrites(fn) {
		if w.Mapping && w.Value&sema.SrcValue != 0 && w.Key&(sema.SrcSender|sema.SrcParam|sema.SrcOrigin) != 0 {
			return true
		}
	}
	return false
}

// msgValueUse tells whether fn, its modifiers or the functions it reaches read msg.value (or
// callvalue() in assembly), and whether a value computed from it is an event's argument.
func msgValueUse(p *sema.Program, fn *sema.Function) (read, inEvent bool) {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		info := p.Info(g)
		if info == nil || g.Body == nil || !bodyReadsMsgValue(g) {
			continue
		}
		read = true
		d := p.DepsOf(info)
		for n := range g.BodyTree().Preorder(emitKinds) {
			for _, a := range n.(*ast.EmitStmt).Call.Args {
				inEvent = inEvent || d.Of(a).Has(sema.SrcValue)
			}
		}
	}
	return read, inEvent
}

var emitKinds = inspect.Of((*ast.EmitStmt)(nil))

// onlyAccepts reports whether fn has no modifiers and its body is empty or only emits events:
// taking the ether is all it is for.
func onlyAccepts(fn *sema.Function) bool {
	if len(fn.Modifiers) > 0 {
		return false
	}
	for _, st := range fn.Body.List {
		if _, ok := st.(*ast.EmitStmt); !ok {
			return false
		}
	}
	return true
}

// alwaysReverts reports whether every path of fn reverts: it never returns and never ends
// the call in a way that keeps its effects (an assembly return).
func alwaysReverts(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	return p.NeverReturns(fn) && info != nil && info.CFG != nil && len(info.CFG.Halt.Preds) == 0
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
