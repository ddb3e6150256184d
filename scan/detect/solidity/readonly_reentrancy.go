package solidity

import (
	"slices"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Read-only reentrancy: a reentrancy lock protects the state-changing functions, but not the
// views. A function that hands control to another contract half-way through an update (state
// written before the call, more state written after) lets the callee call a view of this
// contract and read the half-updated state, or lets another protocol that prices from that
// view be called by the callee at that moment. Curve's get_virtual_price during
// remove_liquidity is the textbook case: integrators read an inflated LP price and lent
// against it.

var ReadOnlyReentrancy = &detect.Analyzer{
	Template: detect.Template{
		ID:         "READ_ONLY_REENTRANCY",
		Name:       "View readable mid-update during an external call (read-only reentrancy)",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceLow,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> hands control to another ` +
			`contract half-way through an update: it writes state before the external call and more state ` +
			`(<code>${state_vars}</code>) after it. During the call, the public view${views_plural} <code>${views}</code> ` +
			`read${views_verb} the half-updated state, and no reentrancy lock stops them (a <code>nonReentrant</code> ` +
			`guard does not cover views). Another protocol that prices or checks collateral with ${views_that} view can be ` +
			`called by the callee at that moment and act on the inconsistent value.</p>`,
		Remediation: `<p>Finish every state update before the external call (checks-effects-interactions), or make the ` +
			`views revert while the lock is held (check the guard's status in them, as <code>_reentrancyGuardEntered()</code> ` +
			`allows) so integrators cannot read a mid-update value.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_vars", "views", "views_plural", "views_verb", "views_that"},
		DetectionLogic: "Control-flow graph: in a public state-changing function, an external call that can give control " +
			"away (a low-level call, a call sending ether, a call to a caller-chosen contract, a safe mint/transfer with a " +
			"receiver hook) has state written on a path before it and after it; a public view of the contract reads both a " +
			"variable written before and one written after, and neither the view checks the function's lock nor runs under one.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-107"},
		CWE:       []string{"CWE-841"},
		Languages: []string{"solidity"},
		Class:     "reentrancy",
	},
	Run: runReadOnlyReentrancy,
}

var ReadOnlyReentrancyPrice = &detect.Analyzer{
	Template: detect.Template{
		ID:         "READ_ONLY_REENTRANCY_PRICE",
		Name:       "Price read from a pool view that can be mid-update (read-only reentrancy)",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> prices with ` +
			`<code>${call}</code> without first checking that the pool is not in the middle of an operation. The pool ` +
			`hands control to the caller during <code>remove_liquidity</code> (ether sent before balances are final), ` +
			`and its views are not covered by its lock: an attacker who re-enters this contract from that callback reads ` +
			`an inflated price and borrows, mints or withdraws against it.</p>`,
		Remediation: `<p>Before reading the price, call a function of the pool that takes its reentrancy lock (for Curve, ` +
			`<code>remove_liquidity(0, [0, 0])</code> or <code>claim_admin_fees()</code>; for Balancer, ` +
			`<code>VaultReentrancyLib.ensureNotInVaultContext</code>), which reverts while the pool is mid-operation.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call"},
		DetectionLogic: "A call to a Curve pool's get_virtual_price() (or Balancer's getRate/getPoolTokens on a pool or vault) " +
			"in a function that makes no state-changing call to the same pool before it and calls nothing named like a " +
			"reentrancy check.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-107"},
		CWE:       []string{"CWE-841"},
		Languages: []string{"solidity"},
		Class:     "reentrancy",
	},
	Run: runReadOnlyReentrancyPrice,
}

func runReadOnlyReentrancy(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || isTestContract(c) || c.IsInterface() || c.IsLibrary() {
		return
	}
	views := exposedViews(p, c)
	if len(views) == 0 {
		return
	}
	for _, fn := range entryFunctions(pass.Functions()) {
		if isInitializerLike(fn) {
			continue // runs once, before anyone prices from the contract
		}
		info := p.Info(fn)
		g := info.CFG
		lockVars := lockState(p, fn)
		reported := map[ast.Node]bool{}
		for _, n := range g.Nodes {
			site := handsOffControl(p, n)
			if site == nil || reported[site] {
				continue
			}
			before := writesBefore(p, g, n)
			after := writesAfter(p, g, n)
			for v := range lockVars {
				delete(before, v)
				delete(after, v)
			}
			dropLockWrites(p, before)
			dropLockWrites(p, after)
			// A variable set before the call and set back after it (the sender of the message
			// being relayed, a cached amount) is a context the call is meant to read; the
			// inconsistency a view can show needs state updated only before the call beside
			// state updated after it.
			for v := range before {
				if _, again := after[v]; again {
					delete(before, v)
				}
			}
			if len(before) == 0 || len(after) == 0 {
				continue
			}
			var names []string
			stale := map[string]bool{}
			for _, view := range views {
				reads := viewReads(p, view)
				if readsAny(reads, lockVars) || !readsAny(reads, before) {
					continue
				}
				hit := false
				for v := range after {
					if reads[v] {
						stale[v.Name] = true
						hit = true
					}
				}
				if hit {
					names = append(names, view.Name)
				}
			}
			if len(names) == 0 {
				continue
			}
			reported[site] = true
			if n.Fn != fn {
				site = modifierSite(fn, n.Fn, site)
			}
			sort.Strings(names)
			var vars []string
			for v := range stale {
				vars = append(vars, v)
			}
			sort.Strings(vars)
			d := map[string]string{"function_name": fnName(fn), "state_vars": strings.Join(vars, ", "),
				"views": strings.Join(names, ", "), "views_plural": "", "views_verb": "s", "views_that": "that"}
			if len(names) > 1 {
				d["views_plural"], d["views_verb"], d["views_that"] = "s", "", "these"
			}
			f := detect.Finding{Pos: site.Pos(), End: site.End(), Function: fn.Name, Details: d}
			if p.HasAccessControl(fn) {
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

// exposedViews returns the public views of c that compute from state themselves: explicit
// view functions (not the getters of public variables) without a lock of their own.
func exposedViews(p *sema.Program, c *sema.Contract) []*sema.Function {
	var out []*sema.Function
	for _, f := range c.AllFunctions() {
		if f.IsView() && f.IsEntryPoint() && f.Body != nil && !hasReentrancyGuard(p, f) {
			out = append(out, f)
		}
	}
	return out
}

// viewReads returns the state variables a view reads, itself or through internal helpers.
func viewReads(p *sema.Program, fn *sema.Function) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	for _, g := range withCallees(p, fn) {
		if gi := p.Info(g); gi != nil {
			for v := range gi.StateReads {
				out[v] = true
			}
		}
	}
	return out
}

// readsAny reports whether reads holds a variable of set.
func readsAny[T any](reads map[*sema.Var]bool, set map[*sema.Var]T) bool {
	for v := range set {
		if reads[v] {
			return true
		}
	}
	return false
}

// lockState returns the state a function's reentrancy lock uses: what its lock modifiers write.
func lockState(p *sema.Program, fn *sema.Function) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	for _, m := range fn.Modifiers {
		if m == nil || m.Body == nil {
			continue
		}
		lock := modifierIsLock(p, m) || hasWord(m.Name, "lock", "locked", "mutex") ||
			strings.Contains(strings.ToLower(m.Name), "reentran")
		if !lock {
			continue
		}
		for v := range p.TransitiveWrites(m) {
			out[v] = true
		}
	}
	return out
}

// writesBefore returns the state written on some path to node n (n excluded).
func writesBefore(p *sema.Program, g *sema.CFG, n *sema.Node) map[*sema.Var][]ast.Node {
	out := map[*sema.Var][]ast.Node{}
	for _, m := range g.Nodes {
		if m == n || m.Kind != sema.NodeStmt || !g.Reachable(m, n) || g.Reachable(n, m) {
			continue
		}
		for v, at := range nodeWrites(p, m) {
			out[v] = append(out[v], at...)
		}
	}
	return out
}

// handsOffControl returns where node n gives control to code the caller may have written: a
// call (not the 2300-gas send/transfer) to an address the caller passed or is, or a safe mint
// that calls the receiver's hook. Calls to contracts the protocol stores are its own code.
// Nil otherwise.
func handsOffControl(p *sema.Program, n *sema.Node) ast.Node {
	for _, oc := range externalCallsAt(p, n) {
		if oc.act.Kind != sema.ActCall {
			continue // send and transfer forward too little gas to re-enter
		}
		if oc.act.Target.Has(sema.SrcParam | sema.SrcSender) {
			return oc.site
		}
	}
	for _, c := range nodeCalls(p, n) {
		name := strings.ToLower(c.Name)
		if name == "_safemint" || name == "safemint" || name == "_safetransfer" {
			return c.Expr
		}
	}
	return nil
}

// dropLockWrites removes the writes that only set a lock flag (slot0.unlocked = true,
// _status = NOT_ENTERED): a lock's release is no data a view reads.
func dropLockWrites(p *sema.Program, writes map[*sema.Var][]ast.Node) {
	for v, at := range writes {
		var data []ast.Node
		for _, a := range at {
			if !isLockFlag(p, a) {
				data = append(data, a)
			}
		}
		if len(data) == 0 {
			delete(writes, v)
		} else {
			writes[v] = data
		}
	}
}

// isLockFlag reports whether a written place names a lock: a variable or field called
// locked/unlocked/status/entered/mutex.
func isLockFlag(p *sema.Program, at ast.Node) bool {
	var name string
	switch e := at.(type) {
	case *ast.AssignExpr:
		return isLockFlag(p, e.Lhs)
	case *ast.MemberExpr:
		name = e.Name.Name
	case *ast.Ident:
		name = e.Name
	default:
		return false
	}
	return hasWord(name, "lock", "locked", "unlocked", "status", "entered", "mutex", "reentrancy")
}

// curvePriceViews name the pool views whose value is wrong while the pool is mid-operation.
var curvePriceViews = []string{"get_virtual_price"}

func runReadOnlyReentrancyPrice(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) || fn.Contract != nil && fn.Contract.IsInterface() {
			continue
		}
		info := p.Info(fn)
		if info == nil || !slices.ContainsFunc(info.Calls, isPoolPriceCall) || inFuncOrCallees(p, fn, checksPoolLock) {
			continue // the walk of the function and its callees only for functions reading a price
		}
		for _, c := range info.Calls {
			if !isPoolPriceCall(c) {
				continue
			}
			if touchesPoolFirst(p, info, c) {
				continue
			}
			pass.Report(detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn), "call": c.Name}})
		}
	}
}

// isPoolPriceCall reports whether c reads a pool's price through one of its view functions.
func isPoolPriceCall(c *sema.Call) bool {
	return c.Kind == sema.CallExternal && c.Target != nil && callNamed(c.Expr, curvePriceViews...)
}

// checksPoolLock recognises a call to a helper that checks a pool's reentrancy lock.
func checksPoolLock(_ *sema.FuncInfo, n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	return containsLower(sema.CalleeName(c), "reentran", "notinvaultcontext", "checklock")
}

// touchesPoolFirst reports whether the function makes a state-changing call to the same pool
// before reading its price: the call takes the pool's lock and reverts while it is held.
func touchesPoolFirst(p *sema.Program, info *sema.FuncInfo, price *sema.Call) bool {
	target := sourceText(p, price.Target)
	for _, c := range info.Calls {
		if c == price || c.Kind != sema.CallExternal || c.Target == nil || c.Expr.Pos() >= price.Expr.Pos() {
			continue
		}
		if c.Callee != nil && c.Callee.IsView() || strings.HasPrefix(c.Name, "get") {
			continue
		}
		if sourceText(p, c.Target) == target {
			return true
		}
	}
	return false
}
