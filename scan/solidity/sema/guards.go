package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Guards on the graph. A node of a function's graph is guarded when only some callers get to
// it: a node that restricts the caller (restrictingNode) dominates it, or, for code that does
// not end the call on the spot, every path from it to the end passes one (the transaction
// reverts for everyone else, taking the code's effects with it). A check written after a
// selfdestruct, or after an assembly return, guards nothing: that code never gets there.
//
// A node restricts the caller when passing it means a check held:
//   - require/assert(c), or the side of a branch, where c restricts (callercheck.go), in the
//     function, a modifier woven into it, or inline assembly (if iszero(eq(caller(), sload(0))));
//   - a call of a helper that checks the caller on every path to its end, by itself or on the
//     parameter the call hands the caller (_checkRole(role, msg.sender));
//   - a call of a helper that reverts unless its argument holds (_require(c, code)), with a
//     restricting argument;
//   - a delegatecall-only check (require(address(this) != self)): the code runs only when an
//     authorised contract decides to delegatecall it;
//   - for code not shipped, a check helper or modifier named so (a gap a name fills).

// restrictingNode reports whether passing node d means the caller was checked.
func (p *Program) restrictingNode(d *Node, ck checkCtx, depth int) bool {
	info := p.Info(d.Fn)
	if info == nil || depth > 6 {
		return false
	}
	switch d.Kind {
	case NodeStmt:
		if d.Stmt == nil {
			return false
		}
		es, ok := d.Stmt.(*ast.ExprStmt)
		if !ok {
			return false
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		return p.callChecks(info, call, ck, depth)
	case NodeBranch:
		if d.Cond == nil {
			return false
		}
		if d.Cond.Expr != nil {
			return p.restricts(info, d.Cond.Expr, d.Polarity, depth, ck) || !ck.origin && p.isDelegatecallOnly(info, d.Cond.Expr, d.Polarity)
		}
		if d.Cond.YulCond() != nil && d.Case == nil {
			return p.yulRestricts(info, d.Cond.YulCond(), d.Polarity, depth, ck.origin)
		}
	}
	return false
}

// callChecks reports whether a call statement checks the caller: require/assert of a
// restricting condition, a require helper given one, a helper that checks the caller itself or
// the parameter handed the caller, or (unresolved) a check helper named so.
func (p *Program) callChecks(info *FuncInfo, call *ast.CallExpr, ck checkCtx, depth int) bool {
	name := callName(call)
	if id, ok := call.Fun.(*ast.Ident); ok && (name == "require" || name == "assert") && len(call.Args) > 0 {
		if _, builtin := info.Uses[id].(*Builtin); builtin || info.Uses[id] == nil {
			return p.restricts(info, call.Args[0], true, depth, ck) || !ck.origin && p.isDelegatecallOnly(info, call.Args[0], true)
		}
	}
	c := info.CallOf[call]
	if c != nil && len(c.Callees) > 0 && (c.Kind == CallInternal || c.Kind == CallLibrary) && allHaveBodies(c.Callees) {
		for _, callee := range p.PossibleCallees(c) {
			if !p.helperChecks(info, c, callee, ck, depth) {
				return false
			}
		}
		return true
	}
	// Code Vigil cannot read: a helper named as a check, given the caller or about it.
	lower := strings.ToLower(name)
	for _, a := range call.Args {
		if p.isCaller(info, a, ck) && (predicateName(lower) || checkName(lower)) && !discardsAnswer(info, call) {
			return true
		}
	}
	if c != nil && !ck.origin && (c.Kind == CallInternal || c.Kind == CallLibrary || c.Kind == CallUnknown) {
		if strings.HasPrefix(lower, "_check") || strings.HasPrefix(lower, "check") || strings.HasPrefix(lower, "_require") ||
			strings.HasPrefix(lower, "require") || strings.HasPrefix(lower, "_only") || strings.HasPrefix(lower, "_auth") {
			return strings.Contains(lower, "owner") || strings.Contains(lower, "role") || strings.Contains(lower, "auth") ||
				strings.Contains(lower, "admin") || strings.Contains(lower, "sender") || strings.Contains(lower, "caller")
		}
	}
	return false
}

func allHaveBodies(fs []*Function) bool {
	for _, f := range fs {
		if f.Body == nil {
			return false
		}
	}
	return true
}

// helperChecks reports whether calling callee through c checks the caller: callee checks it on
// every path to its end, or checks the parameter c hands the caller, or requires a bool
// parameter to which c passes a restricting condition.
func (p *Program) helperChecks(info *FuncInfo, c *Call, callee *Function, ck checkCtx, depth int) bool {
	if p.checksCaller(callee, checkCtx{naive: ck.naive, in: ck.in, origin: ck.origin, trustParams: ck.trustParams}, depth+1) {
		return true
	}
	for i, prm := range callee.Params {
		a := ArgFor(c, callee, i)
		if a == nil {
			continue
		}
		switch {
		case IsAddress(prm.Type) && p.isCaller(info, a, ck):
			if p.checksCaller(callee, checkCtx{as: prm, naive: ck.naive, in: ck.in, origin: ck.origin, trustParams: ck.trustParams}, depth+1) {
				return true
			}
		case isBool(prm.Type) && p.requiresParam(callee, i):
			if p.restricts(info, a, true, depth+1, ck) || !ck.origin && p.isDelegatecallOnly(info, a, true) {
				return true
			}
		}
	}
	return false
}

func isBool(t Type) bool {
	e, ok := t.(*Elementary)
	return ok && e.Name == "bool"
}

type checksCallerKey struct {
	depth int
	ck    checkCtx
}

// checksCaller reports whether every path to fn's end passes a node restricting the caller
// (the parameter ck.as standing for it, when set).
func (p *Program) checksCaller(fn *Function, ck checkCtx, depth int) bool {
	info := p.Info(fn)
	if fn == nil || info == nil || info.CFG == nil || fn.Body == nil || depth > 6 {
		return false
	}
	return Memo(info, checksCallerKey{depth, ck}, func() bool {
		g := info.CFG
		dom := g.DominatedBy(func(d *Node) bool { return p.restrictingNode(d, ck, depth) })
		return endsDominated(g, dom)
	})
}

type requiresKey struct{}

// requiresParam reports whether fn reverts unless its bool parameter i holds: a gate on it
// dominates fn's end (function _require(bool ok, uint code) { if (!ok) _revert(code); }).
func (p *Program) requiresParam(fn *Function, i int) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || i >= len(fn.Params) {
		return false
	}
	req := Memo(info, requiresKey{}, func() []bool {
		out := make([]bool, len(fn.Params))
		for _, gt := range p.Gates(info.CFG, info.CFG.Exit) {
			if gt.Info != info {
				continue
			}
			cond, holds := ast.Unparen(gt.Cond), gt.Holds
			for {
				u, ok := cond.(*ast.UnaryExpr)
				if !ok || u.Op != token.NOT {
					break
				}
				cond, holds = ast.Unparen(u.X), !holds
			}
			if id, ok := cond.(*ast.Ident); ok && holds {
				for j, prm := range fn.Params {
					if info.Uses[id] == prm {
						out[j] = true
					}
				}
			}
		}
		return out
	})
	return req[i]
}

