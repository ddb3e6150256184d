package solidity

import (
	"strconv"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// ReentrancyBalance reports a balance read into a local before a call into code the caller
// chooses, and checked after the call as if it still held: require(token.balanceOf(this) -
// before >= owed). The callee can re-enter the function and pay once for several nested
// calls: each nested check compares against the same stale snapshot and passes, so the caller
// gets N mints (or N credits) for one payment.
var ReentrancyBalance = &detect.Analyzer{
	Template: detect.Template{
		ID:         "REENTRANCY_BALANCE",
		Name:       "Balance read before a re-entrant call and checked after it",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${snapshot}</code> reads ` +
			`<code>${balance}</code> (line ${snapshot_line}) before the call to <code>${call}</code> (line ${call_line}), ` +
			`which the caller chooses, and <code>${check}</code> checks it after the call. The callee can re-enter ` +
			`<code>${function_name}</code> before the check: every nested call measures its payment against the same old ` +
			`balance, so one payment satisfies all of them.</p>`,
		Remediation: `<p>Guard the function (and the functions that move the same balance) with a reentrancy lock, or ` +
			`pull the payment with transferFrom from the caller instead of measuring balances around a callback.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "snapshot", "balance", "snapshot_line", "call",
			"call_line", "check"},
		DetectionLogic: "In a public state-changing function without a reentrancy guard or access check: a local assigned a balance " +
			"(balanceOf(x) on a token, x.balance, or an internal function returning one), then, on a path from it, an " +
			"external or low-level call (not transfer or send, not a view or static call) to msg.sender, a parameter or " +
			"a value derived from them, then, on a path from that call, a require, assert or if condition that reads the " +
			"local (or a local computed from it; the result of a call that merely takes it as an argument is not).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-107"},
		CWE:       []string{"CWE-841"},
		Languages: []string{"solidity"},
		Slither:   "reentrancy-balance",
		Class:     "reentrancy",
	},
	Run: runReentrancyBalance,
}

func runReentrancyBalance(pass *detect.Pass) {
	p := pass.Program
functions:
	for _, fn := range entryFunctions(pass.Functions()) {
		if fn.IsView() || isTestContract(fn.Contract) || hasReentrancyGuard(p, fn) || accessControlled(p, fn) {
			continue // a lock stops the nested calls; a trusted caller does not attack itself
		}
		info := p.Info(fn)
		if info == nil || info.CFG == nil {
			continue
		}
		g := info.CFG
		for _, s := range g.Nodes {
			if s.Fn != fn || s.Kind != sema.NodeStmt {
				continue
			}
			v, balance := balanceSnapshot(p, info, s)
			if v == nil {
				continue
			}
			stale := computedFrom(info, v)
			fromSnap := g.ReachableFrom(s)
			for _, c := range g.Nodes {
				if c == s || !fromSnap[c.ID] || c.Kind != sema.NodeStmt {
					continue
				}
				call := reenteringCall(p, info, c)
				if call == nil {
					continue
				}
				check := staleCheck(p, info, g, c, stale)
				if check == nil {
					continue
				}
				reportAt(pass, check, fn, map[string]string{
					"snapshot": sourceText(p, s.Code()), "balance": balance, "snapshot_line": strconv.Itoa(lineOf(p, s.Code().Pos())),
					"call": sourceText(p, call.Target), "call_line": strconv.Itoa(lineOf(p, call.Expr.Pos())),
					"check": sourceText(p, check)}, "", "")
				continue functions // one finding per function: the first snapshot, call and check
			}
		}
	}
}

// balanceSnapshot returns the local node s assigns a balance to, and the balance read as
// written (token.balanceOf(address(this)), address(this).balance, or an internal helper
// returning one: balance0()).
func balanceSnapshot(p *sema.Program, info *sema.FuncInfo, s *sema.Node) (*sema.Var, string) {
	var target *sema.Var
	var value ast.Expr
	switch st := s.Stmt.(type) {
	case *ast.VarDeclStmt:
		if len(st.Vars) == 1 && st.Vars[0] != nil && st.Value != nil {
			target, value = varOfDecl(info, st.Vars[0]), st.Value
		}
	case *ast.ExprStmt:
		if a, ok := st.X.(*ast.AssignExpr); ok {
			if id, ok := ast.Unparen(a.Lhs).(*ast.Ident); ok {
				target, _ = info.Uses[id].(*sema.Var)
				value = a.Rhs
			}
		}
	}
	if target == nil || target.Kind != sema.LocalVar || value == nil {
		return nil, ""
	}
	if read := balanceRead(p, info, value, 0); read != nil {
		return target, sourceText(p, read)
	}
	return nil, ""
}

