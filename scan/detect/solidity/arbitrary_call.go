package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ArbitraryCall reports a call whose target and calldata the caller both choose, made by a
// contract that holds something. The call runs with the contract as msg.sender: the caller can
// make it transfer its own tokens, spend the allowances users gave it, use any role it holds in
// another contract, or call the contract itself past its msg.sender checks (a token's
// transfer of its own balance). Unlike a delegatecall it cannot rewrite the contract's
// storage directly; what it reaches is every authority the contract carries.
var ArbitraryCall = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ARBITRARY_EXTERNAL_CALL",
		Name:       "Call to an address and calldata the caller chooses",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which calls ` +
			`<code>${target}</code> with calldata <code>${calldata}</code>, both chosen by the caller. The call runs as ` +
			`<code>${contract_name}</code>: the caller can make it transfer the tokens it holds, spend the allowances users ` +
			`gave it, or call the contract itself as if the contract were the sender.</p>`,
		Remediation: `<p>Restrict the target (an allow-list set by an admin) or the calldata (a fixed function selector, ` +
			`never <code>transferFrom</code> or <code>approve</code> on tokens), or restrict who may call the function. ` +
			`A contract that forwards arbitrary calls must hold nothing and must never be approved.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "target", "calldata"},
		DetectionLogic: "A low-level .call(data), in an entry point or a helper it calls directly (or an assembly call in " +
			"the entry point whose input is a parameter's bytes copied from calldata and not overwritten), whose target " +
			"and calldata both come from what the caller passes (parameters, calldata, state anyone can set: sema " +
			"provenance), not guarded by a check of the caller; or a call of the contract itself with the caller's calldata when " +
			"one of its functions only lets the contract itself in (msg.sender == address(this)): that check is bypassed. High when the contract carries authority beyond " +
			"the transaction: a ledger of accounts (balances, deposits) or tokens it pulls from its callers (they approve it); " +
			"low for a forwarder (a swap proxy, a multicall) that holds only what it is handed in the same transaction.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-829"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "arbitrary-send",
	},
	Run: runArbitraryCall,
}