// HasAccessControl reports whether calls to fn are restricted to some callers: every path to
// its end passes a check (in a modifier, its body or a helper it calls), or every statement of
// its body runs after one (a modifier that returns early for others), or a modifier whose code
// is not shipped is named for it.
func (p *Program) HasAccessControl(fn *Function) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return p.unresolvedRestrictiveModifier(fn)
	}
	return Memo(info, accessControlKey{}, func() bool {
		ck := checkCtx{in: fn.Contract}
		if p.unresolvedRestrictiveModifier(fn) || p.checksCaller(fn, ck, 0) {
			return true
		}
		dom := p.dominatedByCheck(info, ck)
		body := false
		for _, n := range info.CFG.Nodes {
			if n.Fn == fn && (n.Kind == NodeStmt || n.Kind == NodeCond) {
				body = true
				if !dom[n.ID] {
					return false
				}
			}
		}
		return body
	})
}

type accessControlKey struct{}

// unresolvedRestrictiveModifier reports whether fn uses a modifier whose code is not shipped
// and whose name says it restricts callers (onlyOwner, auth, requiresAuth): a gap a name fills.
func (p *Program) unresolvedRestrictiveModifier(fn *Function) bool {
	for i, inv := range fn.Invocations {
		if i < len(fn.Modifiers) && fn.Modifiers[i] != nil && fn.Modifiers[i].Body != nil {
			continue
		}
		name := inv.Name.Names[len(inv.Name.Names)-1].Name
		if restrictiveName.MatchString(name) && !strings.Contains(strings.ToLower(name), "paused") {
			return true
		}
	}
	return false
}

