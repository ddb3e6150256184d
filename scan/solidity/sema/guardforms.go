package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Guard forms beyond require(msg.sender == owner), as audited production code writes them:
//   - a view helper whose result is the access check (return permissions.canCall(account,
//     msg.sender, address(this), msg.sig)), used as require(_canCall(account));
//   - checks in inline assembly: if iszero(eq(caller(), sload(slot))) { revert(...) }, or a role
//     bitmap read from a slot keyed by the caller;
//   - delegatecall-only guards (require(address(this) != self)): the code runs only when a
//     contract that decided to delegatecall it (a wallet executing an authorised transaction)
//     does so;
//   - the caller taken from _msgSender() (ERC-2771 forwarders, EVC-style routers), unless that
//     accessor reads the address from calldata without first checking who forwards it.

// returnsSenderCheck reports whether fn is a bool-returning helper whose true answer means the
// caller (or the parameter ck.as standing for it) passed a check: some value it returns may be
// true, and every one is false, a restricting condition (return owner == msg.sender; return
// permissions.canCall(account, msg.sender, ...); return _roles[role][account]), or true where a
// restricting node dominates the return (if (user == owner()) return true;).
func (p *Program) returnsSenderCheck(fn *Function, depth int, ck checkCtx) bool {
	if fn == nil || fn.Body == nil || depth > 4 || len(fn.Returns) != 1 || !isBool(fn.Returns[0].Type) {
		return false
	}
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return false
	}
	return Memo(info, returnsCheckKey{depth, ck}, func() bool {
		ret := fn.Returns[0]
		var dom []bool
		ok, any := true, false
		judge := func(n *Node, x ast.Expr) {
			switch {
			case x == nil:
			case isFalseLiteral(x):
			case isTrueLiteral(x):
				if dom == nil {
					dom = info.CFG.PassedOnEveryPath(func(d *Node) bool { return p.restrictingNode(d, ck, depth+1) })
				}
				any = true
				ok = ok && dom[n.ID]
			default:
				any = true
				ok = ok && p.restricts(info, x, true, depth+1, ck)
			}
		}
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn || n.Kind != NodeStmt || n.Stmt == nil {
				continue
			}
			switch s := n.Stmt.(type) {
			case *ast.ReturnStmt:
				if s.Result != nil {
					judge(n, s.Result)
				}
			case *ast.ExprStmt:
				if a, isAssign := s.X.(*ast.AssignExpr); isAssign && a.Op == token.ASSIGN {
					if id, isID := ast.Unparen(a.Lhs).(*ast.Ident); isID && info.Uses[id] == ret {
						judge(n, a.Rhs)
					}
				}
			}
		}
		return ok && any
	})
}

type returnsCheckKey struct {
	depth int
	ck    checkCtx
}

func isTrueLiteral(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && lit.Kind == token.TRUE
}

func isFalseLiteral(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && lit.Kind == token.FALSE
}

// asmChecksCaller reports whether an inline-assembly block reverts unless the caller passes a
// check against something else: if iszero(eq(caller(), sload(slot))) { revert(0, 0) },
// if xor(caller(), sload(slot)) { ... }, or mstore(0x00, caller()) followed by
// if iszero(and(sload(keccak256(0x0c, 0x20)), roles)) { revert(...) }. Reading caller() without
// such a test restricts nothing.
func asmChecksCaller(b *ast.YulBlock) bool {
	callerVars := map[string]bool{}
	callerInMemory := false
	var walk func(b *ast.YulBlock) bool
	walk = func(b *ast.YulBlock) bool {
		if b == nil {
			return false
		}
		for _, s := range b.List {
			switch s := s.(type) {
			case *ast.YulLet:
				if s.Value != nil && yulMentionsCaller(s.Value, callerVars, false) {
					for _, n := range s.Names {
						callerVars[n.Name] = true
					}
				}
			case *ast.YulAssign:
				if yulMentionsCaller(s.Value, callerVars, false) {
					for _, n := range s.Names {
						callerVars[n.Name] = true
					}
				}
			case *ast.YulExprStmt:
				if c, ok := s.X.(*ast.YulCall); ok && c.Name.Name == "mstore" && len(c.Args) == 2 && yulMentionsCaller(c.Args[1], callerVars, false) {
					callerInMemory = true
				}
			case *ast.YulIf:
				if yulReverts(s.Body) && yulMentionsCaller(s.Cond, callerVars, callerInMemory) && yulComparesWithOther(s.Cond, callerVars) {
					return true
				}
				if walk(s.Body) {
					return true
				}
			case *ast.YulBlock:
				if walk(s) {
					return true
				}
			}
		}
		return false
	}
	return walk(b)
}