// balanceRead returns the balance read inside x: a one-argument balanceOf call on a contract,
// an address's .balance, or a call to an internal function whose returned value reads one.
func balanceRead(p *sema.Program, info *sema.FuncInfo, x ast.Expr, depth int) ast.Expr {
	var found ast.Expr
	ast.Inspect(x, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch e := n.(type) {
		case *ast.MemberExpr:
			if e.Name.Name == "balance" && sema.IsAddress(info.Types[e.X]) {
				found = e
			}
		case *ast.CallExpr:
			c := info.CallOf[e]
			if c == nil {
				return true
			}
			if c.Name == "balanceOf" && len(c.Args) == 1 && (c.Kind == sema.CallExternal || c.Kind == sema.CallLowLevel) {
				found = e
				return false
			}
			if c.Kind == sema.CallInternal && c.Callee != nil && c.Callee.Body != nil && depth < 2 {
				if returnsBalance(p, c.Callee, depth+1) {
					found = e
					return false
				}
			}
		}
		return true
	})
	return found
}

// returnsBalance reports whether fn returns a balance it reads (a return statement or a named
// return assigned from one).
func returnsBalance(p *sema.Program, fn *sema.Function, depth int) bool {
	info := p.Info(fn)
	if info == nil {
		return false
	}
	return returnsMatching(info, fn, func(x ast.Expr) bool { return balanceRead(p, info, x, depth) != nil })
}

// reenteringCall returns a call at node c that hands control to code the caller chooses: an
// external or low-level call (not transfer or send, which forward too little gas; not a view
// or static call) whose target is msg.sender, a parameter, or derived from them.
func reenteringCall(p *sema.Program, info *sema.FuncInfo, c *sema.Node) *sema.Call {
	for _, call := range nodeCalls(p, c) {
		if !call.IsExternal() || call.Target == nil || call.IsLowLevel("transfer", "send", "staticcall") || staticCall(p, info, call) {
			continue
		}
		if chosenByCaller(info, call.Target) {
			return call
		}
	}
	return nil
}

// staleCheck returns a condition on a path from node c that reads one of the stale locals: a
// require or assert argument, or an if or loop condition.
func staleCheck(p *sema.Program, info *sema.FuncInfo, g *sema.CFG, c *sema.Node, stale map[*sema.Var]bool) ast.Expr {
	reach := g.ReachableFrom(c)
	for _, m := range g.Nodes {
		if m == c || !reach[m.ID] || m.Fn != info.Fn {
			continue
		}
		var cond ast.Expr
		switch m.Kind {
		case sema.NodeCond:
			cond = m.Expr
		case sema.NodeStmt:
			if gt, ok := p.GateOf(m); ok && gt.Node == m {
				cond = gt.Cond
			}
		}
		if cond != nil && mentionsVars(info, cond, stale) {
			return cond
		}
	}
	return nil
}

// computedFrom returns v and the locals computed from it by arithmetic or internal functions:
// a local holding the result of an external call that takes v as an argument (the success of
// a transfer of v) does not hold v's value.
func computedFrom(info *sema.FuncInfo, v *sema.Var) map[*sema.Var]bool {
	set := map[*sema.Var]bool{v: true}
	for changed := true; changed; {
		changed = false
		for _, l := range info.Fn.Locals {
			if set[l] {
				continue
			}
			values, _ := assignedValues(info, l)
			for _, e := range values {
				if mentionsOutsideCalls(info, e, set) {
					set[l] = true
					changed = true
					break
				}
			}
		}
	}
	return set
}

// mentionsOutsideCalls reports whether x reads a variable of set other than as an argument of
// an external or low-level call.
func mentionsOutsideCalls(info *sema.FuncInfo, x ast.Node, set map[*sema.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if c := info.CallOf[e]; c != nil && c.IsExternal() {
				return false
			}
		case *ast.Ident:
			if w, ok := info.Uses[e].(*sema.Var); ok && set[w] {
				found = true
			}
		}
		return !found
	})
	return found
}