func runArbitraryCall(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if pass.Stopped(fn) {
			continue
		}
		fi := p.Info(fn)
		reported := map[ast.Node]bool{}
		for _, a := range p.Actions(fn) {
			if a.Kind != sema.ActCall || a.Guarded || reported[a.Site] {
				continue
			}
			cd, ok := callDataOf(p, fn, a)
			if !ok {
				cd, ok = yulCallData(p, fn, a)
			}
			if !ok || cd.data != nil && fixedSelector(cd.info, cd.data) {
				continue
			}
			targetHow, chosen := callerChoice(p, fn, a.Target)
			self := ""
			if !chosen && isSelf(a.Target) {
				// A call of the contract itself with the caller's calldata passes every check
				// that only the contract may call a function (msg.sender == address(this)).
				if self = selfOnly(p, fn.Contract); self != "" {
					targetHow, chosen = "the contract itself", true
				}
			}
			if !chosen || cd.target != nil && boundToState(p, fi, a.Node, cd.target) {
				continue
			}
			dataHow, chosen := calldataChoice(p, fn, cd.prov)
			if !chosen {
				continue
			}
			reported[a.Site] = true
			ev := &detect.Evidence{}
			ev.Add("call in " + a.In.QualifiedName() + reachedHow(p, fn, a))
			ev.Add("its target comes from " + targetHow + " and its calldata from " + dataHow)
			ev.Add("no check of the caller guards it")
			if p.RestsOnUnresolved(fn) {
				ev.Assume("code the scan could not read may restrict the caller")
			}
			f := detect.Finding{Details: map[string]string{"function_name": fnName(fn),
				"target": sourceText(p, cd.shownTarget), "calldata": sourceText(p, cd.shownData)}, Function: fn.Name, Evidence: ev}
			f.Pos, f.End = fnRange(fn, a.Site)
			if self != "" {
				ev.Add("the call runs as " + fn.Contract.Name + " itself, which " + self + " lets in")
			} else if what := carriesAuthority(p, fn.Contract); what != "" {
				ev.Add("the call runs as " + fn.Contract.Name + ", which " + what)
			} else {
				// A forwarder that keeps no ledger and pulls nobody's tokens has only what it is
				// handed within the transaction (a swap proxy, a multicall): low.
				ev.Add(fn.Contract.Name + " keeps no ledger of accounts and pulls no one's tokens: it holds only what it is handed in the same transaction")
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

// lowCall is what a low-level call action passes: its calldata expression (in the facts info
// of the function making it) and that calldata's provenance in the entry point's terms, and,
// when it can be named in the entry point's own code, the target expression there (for a
// check binding it to state).
type lowCall struct {
	info   *sema.FuncInfo
	data   ast.Expr // nil for an assembly call
	prov   sema.Prov
	target ast.Expr
	// shownTarget and shownData are the code a finding names: the Solidity expressions, or
	// the assembly call's arguments.
	shownTarget, shownData ast.Node
}

// callDataOf reads a Solidity .call(data) made by entry point fn itself or by a helper it calls
// directly (whose parameters stand for what fn passes). Assembly calls are yulCallData's.
func callDataOf(p *sema.Program, fn *sema.Function, a sema.Action) (lowCall, bool) {
	if a.Call == nil || a.Call.Kind != sema.CallLowLevel || a.Call.Name != "call" || len(a.Call.Expr.Args) != 1 {
		return lowCall{}, false
	}
	info := p.Info(a.In)
	if info == nil {
		return lowCall{}, false
	}
	cs := lowCall{info: info, data: a.Call.Expr.Args[0], prov: p.DepsOf(info).Of(a.Call.Expr.Args[0]),
		shownTarget: a.Call.Target, shownData: a.Call.Expr.Args[0]}
	if a.In == fn {
		cs.target = a.Call.Target
		return cs, true
	}
	site, ok := a.Site.(*ast.CallExpr)
	fi := p.Info(fn)
	if !ok || fi == nil || a.Depth != 1 {
		return lowCall{}, false
	}
	c := fi.CallOf[site]
	if c == nil {
		return lowCall{}, false
	}
	cs.prov = p.Instantiate(cs.prov, c, a.In, p.DepsOf(fi))
	if v := paramOf(info, a.Call.Target); v != nil {
		cs.target = sema.ArgFor(c, a.In, v.Index)
	}
	return cs, true
}

// paramOf returns the parameter x names (conversions stripped), or nil.
func paramOf(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	id, ok := unwrapConversion(info, x).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.ParamVar {
		return v
	}
	return nil
}

// fixedSelector reports whether calldata x names its function itself: abi.encodeWithSelector
// or abi.encodeWithSignature with a selector the caller does not pass, abi.encodeCall, or
// msg.data whole (the running function's own selector: a self-call that simulates itself).
func fixedSelector(info *sema.FuncInfo, x ast.Expr) bool {
	if m, ok := unwrapConversion(info, x).(*ast.MemberExpr); ok && m.Name.Name == "data" {
		if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && id.Name == "msg" {
			return true // msg.data calls the running function again: its selector is fixed
		}
	}
	call, ok := unwrapConversion(info, x).(*ast.CallExpr)
	if !ok {
		return false
	}
	c := info.CallOf[call]
	if c == nil {
		return false
	}
	switch c.Name {
	case "abi.encodeCall":
		return true
	case "abi.encodeWithSelector", "abi.encodeWithSignature":
		return len(call.Args) > 0 && !flowOf(info, call.Args[0]).Has(sema.SrcParam|sema.SrcData|sema.SrcStorage|sema.SrcCallRet)
	}
	return false
}

// calldataChoice is callerChoice for calldata: the caller picks the function called when the
// data comes from its parameters, the calldata or state anyone sets; msg.sender inside the data
// is an argument, not a choice of function.
func calldataChoice(p *sema.Program, fn *sema.Function, pv sema.Prov) (string, bool) {
	pv.Src &^= sema.SrcSender | sema.SrcOrigin
	return callerChoice(p, fn, pv)
}

type authorityKey struct{}

// carriesAuthority says what an arbitrary call made as contract c could misuse, "" when
// nothing lasts beyond a transaction: a ledger of accounts (a mapping from addresses to
// amounts that its code moves by amounts, not counters: a token's balances, deposits), or
// the allowances of the users it pulls tokens from (sema.CallerDebits: they approve it, and a
// call of transferFrom made as c spends their approvals).
func carriesAuthority(p *sema.Program, c *sema.Contract) string {
	if c == nil {
		return ""
	}
	return sema.Memo(c, authorityKey{}, func() string {
		for _, fn := range c.AllFunctions() {
			if fn.Body == nil || !fn.IsEntryPoint() || fn.IsView() {
				continue
			}
			if len(p.CallerDebits(fn)) > 0 {
				return "pulls tokens from its callers in " + fnName(fn) + " (they approve it)"
			}
			for _, w := range entryWrites(p, fn) {
				if ledgerWrite(p, w) {
					return "keeps a ledger of accounts (" + w.v.Name + ")"
				}
			}
		}
		return ""
	})
}

// ledgerWrite reports whether w moves an amount in a mapping from addresses to integers:
// m[a] += x or m[a] -= x with x not a constant (a counter's ++ or += 1 is no amount).
func ledgerWrite(p *sema.Program, w writeSite) bool {
	m, ok := w.v.Type.(*sema.MappingType)
	if !ok || !sema.IsAddress(m.Key) {
		return false
	}
	if e, ok := m.Value.(*sema.Elementary); !ok || !e.IsInteger() {
		return false
	}
	a, ok := w.at.(*ast.AssignExpr)
	if !ok || a.Op != token.ADD_ASSIGN && a.Op != token.SUB_ASSIGN {
		return false
	}
	return !isConstExpr(w.info, a.Rhs)
}

// isSelf reports whether a call target is the contract's own address and nothing else.
func isSelf(t sema.Prov) bool {
	return t.Has(sema.SrcThis) && t.Src&^(sema.SrcThis|sema.SrcConst) == 0 && t.Params == 0 && len(t.Vars) == 0
}

type selfOnlyKey struct{}

// selfOnly names a function of c that only the contract itself may call (a check that
// msg.sender is address(this)), "" when there is none.
func selfOnly(p *sema.Program, c *sema.Contract) string {
	if c == nil {
		return ""
	}
	return sema.Memo(c, selfOnlyKey{}, func() string {
		for _, fn := range c.AllFunctions() {
			info := p.Info(fn)
			if info == nil || fn.Body == nil || !fn.IsPublic() {
				continue
			}
			found := false
			d := p.DepsOf(info)
			fn.BodyTree().Inspect(func(x ast.Node) bool {
				if b, ok := x.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
					l, r := d.Of(b.X), d.Of(b.Y)
					found = onlySender(l) && isSelf(r) || isSelf(l) && onlySender(r)
				}
				return !found
			})
			if found {
				return fnName(fn) + " (only msg.sender == address(this) may call it)"
			}
		}
		return ""
	})
}

// onlySender reports whether a value is msg.sender and nothing else.
func onlySender(v sema.Prov) bool {
	return v.Has(sema.SrcSender) && v.Src&^sema.SrcSender == 0 && v.Params == 0 && len(v.Vars) == 0
}
