package sema

import (
	"regexp"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
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
		call := stmtCall(d.Stmt)
		if call == nil {
			return false
		}
		return p.callChecks(info, call, ck, depth)
	case NodeBranch:
		if d.Cond == nil {
			return false
		}
		if d.Cond.Expr != nil {
			return p.restricts(info, d.Cond.Expr, d.Polarity, depth, ck) || !ck.origin && !ck.identity && p.isDelegatecallOnly(info, d.Cond.Expr, d.Polarity)
		}
		if d.Cond.YulCond() != nil && d.Case() == nil {
			return p.yulRestricts(info, d.Cond.YulCond(), d.Polarity, depth, ck.origin, ck.identity)
		}
	}
	return false
}

// stmtCall returns the call a statement makes as a whole: the expression of an expression
// statement, the value of a return or a declaration, the right side of an assignment.
func stmtCall(s ast.Stmt) *ast.CallExpr {
	var x ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		x = s.X
		if a, ok := x.(*ast.AssignExpr); ok {
			x = a.Rhs
		}
	case *ast.ReturnStmt:
		x = s.Result
	case *ast.VarDeclStmt:
		x = s.Value
	}
	call, _ := ast.Unparen(x).(*ast.CallExpr)
	return call
}

// callChecks reports whether a call statement checks the caller: require/assert of a
// restricting condition, a require helper given one, a helper that checks the caller itself or
// the parameter handed the caller, or (unresolved) a check helper named so.
func (p *Program) callChecks(info *FuncInfo, call *ast.CallExpr, ck checkCtx, depth int) bool {
	name := callName(call)
	if id, ok := call.Fun.(*ast.Ident); ok && (name == "require" || name == "assert") && len(call.Args) > 0 {
		if _, builtin := info.Uses[id].(*Builtin); builtin || info.Uses[id] == nil {
			return p.restricts(info, call.Args[0], true, depth, ck) || !ck.origin && !ck.identity && p.isDelegatecallOnly(info, call.Args[0], true)
		}
	}
	c := info.CallOf[call]
	if c != nil && len(c.Callees) > 0 && (c.Kind == CallInternal || c.Kind == CallLibrary) && allHaveBodies(p.DispatchedIn(c, ck.deployed)) {
		for _, callee := range p.DispatchedIn(c, ck.deployed) {
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
		trimmed := strings.TrimLeft(lower, "_")
		if strings.HasPrefix(trimmed, "check") || strings.HasPrefix(trimmed, "require") || strings.HasPrefix(trimmed, "only") ||
			strings.HasPrefix(trimmed, "auth") || strings.HasPrefix(trimmed, "validate") || strings.HasPrefix(trimmed, "verify") ||
			strings.HasPrefix(trimmed, "ensure") || strings.HasPrefix(trimmed, "assert") {
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
	if p.checksCaller(callee, ck.into(callee, nil), depth+1) {
		return true
	}
	for i, prm := range callee.Params {
		a := ArgFor(c, callee, i)
		if a == nil {
			continue
		}
		switch {
		case IsAddress(prm.Type) && p.isCaller(info, a, ck):
			if p.checksCaller(callee, ck.into(callee, prm), depth+1) {
				return true
			}
		case isBool(prm.Type) && p.requiresParam(callee, i):
			if p.restricts(info, a, true, depth+1, ck) || !ck.origin && !ck.identity && p.isDelegatecallOnly(info, a, true) {
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
		dom := g.PassedOnEveryPath(func(d *Node) bool { return p.restrictingNode(d, ck, depth) })
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
		ck := checkCtx{in: fn.Contract, owner: fn}
		if p.unresolvedRestrictiveModifier(fn) || p.checksCaller(fn, ck, 0) {
			return true
		}
		dom := p.checkedBefore(info, ck)
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
	return p.unresolvedModifierNamed(fn, false)
}

// reachName names the unshipped modifiers (OpenZeppelin's onlyProxy, notDelegated) that
// check how the code is reached, through a proxy or not, rather than who calls it.
var reachName = regexp.MustCompile(`(?i)^(only|not)_?(proxy|delegated?|delegate_?call(ed)?)$`)

// unresolvedModifierNamed: fn carries an unshipped modifier whose name says it restricts the
// caller; with identity, modifiers named for how the code is reached do not count.
func (p *Program) unresolvedModifierNamed(fn *Function, identity bool) bool {
	for i, inv := range fn.Invocations {
		if i < len(fn.Modifiers) && fn.Modifiers[i] != nil && fn.Modifiers[i].Body != nil {
			continue
		}
		name := inv.Name.Names[len(inv.Name.Names)-1].Name
		if identity && reachName.MatchString(name) {
			continue
		}
		if restrictiveName.MatchString(name) && !strings.Contains(strings.ToLower(name), "paused") {
			return true
		}
	}
	return false
}

type checkedBeforeKey struct{ ck checkCtx }

// checkedBefore marks, by node ID, the nodes of info's graph that every path from the entry
// reaches after passing a restricting node (one dominating node, or one on each branch).
func (p *Program) checkedBefore(info *FuncInfo, ck checkCtx) []bool {
	return Memo(info, checkedBeforeKey{ck}, func() []bool {
		return info.CFG.PassedOnEveryPath(func(d *Node) bool { return p.restrictingNode(d, ck, 0) })
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
	return p.isGuarded(fn, n, checkCtx{in: fn.Contract, owner: fn})
}

// IsCallerGuarded is IsGuarded counting only checks of who the caller is: a signer recovered
// from a signature authorises what it signed, but anyone may submit it.
func (p *Program) IsCallerGuarded(fn *Function, n *Node) bool {
	return p.isGuarded(fn, n, checkCtx{in: fn.Contract, owner: fn, noSigner: true})
}

// IsGuardedViaSelf is IsGuarded for fn called by the contract itself (this.f(...)): a check
// that only the contract may call passes on that way.
func (p *Program) IsGuardedViaSelf(fn *Function, n *Node) bool {
	return p.isGuarded(fn, n, checkCtx{in: fn.Contract, owner: fn, viaSelf: true})
}

func (p *Program) isGuarded(fn *Function, n *Node, ck checkCtx) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || n == nil {
		return !ck.naive && p.HasAccessControl(fn)
	}
	if p.unresolvedRestrictiveModifier(fn) {
		return true
	}
	if p.checkedBefore(info, ck)[n.ID] {
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
	if p.restrictingNode(d, checkCtx{in: fn.Contract, origin: true, owner: fn}, 0) {
		return true, false
	}
	return false, p.restrictingNode(d, checkCtx{in: fn.Contract, origin: true, trustParams: true, owner: fn}, 0)
}

type checkedVarsKey struct{}

// CheckedVars returns the state variables the caller checks of contract c read (its own
// functions and modifiers, and those it inherits): the owner a check compares msg.sender with,
// the role table it looks the caller up in, what the helpers answering a check read. Writing one
// of them changes who passes.
func (p *Program) CheckedVars(c *Contract) map[*Var]bool {
	if c == nil {
		return nil
	}
	return Memo(c, checkedVarsKey{}, func() map[*Var]bool {
		out := map[*Var]bool{}
		var fns []*Function
		for _, b := range c.Linearization {
			fns = append(fns, b.Functions...)
			fns = append(fns, b.Modifiers...)
		}
		for _, fn := range fns {
			info := p.Info(fn)
			if info == nil || info.CFG == nil {
				continue
			}
			ck := checkCtx{in: c, owner: fn}
			for _, d := range info.CFG.Nodes {
				if d.Fn != fn || !p.restrictingNode(d, ck, 0) {
					continue
				}
				code := d.Code()
				if d.Kind == NodeBranch && d.Cond != nil {
					code = d.Cond.Code()
				}
				if code == nil {
					continue
				}
				p.readsOfCheck(info, code, out, 0)
			}
		}
		return out
	})
}

// readsOfCheck adds the state variables code x of a check reads, directly, through storage
// pointers, and in the internal functions it calls.
func (p *Program) readsOfCheck(info *FuncInfo, x ast.Node, out map[*Var]bool, depth int) {
	sub := info.Fn.BodyTree().In(x)
	for n := range sub.Preorder(readsOfCheckKinds) {
		switch e := n.(type) {
		case *ast.Ident:
			if sv := p.StateVarOf(info, e); sv != nil {
				out[sv] = true
			}
		case *ast.CallExpr:
			c := info.CallOf[e]
			if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary || depth > 3 {
				continue
			}
			for _, g := range c.Callees {
				for _, h := range p.reached(g) {
					if hi := p.Info(h); hi != nil {
						for v := range hi.StateReads {
							out[v] = true
						}
					}
				}
			}
		case *ast.YulCall:
			if (e.Name.Name == "sload" || e.Name.Name == "tload") && len(e.Args) == 1 {
				if id, ok := e.Args[0].(*ast.YulIdent); ok {
					if v := info.YulUses[id]; v != nil && v.Kind == StateVar {
						out[v] = true
					}
				}
			}
		}
	}
}

var readsOfCheckKinds = inspect.Of((*ast.Ident)(nil), (*ast.CallExpr)(nil), (*ast.YulCall)(nil))

type callerCheckKey struct{ deployed *Contract }

// ChecksCallerIdentity reports whether fn, deployed as part of contract deployed (nil: as
// declared), restricts who its caller is (as HasAccessControl), leaving out delegatecall-only
// checks: those say how the code is reached (through a proxy or a wallet's delegatecall), not
// who may call it. Deployed settles virtual calls: a base's upgradeTo calling
// _authorizeUpgrade checks nothing in a contract whose override is empty.
func (p *Program) ChecksCallerIdentity(fn *Function, deployed *Contract) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return p.unresolvedModifierNamed(fn, true)
	}
	in := fn.Contract
	if deployed != nil {
		in = deployed
	}
	return Memo(info, callerCheckKey{deployed}, func() bool {
		return p.unresolvedModifierNamed(fn, true) || p.checksCaller(fn, checkCtx{in: in, owner: fn, identity: true, deployed: deployed}, 0)
	})
}

// RequiresArg reports whether fn reverts unless its bool parameter i holds: a require helper
// (_require(ok, code)).
func (p *Program) RequiresArg(fn *Function, i int) bool { return p.requiresParam(fn, i) }