type dominatedByCheckKey struct{ ck checkCtx }

// dominatedByCheck marks, by node ID, the nodes of info's graph a restricting node dominates.
func (p *Program) dominatedByCheck(info *FuncInfo, ck checkCtx) []bool {
	return Memo(info, dominatedByCheckKey{ck}, func() []bool {
		return info.CFG.DominatedBy(func(d *Node) bool { return p.restrictingNode(d, ck, 0) })
	})
}

type checkedAfterKey struct{ ck checkCtx }

// checkedAfter marks, by node ID, the nodes from which the end of the function cannot be
// reached without passing a restricting node (or at all: every path reverts).
func (p *Program) checkedAfter(info *FuncInfo, ck checkCtx) []bool {
	return Memo(info, checkedAfterKey{ck}, func() []bool {
		g := info.CFG
		restricting := make([]bool, len(g.Nodes))
		for _, n := range g.Nodes {
			restricting[n.ID] = p.restrictingNode(n, ck, 0)
		}
		// Walk back from the exit without crossing a restricting node: what it reaches can
		// end the call unchecked.
		open := make([]bool, len(g.Nodes))
		stack := []*Node{g.Exit, g.Halt}
		open[g.Exit.ID], open[g.Halt.ID] = true, true
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, m := range n.Preds {
				if !open[m.ID] && !restricting[m.ID] {
					open[m.ID] = true
					stack = append(stack, m)
				}
			}
		}
		out := make([]bool, len(g.Nodes))
		for i := range out {
			out[i] = !open[i]
		}
		return out
	})
}

// IsGuarded reports whether node n of fn's graph runs, with lasting effect, only for callers
// that passed a check: a restricting node dominates it, or n does not end the call and every
// path from it to the end passes one.
func (p *Program) IsGuarded(fn *Function, n *Node) bool {
	return p.isGuarded(fn, n, checkCtx{in: fn.Contract})
}

func (p *Program) isGuarded(fn *Function, n *Node, ck checkCtx) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || n == nil {
		return !ck.naive && p.HasAccessControl(fn)
	}
	if p.unresolvedRestrictiveModifier(fn) {
		return true
	}
	if p.dominatedByCheck(info, ck)[n.ID] {
		return true
	}
	if endsCall(info.CFG, n) {
		return false
	}
	return p.checkedAfter(info, ck)[n.ID]
}

// endsCall reports whether node n ends the call where it stands (selfdestruct, an assembly
// return or stop): code after it, checks included, never runs.
func endsCall(g *CFG, n *Node) bool {
	for _, s := range n.Succs {
		if s == g.Halt {
			return true
		}
	}
	return false
}

// endsDominated reports whether every end of g the entry reaches (its exit, its halt sink) is
// marked in dom, and some end is reached.
func endsDominated(g *CFG, dom []bool) bool {
	reached := false
	for _, e := range [...]*Node{g.Exit, g.Halt} {
		if len(e.Preds) == 0 {
			continue
		}
		if !g.Reachable(g.Entry, e) {
			continue
		}
		reached = true
		if !dom[e.ID] {
			return false
		}
	}
	return reached
}

// AuthorisesByOrigin reports whether passing node d of fn's graph means tx.origin passed a check
// against a value the caller cannot choose (tx.origin used as who is calling), and the passing
// side can end the call normally: a check that only lets one origin revert (an estimation
// address) grants nothing. weak reports the same check against a value the caller passes,
// which may be bound elsewhere (a signed order's field) or may make the check void.
func (p *Program) AuthorisesByOrigin(fn *Function, d *Node) (strong, weak bool) {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || !info.CFG.Reachable(d, info.CFG.Exit) && !info.CFG.Reachable(d, info.CFG.Halt) {
		return false, false
	}
	if p.restrictingNode(d, checkCtx{in: fn.Contract, origin: true}, 0) {
		return true, false
	}
	return false, p.restrictingNode(d, checkCtx{in: fn.Contract, origin: true, trustParams: true}, 0)
}

// RequiresArg reports whether fn reverts unless its bool parameter i holds: a require helper
// (_require(ok, code)).
func (p *Program) RequiresArg(fn *Function, i int) bool { return p.requiresParam(fn, i) }