// yulMentionsCaller reports whether x reads the caller: caller(), a variable holding it, or
// (when the caller was stored to scratch memory) a hash of that memory.
func yulMentionsCaller(x ast.YulExpr, callerVars map[string]bool, hashed bool) bool {
	return yulAny(x, func(call *ast.YulCall, id *ast.YulIdent) bool {
		if call != nil {
			return call.Name.Name == "caller" || hashed && call.Name.Name == "keccak256"
		}
		return callerVars[id.Name]
	})
}

// yulComparesWithOther reports whether a condition about the caller also reads something the
// caller does not control: storage, or a variable (iszero(caller()) alone is a zero test).
func yulComparesWithOther(x ast.YulExpr, callerVars map[string]bool) bool {
	return yulAny(x, func(call *ast.YulCall, id *ast.YulIdent) bool {
		if call != nil {
			return call.Name.Name == "sload" || call.Name.Name == "tload"
		}
		return !callerVars[id.Name]
	})
}

// yulAny reports whether f holds for a call or a variable of expression x (the names of called
// functions are not variables).
func yulAny(x ast.YulExpr, f func(*ast.YulCall, *ast.YulIdent) bool) bool {
	switch e := x.(type) {
	case *ast.YulCall:
		if f(e, nil) {
			return true
		}
		for _, a := range e.Args {
			if yulAny(a, f) {
				return true
			}
		}
	case *ast.YulIdent:
		return f(nil, e)
	}
	return false
}

// yulReverts reports whether a block ends the call with a revert (or invalid()).
func yulReverts(b *ast.YulBlock) bool {
	if b == nil {
		return false
	}
	for _, s := range b.List {
		if es, ok := s.(*ast.YulExprStmt); ok {
			if c, ok := es.X.(*ast.YulCall); ok && (c.Name.Name == "revert" || c.Name.Name == "invalid") {
				return true
			}
		}
	}
	return false
}

// asmDelegatecallOnly reports whether an assembly block reverts when the code runs as itself:
// if eq(self, address()) { revert(...) }.
func asmDelegatecallOnly(b *ast.YulBlock) bool {
	for _, s := range b.List {
		st, ok := s.(*ast.YulIf)
		if !ok || !yulReverts(st.Body) {
			continue
		}
		c, ok := st.Cond.(*ast.YulCall)
		if !ok || c.Name.Name != "eq" || len(c.Args) != 2 {
			continue
		}
		for i, a := range c.Args {
			if ac, ok := a.(*ast.YulCall); ok && ac.Name.Name == "address" && len(ac.Args) == 0 {
				if _, ident := c.Args[1-i].(*ast.YulIdent); ident {
					return true
				}
			}
		}
	}
	return false
}

// isDelegatecallOnly reports whether cond tests that the code runs through delegatecall
// (address(this) != self, with self an immutable holding the deployed address), with the
// polarity that lets the call through: != when authorised is true, == when it reverts.
func (p *Program) isDelegatecallOnly(info *FuncInfo, cond ast.Expr, passWhenTrue bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || (b.Op == token.NEQ) != passWhenTrue || b.Op != token.NEQ && b.Op != token.EQL {
		return false
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if isThisAddress(pair[0]) {
			if id, ok := ast.Unparen(pair[1]).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*Var); ok && p.holdsOwnAddress(v) {
					return true
				}
			}
		}
	}
	return false
}

