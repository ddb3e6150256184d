package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ArbitrarySendETH reports ether sent to the caller, or to an address the caller picks, from
// a function anyone can call that never establishes the caller is owed it: no access check,
// no per-caller bookkeeping debited (balances[msg.sender] -= x, claimed[msg.sender] = true),
// and not a refund of the caller's own msg.value.
var ArbitrarySendETH = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ARBITRARY_SEND_ETH",
		Name:       "Ether sent to an arbitrary address",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which sends ` +
			`ether (<code>${amount}</code>) to <code>${recipient}</code>, an address the caller controls, without checking that ` +
			`the caller is entitled to it: no access check, and no record of the caller's balance or claim is debited. ` +
			`Any account can call it repeatedly and drain the contract's ether.</p>`,
		Remediation: `<p>Restrict the function to trusted roles (<code>onlyOwner</code>), or pay out only what the contract ` +
			`records as owed to the caller and debit that record before sending (<code>uint a = balances[msg.sender]; ` +
			`balances[msg.sender] = 0; payable(msg.sender).transfer(a);</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "recipient", "amount"},
		DetectionLogic: "In a public, state-changing function without an access check dominating it: send/transfer/call{value} " +
			"(or sendValue/safeTransferETH; in a helper, or in the contract's own function called through this whose check only " +
			"the contract passes) to msg.sender, a parameter, an element of a parameter array, or a value derived from " +
			"them, unless a dominating check binds the recipient to state (to == treasury, allowed[to]); the amount is not derived " +
			"from msg.value; the function writes no state keyed by the caller (or bounds the amount the wrong way round, or " +
			"debits it without a bound before 0.8); the amount is not the caller's own payment (taken out of msg.value with " +
			"checked arithmetic, or counted into a total a later check holds to msg.value on every way out). Severity drops to " +
			"medium when other conditions gate the payment.",
		Version:   "1.1.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-284"},
		Languages: []string{"solidity"},
		Slither:   "arbitrary-send-eth",
		Class:     "arbitrary-send",
	},
	Run: runArbitrarySend,
}

func runArbitrarySend(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if accessControlled(p, fn) || p.Delegated(fn) { // delegated code pays from its caller's balance, under its checks
			continue
		}
		info := p.Info(fn)
		var writes []writeSite
		writesDone, reported := false, false
		seen := map[ast.Node]bool{} // the sends the function's own code and its direct helpers show
		for _, n := range info.CFG.Nodes {
			if reported {
				break // one finding per function: it is located at the function
			}
			if n.Fn != fn || (n.Kind != sema.NodeStmt && n.Kind != sema.NodeCond) {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				to, amount, ok := ethTransfer(c)
				sender := c // the call that sends the ether
				if !ok {
					to, amount, sender, ok = helperTransfer(p, info, c)
				}
				if ok {
					seen[sender.Expr] = true
				}
				if !ok || !callerChosen(info, to) && !paramElement(info, to) && !settableByAnyone(p, fn, info, to) || constantZero(info, amount) || flowOf(info, amount).Has(sema.SrcValue) {
					continue
				}
				if boundToState(p, info, n, to) {
					continue // require(to == treasury): the contract, not the caller, picks the recipient
				}
				if callerRestrictedAt(p, fn, n) || repaidAfter(p, info, n) || sweepsPassThrough(p, fn, amount) {
					continue
				}
				if !writesDone {
					writes, writesDone = entryWrites(p, fn), true
				}
				if entitled(p, fn, n, to, amount, writes) || claimedFromStore(p, info, amount) || paidFromValue(p, info, n, amount) || valueConserved(p, info, n, amount) {
					continue // the caller's record, or the caller's own payment (value_paid.go, value_conserved.go)
				}
				if protocolsOwn(p, info, to) || len(p.CallerDebits(fn)) > 0 || sender.Kind != sema.CallExternal && !canHoldEther(pass.Contract, fn) {
					// A contract the code created or names itself is no one's pick; a payout
					// the caller funds (tokens pulled from them, shares burnt) is an exchange;
					// a contract that cannot take ether holds none to drain (unless the ether
					// is another contract's, sent by it on this one's call).
					continue
				}
				f := detect.Finding{Details: map[string]string{
					"recipient": sourceText(p, to), "amount": sourceText(p, amount), "function_name": fnName(fn)}, Function: fn.Name}
				f.Pos, f.End = fnRange(fn, c.Expr)
				f.Evidence = outflowEvidence(p, pass.Contract, fn, "sends ether ("+sourceText(p, amount)+") to "+sourceText(p, to)+", an address the caller picks")
				if len(p.Gates(info.CFG, n)) > 0 || len(writes) > 0 {
					// Something else decides who gets paid (a game's outcome, a deadline, a
					// state change): still a likely drain, but less certain. On audited code
					// such conditions entitled the caller every time (a liquidation's reward,
					// a matched order's spread): the analysis does not prove they do not.
					f.Severity = detect.Medium
					f.Evidence.Guess("other conditions gate the payment; whether they entitle the caller is not proven")
				}
				if ownBalance(p, info, amount) && spendsBalanceForCaller(p, pass.Contract, fn) {
					// A router's sweep: its own code spends its balance as the current
					// caller's (wrapping it to pay the caller's side of a swap), so what is
					// left for the sweep is what this transaction, or a mistaken transfer,
					// left behind.
					f.Severity = detect.Low
					f.Evidence.Add("the contract spends its balance as the current caller's money elsewhere: this sweeps what a transaction left behind")
				}
				lowerForScript(&f, pass.Contract, fn)
				pass.Report(f)
				reported = true
			}
		}
		if !reported {
			if !writesDone {
				writes = entryWrites(p, fn)
			}
			if f, ok := hiddenSend(pass, fn, seen, writes); ok {
				pass.Report(f)
			}
		}
	}
}

// hiddenSend finds ether the entry point sends through the code it runs where its own code
// does not show it (a library, helpers further down, inline assembly: sema's actions), to an
// address the caller picks, with no check of the caller on the way, not charged to the caller
// and not paid out of a record of the caller's or the recipient's. Only the plain faucet is
// taken: an amount the caller names or a fixed one, in a function that writes nothing;
// amounts computed from state, balances or other calls are bookkeeping this pass cannot weigh.
func hiddenSend(pass *detect.Pass, fn *sema.Function, seen map[ast.Node]bool, writes []writeSite) (detect.Finding, bool) {
	p := pass.Program
	if len(writes) > 0 {
		return detect.Finding{}, false
	}
	for _, a := range p.Actions(fn) {
		if a.Kind != sema.ActCall && a.Kind != sema.ActSend || !a.Sends || a.Guarded || seen[a.At] ||
			a.Call != nil && a.Call.Kind != sema.CallLowLevel {
			continue // transfers only: a contract's payable function is another detector's call
		}
		if a.Value.Has(^(sema.SrcParam | sema.SrcConst)) || len(a.Value.Vars) > 0 {
			continue // a sweep of the balance needs its doors weighed (noEtherDoor), with the call's own text
		}
		how, chosen, _ := calleeChoice(p, pass.Contract, fn, a, a.Node)
		if !chosen {
			continue
		}
		own := a.Call == nil || a.Call.Kind == sema.CallLowLevel
		if len(p.CallerDebits(fn)) > 0 || own && !canHoldEther(pass.Contract, fn) || paysOwnRecord(p, fn, a, writes) {
			continue
		}
		f := detect.Finding{Details: map[string]string{"recipient": "the address from " + how, "amount": "ether",
			"function_name": fnName(fn)}, Function: fn.Name}
		f.Pos, f.End = fnRange(fn, a.Site)
		f.Evidence = outflowEvidence(p, pass.Contract, fn, "sends ether in "+a.In.QualifiedName()+reachedHow(p, fn, a)+" to the address from "+how)
		if len(p.Gates(p.Info(fn).CFG, a.Node)) > 0 {
			f.Severity = detect.Medium
			f.Evidence.Guess("other conditions gate the payment; whether they entitle the caller is not proven")
		}
		lowerForScript(&f, pass.Contract, fn)
		return f, true
	}
	return detect.Finding{}, false
}

// paysOwnRecord reports whether a payout is backed by a record of its recipient: the entry
// point writes an entry keyed by the caller (credit[msg.sender] = 0), or the code making the
// call writes an entry keyed by the very address it pays (credit[to] = 0 before to.call).
func paysOwnRecord(p *sema.Program, fn *sema.Function, a sema.Action, writes []writeSite) bool {
	info := p.Info(fn)
	for _, w := range writes {
		lv := lvalueOf(w.at)
		if lv == nil {
			continue
		}
		for _, ix := range indexesOf(lv) {
			if entrySource(info, w, ix).Has(sema.SrcSender | sema.SrcOrigin) {
				return true
			}
		}
	}
	if a.Call == nil || a.Call.Target == nil {
		return false
	}
	in := p.Info(a.In)
	if in == nil {
		return false
	}
	to := in.RootVar(unwrapConversion(in, a.Call.Target))
	if to == nil {
		return false
	}
	keyed := false
	a.In.BodyTree().Inspect(func(n ast.Node) bool {
		switch n.(type) {
		case *ast.AssignExpr, *ast.UnaryExpr:
		default:
			return true
		}
		if lv := lvalueOf(n); lv != nil {
			for _, ix := range indexesOf(lv) {
				if in.RootVar(ix) == to {
					keyed = true
				}
			}
		}
		return !keyed
	})
	return keyed
}

// entitled reports whether the payout at node n is backed by the caller's own record: a state
// write keyed by the caller (or the recipient) in the function or its helpers, unless the amount
// is a parameter bounded the wrong way round, or debited without a bound where arithmetic wraps.
func entitled(p *sema.Program, fn *sema.Function, n *sema.Node, to, amount ast.Expr, writes []writeSite) bool {
	info := p.Info(fn)
	keyed := false
	var debits []writeSite
	for _, w := range writes {
		lv := lvalueOf(w.at)
		if lv == nil {
			continue
		}
		if root := w.info.RootVar(lv); root != nil && root.IsStorageRef() {
			keyed = true
		}
		for _, ix := range indexesOf(lv) {
			// The record must be the caller's own, or the recipient's: paying msg.sender out
			// of balances[someoneElse] is still theft.
			if entrySource(info, w, ix).Has(sema.SrcSender|sema.SrcOrigin) || keyedBy(info, w, ix, to) {
				keyed = true
			}
		}
		if decreaseOf(w.info, w.at) != nil {
			debits = append(debits, w)
		}
	}
	if !keyed {
		return false
	}
	// The amount is chosen by the caller: it must be bounded by what the record holds.
	if amtVar := paramAmount(info, amount); amtVar != nil {
		right, wrong := boundsOn(p, info.CFG, n, amtVar)
		if wrong && !right {
			return false
		}
		if !right && !fn.File.Version.CheckedArithmetic() {
			for _, d := range debits {
				if at, ok := d.at.(*ast.AssignExpr); ok && at.Op == token.SUB_ASSIGN && d.info == info {
					// balances[msg.sender] -= amount with no bound wraps around before 0.8
					return false
				}
			}
		}
	}
	return true
}

// paramAmount returns the parameter an amount is, or nil.
func paramAmount(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.ParamVar {
		return nil
	}
	return v
}

// boundsOn reports whether the conditions gating node n bound v from above by stored state
// (v <= balance: right) or only from below (v >= balance: the wrong way round).
func boundsOn(p *sema.Program, g *sema.CFG, n *sema.Node, v *sema.Var) (right, wrong bool) {
	for _, gt := range p.Gates(g, n) {
		ast.Inspect(gt.Cond, func(x ast.Node) bool {
			b, ok := x.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			op := b.Op
			vx, vy := isVarRef(gt.Info, b.X, v), isVarRef(gt.Info, b.Y, v)
			if !vx && !vy {
				return true
			}
			other := b.Y
			if vy {
				other = b.X
				op = op.Mirror()
			}
			if !flowOf(gt.Info, other).Has(sema.SrcStorage | sema.SrcBalance) {
				return true
			}
			if !gt.Holds {
				op = op.Negate()
			}
			switch op {
			case token.LEQ, token.LSS, token.EQL:
				right = true
			case token.GEQ, token.GTR:
				wrong = true
			}
			return true
		})
	}
	return right, wrong
}

func isVarRef(info *sema.FuncInfo, x ast.Expr, v *sema.Var) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// keyedBy reports whether index ix of write w names the recipient variable to (directly, or as
// the argument a helper received it through).
func keyedBy(entry *sema.FuncInfo, w writeSite, ix ast.Expr, to ast.Expr) bool {
	rid, ok := unwrapConversion(entry, to).(*ast.Ident)
	if !ok {
		return false
	}
	rv, ok := entry.Uses[rid].(*sema.Var)
	if !ok {
		return false
	}
	mentions := func(info *sema.FuncInfo, x ast.Expr, v *sema.Var) bool {
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
				found = true
			}
			return !found
		})
		return found
	}
	if w.via == nil {
		return mentions(w.info, ix, rv)
	}
	if w.info.Fn != w.via.Callee {
		return false
	}
	for _, pv := range w.via.Callee.Params {
		if pv.Index < len(w.via.Args) && mentions(w.info, ix, pv) && mentions(entry, w.via.Args[pv.Index], rv) {
			return true
		}
	}
	return false
}

// helperTransfer sees through an internal helper that sends ether to its parameters
// (_pay(msg.sender, 1 ether) with function _pay(address to, uint a) internal { to.transfer(a); }):
// it returns the arguments standing for the recipient and the amount. Helpers with their own
// access check are left out, except the check of a function the contract calls through this
// that only the contract passes. info is the facts of the function making call c; sender is the
// helper's call that sends.
func helperTransfer(p *sema.Program, info *sema.FuncInfo, c *sema.Call) (to, amount ast.Expr, sender *sema.Call, ok bool) {
	if c.Callee == nil || c.Callee.Body == nil {
		return nil, nil, nil, false
	}
	gi := p.Info(c.Callee)
	if gi == nil {
		return nil, nil, nil, false
	}
	// A helper, or the contract's own function called through this (this.pay(to, amount)),
	// whose checks the contract itself passes when only the contract may call it.
	self := sema.SelfCall(info, c)
	if !self && (c.Kind != sema.CallInternal || accessControlled(p, c.Callee)) {
		return nil, nil, nil, false
	}
	arg := func(x ast.Expr) ast.Expr {
		id, ok := unwrapConversion(gi, x).(*ast.Ident)
		if !ok {
			return nil
		}
		v, ok := gi.Uses[id].(*sema.Var)
		if !ok || v.Kind != sema.ParamVar || v.Func != c.Callee || v.Index >= len(c.Args) {
			return nil
		}
		return c.Args[v.Index]
	}
	for _, gc := range gi.Calls {
		gto, gamount, gok := ethTransfer(gc)
		if !gok || self && p.IsGuardedViaSelf(c.Callee, nodeHolding(gi, gc.Expr)) {
			continue
		}
		t := arg(gto)
		if t == nil {
			continue
		}
		a := arg(gamount)
		if a == nil {
			if _, lit := ast.Unparen(gamount).(*ast.BasicLit); !lit {
				continue
			}
			a = gamount
		}
		return t, a, gc, true
	}
	return nil, nil, nil, false
}

// repaidAfter reports whether a check after node n requires the contract's balance back (a
// flash loan: send, let the borrower run, require(address(this).balance >= before)).
func repaidAfter(p *sema.Program, info *sema.FuncInfo, n *sema.Node) bool {
	g := info.CFG
	for _, m := range g.Nodes {
		if m.Kind != sema.NodeStmt || !g.Reachable(n, m) {
			continue
		}
		es, ok := m.Stmt.(*ast.ExprStmt)
		if !ok {
			continue
		}
		c, ok := es.X.(*ast.CallExpr)
		if !ok {
			continue
		}
		if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0 {
			if mi := p.Info(m.Fn); mi != nil && flowOf(mi, c.Args[0]).Has(sema.SrcBalance) {
				return true
			}
		}
	}
	return false
}

// sweepsPassThrough reports whether amount is the contract's whole balance, swept back by a
// payable function of a contract that holds no ether between transactions (a bulk-payment
// router refunding what it did not forward): no receive or payable fallback takes ether in,
// the constructor is not payable, and every payable entry point sweeps the balance out the
// same way. The balance is then what this caller sent and did not spend. One door that keeps
// ether (a payable deposit, a receive function) makes the sweep pay the caller someone
// else's money.
func sweepsPassThrough(p *sema.Program, fn *sema.Function, amount ast.Expr) bool {
	return isOwnBalance(p.Info(fn), amount) && noEtherDoor(p, fn)
}

// noEtherDoor reports whether payable fn's contract takes ether in only through entry points
// that sweep the balance out again: no payable constructor, a receive or fallback only a
// fixed counterpart may call (require(msg.sender == WETH), the marketplace a router forwards
// to) or none, and every other payable function sweeping too.
func noEtherDoor(p *sema.Program, fn *sema.Function) bool {
	if !fn.IsPayable() || fn.Contract == nil {
		return false
	}
	for _, g := range fn.Contract.AllFunctions() {
		if !g.IsPayable() {
			continue
		}
		if g.Kind == ast.FuncReceive || g.Kind == ast.FuncFallback {
			if p.HasAccessControl(g) {
				continue // only a fixed counterpart sends ether here, within a transaction
			}
			return false
		}
		if g.IsConstructor() || !g.IsPublic() {
			return false
		}
		if g != fn && !sweepsBalance(p, g) {
			return false
		}
	}
	return true
}

// sweepsBalance reports whether fn sends address(this).balance somewhere.
func sweepsBalance(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil {
		return false
	}
	for _, c := range info.Calls {
		if _, amount, ok := ethTransfer(c); ok && isOwnBalance(info, amount) {
			return true
		}
	}
	return false
}

// isOwnBalance reports whether x is address(this).balance (or this.balance before 0.5).
func isOwnBalance(info *sema.FuncInfo, x ast.Expr) bool {
	m, ok := ast.Unparen(x).(*ast.MemberExpr)
	return ok && m.Name.Name == "balance" && isThisAddress(info, m.X)
}

// paramElement reports whether an address is an element of a parameter array
// (recipients[i]): the caller lists whom to pay. A member of a struct parameter (order.maker,
// funds.recipient) is left out: such structs usually carry orders or authorisations that are
// verified elsewhere, which this detector does not see.
func paramElement(info *sema.FuncInfo, x ast.Expr) bool {
	ix, ok := unwrapConversion(info, x).(*ast.IndexExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(ix.X).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	return ok && v.Kind == sema.ParamVar
}

// boundToState reports whether a check that dominates node n binds the recipient to what the
// contract stores: a conjunct of a require (or of the side of an if that leads to n) that is an
// equality with a value read from state and not from the caller (to == treasury), or a state
// allow-list lookup keyed by it (require(isPayee[to])).
func boundToState(p *sema.Program, info *sema.FuncInfo, n *sema.Node, to ast.Expr) bool {
	want := normText(p, unwrapConversion(info, to))
	fromState := func(x ast.Expr) bool {
		src := flowOf(info, x)
		return src.Has(sema.SrcStorage) && !src.Has(sema.SrcParam|sema.SrcSender|sema.SrcOrigin)
	}
	isTo := func(x ast.Expr) bool { return normText(p, unwrapConversion(info, x)) == want }
	var binds func(x ast.Expr, holds bool) bool
	binds = func(x ast.Expr, holds bool) bool {
		x = ast.Unparen(x)
		switch e := x.(type) {
		case *ast.UnaryExpr:
			if e.Op == token.NOT {
				return binds(e.X, !holds)
			}
		case *ast.BinaryExpr:
			switch {
			case e.Op == token.LAND && holds, e.Op == token.LOR && !holds:
				return binds(e.X, holds) || binds(e.Y, holds)
			case e.Op == token.EQL && holds, e.Op == token.NEQ && !holds:
				return isTo(e.X) && fromState(e.Y) || isTo(e.Y) && fromState(e.X)
			}
		case *ast.IndexExpr:
			if holds && e.Index != nil && isTo(e.Index) {
				root := info.RootVar(e.X)
				return root != nil && root.Kind == sema.StateVar
			}
		}
		return false
	}
	for _, gt := range p.Gates(info.CFG, n) {
		if gt.Info == info && binds(gt.Cond, gt.Holds) {
			return true
		}
	}
	return false
}

// protocolsOwn reports whether an address is one the code names by itself, with no part the
// caller chooses: a contract it created, its own address, an immutable or a constant.
func protocolsOwn(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	pv := p.DepsOf(info).Of(x)
	return pv.Has(sema.SrcCreated|sema.SrcThis|sema.SrcImmutable|sema.SrcConst) && pv.Params == 0 &&
		!pv.Has(sema.SrcParam|sema.SrcSender|sema.SrcOrigin|sema.SrcData|sema.SrcCallRet|sema.SrcUnknown|sema.SrcStorage)
}

// canHoldEther reports whether contract c (fn's, when the pass has none) can take ether other
// than by force: a payable function, constructor, receive or fallback. A contract with none
// holds only what selfdestruct or a block reward forces on it (a script contract run through
// a proxy's delegatecall, where the proxy decides who calls).
func canHoldEther(c *sema.Contract, fn *sema.Function) bool {
	if c == nil {
		c = fn.Contract
	}
	if c == nil {
		return true
	}
	for _, g := range c.AllFunctions() {
		if g.IsPayable() {
			return true
		}
	}
	return false
}

// claimedFromStore reports whether the amount is the caller's claim read from a store and
// updated there in the same function: a value returned by a call given a key made from the
// caller (getUint(keccak256("rewards", msg.sender))), with the same key handed to another call
// (setUint(key, 0)). A key-value store (an eternal storage contract, a namespaced storage
// helper) holds the caller's record as a mapping would.
func claimedFromStore(p *sema.Program, info *sema.FuncInfo, amount ast.Expr) bool {
	id, ok := unwrapConversion(info, amount).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.LocalVar {
		return false
	}
	var reads []*ast.CallExpr
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if s, ok := n.(*ast.VarDeclStmt); ok && len(s.Vars) == 1 && s.Vars[0] == v.Decl && s.Value != nil {
			if c, ok := ast.Unparen(s.Value).(*ast.CallExpr); ok {
				reads = append(reads, c)
			}
		}
		return true
	})
	for _, r := range reads {
		for _, k := range r.Args {
			if !flowOf(info, k).Has(sema.SrcSender) {
				continue
			}
			key := normText(p, k)
			for _, c := range info.Calls {
				if c.Expr == r || c.Kind == sema.CallBuiltin || c.Kind == sema.CallConversion || c.Callee != nil && c.Callee.IsView() {
					continue
				}
				for _, a := range c.Args {
					if normText(p, a) == key {
						return true
					}
				}
			}
		}
	}
	return false
}

// ownBalance reports whether an amount is, or is computed from, what the contract holds: its
// ether balance, or its balance of a token (through locals: uint b = weth.balanceOf(address(this))).
func ownBalance(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	found := false
	var visit func(e ast.Expr, depth int)
	visit = func(e ast.Expr, depth int) {
		if e == nil || depth > 4 || found {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch y := n.(type) {
			case *ast.MemberExpr:
				if y.Name.Name == "balance" && isThisAddress(info, y.X) {
					found = true
				}
			case *ast.CallExpr:
				if c := info.CallOf[y]; c != nil && c.Name == "balanceOf" && len(c.Args) == 1 && isThisAddress(info, c.Args[0]) {
					found = true
				}
			case *ast.Ident:
				if v, ok := info.Uses[y].(*sema.Var); ok && v.Kind == sema.LocalVar && v.Decl != nil {
					info.Fn.BodyTree().Inspect(func(m ast.Node) bool {
						if s, ok := m.(*ast.VarDeclStmt); ok && len(s.Vars) == 1 && s.Vars[0] == v.Decl {
							visit(s.Value, depth+1)
						}
						return !found
					})
				}
			}
			return !found
		})
	}
	visit(x, 0)
	return found
}

// spendsBalanceForCaller reports whether another function of contract c spends the contract's
// ether balance as its caller's money: it reads address(this).balance and sends ether to an
// address the protocol names itself (WETH.deposit{value: v}() to pay the caller's side of a
// swap). A contract that does so holds ether only for the transaction in flight.
func spendsBalanceForCaller(p *sema.Program, c *sema.Contract, fn *sema.Function) bool {
	if c == nil {
		c = fn.Contract
	}
	if c == nil {
		return false
	}
	for _, g := range c.AllFunctions() {
		gi := p.Info(g)
		if g == fn || gi == nil || g.Body == nil || !mentionsSelfBalance(gi) {
			continue
		}
		for _, call := range gi.Calls {
			if call.SendsValue() && call.Target != nil && protocolsOwn(p, gi, call.Target) {
				return true
			}
		}
	}
	return false
}

// mentionsSelfBalance reports whether a function reads address(this).balance.
func mentionsSelfBalance(info *sema.FuncInfo) bool {
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if m, ok := n.(*ast.MemberExpr); ok && m.Name.Name == "balance" && isThisAddress(info, m.X) {
			found = true
		}
		return !found
	})
	return found
}

// settableByAnyone reports whether the recipient x is read from state that anyone may set to
// an address of their choice through an entry point of fn's contract (sema.Compromised): a
// payout to it is the caller's pick, in two transactions (set it, then trigger the payout).
func settableByAnyone(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, x ast.Expr) bool {
	for _, v := range p.DepsOf(info).Of(x).Vars {
		if p.Compromised(fn.Contract, v) {
			return true
		}
	}
	return false
}