// isThisAddress reports whether x is address(this).
func isThisAddress(x ast.Expr) bool {
	c, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	if _, ok := c.Fun.(*ast.ElementaryType); !ok {
		return false
	}
	id, ok := ast.Unparen(c.Args[0]).(*ast.Ident)
	return ok && id.Name == "this"
}

// holdsOwnAddress reports whether v is an immutable set to address(this), in its declaration
// or in the constructor: the address the code was deployed at.
func (p *Program) holdsOwnAddress(v *Var) bool {
	if v.Kind != StateVar || v.Decl == nil || !v.Decl.Immutable {
		return false
	}
	if v.Decl.Value != nil {
		return isThisAddress(v.Decl.Value)
	}
	if v.Contract == nil {
		return false
	}
	for _, fn := range v.Contract.Functions {
		if !fn.IsConstructor() || fn.Body == nil {
			continue
		}
		info := p.Info(fn)
		found := false
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.ASSIGN && info != nil && info.RootVar(a.Lhs) == v && isThisAddress(a.Rhs) {
				found = true
			}
			return !found
		})
		return found
	}
	return false
}

// IsCallerAccessor reports whether call is an accessor of the caller: _msgSender() (and
// _msgSenderForBorrow-style variants), when the accessor's body is not visible or takes the
// address from calldata only after checking msg.sender (a trusted forwarder, the EVC).
func IsCallerAccessor(info *FuncInfo, call *ast.CallExpr) bool {
	if len(call.Args) != 0 {
		return false
	}
	name := callName(call)
	c := info.CallOf[call]
	if name != "msgSender" && !strings.HasPrefix(name, "_msgSender") {
		// an authenticator of another name: EVCAuthenticateGovernor() returns msg.sender, or
		// the account the EVC says it acts for when msg.sender is the EVC
		return c != nil && c.Kind == CallInternal && c.Callee != nil && returnsCaller(c.Callee) && trustedCallerAccessor(c.Callee)
	}
	if c != nil && c.Callee != nil && c.Callee.Body != nil {
		return trustedCallerAccessor(c.Callee)
	}
	return true
}

// returnsCaller reports whether fn, taking nothing and returning an address, returns
// msg.sender, or locals holding it or computed under a condition on msg.sender (never state:
// owner() returns a stored address, not the caller).
func returnsCaller(fn *Function) bool {
	if fn.Body == nil || len(fn.Params) != 0 || len(fn.Returns) != 1 || !IsAddress(fn.Returns[0].Type) {
		return false
	}
	local := map[string]bool{fn.Returns[0].Name: fn.Returns[0].Name != ""}
	for _, v := range fn.Locals {
		local[v.Name] = true
	}
	sender, other, gated, returnsLocal := false, false, false, false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ReturnStmt:
			switch {
			case s.Result == nil:
			case isMsgSender(s.Result):
				sender = true
			default:
				if id, ok := ast.Unparen(s.Result).(*ast.Ident); !ok || !local[id.Name] {
					other = true
				} else {
					returnsLocal = true
				}
			}
		case *ast.VarDeclStmt:
			if s.Value != nil && isMsgSender(s.Value) {
				sender = true
			}
		case *ast.IfStmt:
			gated = gated || mentionsMsgSender(s.Cond)
		}
		return true
	})
	return sender && !other && (gated || !returnsLocal)
}

func isMsgSender(x ast.Expr) bool {
	m, ok := ast.Unparen(x).(*ast.MemberExpr)
	if !ok {
		return false
	}
	id, ok := m.X.(*ast.Ident)
	return ok && id.Name == "msg" && m.Name.Name == "sender"
}

// trustedCallerAccessor reports whether fn, an accessor of the caller, only trusts calldata
// after checking who sent it: an accessor that reads msg.data or calldataload without a
// condition on msg.sender lets anyone name any caller.
func trustedCallerAccessor(fn *Function) bool {
	readsCalldata, gated := false, false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr:
			if id, ok := e.X.(*ast.Ident); ok && id.Name == "msg" && e.Name.Name == "data" {
				readsCalldata = true
			}
		case *ast.YulCall:
			if e.Name.Name == "calldataload" || e.Name.Name == "calldatacopy" {
				readsCalldata = true
			}
		case *ast.IfStmt:
			gated = gated || mentionsMsgSender(e.Cond)
		case *ast.CondExpr:
			gated = gated || mentionsMsgSender(e.Cond)
		case *ast.CallExpr:
			if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "require" && len(e.Args) > 0 {
				gated = gated || mentionsMsgSender(e.Args[0])
			}
		}
		return true
	})
	return !readsCalldata || gated
}

// mentionsMsgSender reports whether x reads msg.sender, or a local copied from it.
func mentionsMsgSender(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr:
			if id, ok := e.X.(*ast.Ident); ok && id.Name == "msg" && e.Name.Name == "sender" {
				found = true
			}
		case *ast.CallExpr:
			// isTrustedForwarder(msg.sender), or a helper that checks the forwarder itself
			lower := strings.ToLower(callName(e))
			if strings.Contains(lower, "trustedforwarder") {
				found = true
			}
		}
		return !found
	})
	return found
}

// discardsAnswer reports whether a call used as a statement asks a question whose answer is
// thrown away: permissions.canCall(account, msg.sender, ...) on its own line checks nothing.
// External functions that return a value answer rather than revert; unresolved ones named as
// questions (is..., has..., can...) do too.
func discardsAnswer(info *FuncInfo, call *ast.CallExpr) bool {
	c := info.CallOf[call]
	if c == nil || c.Kind != CallExternal && c.Kind != CallUnknown {
		return false
	}
	if c.Callee != nil {
		return len(c.Callee.Returns) > 0
	}
	lower := strings.TrimLeft(strings.ToLower(callName(call)), "_")
	return strings.HasPrefix(lower, "is") || strings.HasPrefix(lower, "has") || strings.HasPrefix(lower, "can")
}

// ThenReverts reports whether a branch always reverts: a revert statement, or a call to a
// helper that only reverts (Unauthorized.selector.revertWith(), revertWithError("GS031"), a
// function whose body is an assembly revert).
func (p *Program) ThenReverts(info *FuncInfo, s ast.Stmt) bool {
	if AlwaysReverts(s) {
		return true
	}
	var list []ast.Stmt
	switch st := s.(type) {
	case *ast.BlockStmt:
		list = st.List
	default:
		list = []ast.Stmt{st}
	}
	for _, st := range list {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok {
			continue
		}
		c := info.CallOf[call]
		if c != nil && c.Callee != nil && c.Callee.Body != nil {
			if functionOnlyReverts(c.Callee) || neverReturns(info, st, p.idx.noReturn) {
				return true
			}
			continue
		}
		// An unresolved helper named for it (revertWith, _revert, rrevert, revertWithError):
		// its code is not shipped, so its name is all there is (a gap a name may fill).
		if name := strings.ToLower(callName(call)); strings.Contains(name, "revert") && !strings.Contains(name, "if") {
			return true
		}
	}
	return false
}

// functionOnlyReverts reports whether fn's body ends every call with a revert at its top level:
// revert(...), or an assembly block that reverts.
func functionOnlyReverts(fn *Function) bool {
	for _, st := range fn.Body.List {
		if AlwaysReverts(st) {
			return true
		}
		if a, ok := st.(*ast.AssemblyStmt); ok && a.Body != nil && yulReverts(a.Body) {
			return true
		}
	}
	return false
}
