package sema

import (
	"regexp"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Access control: Vigil recognises the forms access checks take in real code, so that
// detectors about unprotected functions do not cry wolf:
//   - require/assert, or if(...) revert/throw, on msg.sender (or _msgSender(), or tx.origin)
//     compared with state: owner == msg.sender, admins[msg.sender], hasRole(R, msg.sender);
//   - a call to a function that performs such a check (_checkOwner(), _checkRole(r),
//     requireAuth(), _onlyOwner());
//   - a modifier whose body does any of the above, whatever its name; and, when the modifier's
//     body cannot be seen (an unresolved base), a modifier whose name says it restricts callers
//     (onlyOwner, onlyRole, auth, requiresAuth, ...).

var restrictiveName = regexp.MustCompile(`(?i)^(only|auth|requires?auth|restricted|isowner|ownable|admin|governance|guardian|whitelist|allowlist)|only[A-Z]|Only$|Owner$|Admin$|Auth$|Role$`)

// IsSenderCheck reports whether a condition restricts who the caller may be:
//   - the caller compared for equality: msg.sender == owner, owner() != _msgSender();
//   - a boolean lookup keyed by the caller: admins[msg.sender], !banned[msg.sender];
//   - a check function given the caller, or named for ownership: hasRole(R, msg.sender),
//     isOwner(), _isAuthorized(msg.sender).
//
// Comparisons of amounts keyed by the caller (balances[msg.sender] >= amount) are not access
// checks: they bound what the caller may do, not who the caller is.
func (p *Program) IsSenderCheck(info *FuncInfo, cond ast.Expr) bool {
	return p.isSenderCheck(info, cond, 0)
}

func (p *Program) isSenderCheck(info *FuncInfo, cond ast.Expr, depth int) bool {
	if cond == nil {
		return false
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return p.isSenderCheck(info, e.X, depth) || p.isSenderCheck(info, e.Y, depth)
		case token.EQL, token.NEQ:
			if isSender(info, e.X) && !isLiteral(e.Y) || isSender(info, e.Y) && !isLiteral(e.X) {
				return true
			}
			// admins[msg.sender] == true
			if (isLiteral(e.Y) && p.isSenderCheck(info, e.X, depth)) || (isLiteral(e.X) && p.isSenderCheck(info, e.Y, depth)) {
				return true
			}
			// wards[msg.sender] == 1: an integer used as a flag (MakerDAO's auth), compared with
			// a non-zero constant; amounts are compared with bounds or zero, not with 1.
			return e.Op == token.EQL && (senderFlag(info, e.X, e.Y) || senderFlag(info, e.Y, e.X))
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.isSenderCheck(info, e.X, depth)
		}
	case *ast.IndexExpr:
		if e.Index != nil && isSender(info, e.Index) {
			// A lookup used as a condition: the mapping's values must be flags, not amounts.
			if t, ok := info.Types[e].(*Elementary); ok && t.IsInteger() {
				return false
			}
			return true
		}
		return p.isSenderCheck(info, e.X, depth) // roles[ROLE][msg.sender]
	case *ast.CallExpr:
		// a helper whose result is the check: require(_canCall(account))
		if c := info.CallOf[e]; c != nil && (c.Kind == CallInternal || c.Kind == CallLibrary) && p.returnsSenderCheck(c.Callee, depth) {
			return true
		}
		name := strings.ToLower(callName(e))
		for _, a := range e.Args {
			if isSender(info, a) && (checkName(name) || predicateName(name)) {
				return true
			}
		}
		if len(e.Args) == 0 && (strings.HasPrefix(name, "isowner") || strings.HasPrefix(name, "_isowner") ||
			strings.HasPrefix(name, "isadmin") || strings.HasPrefix(name, "_isadmin")) {
			return true
		}
	}
	return false
}

// senderFlag reports whether x is m[msg.sender] and k the literal 1.
func senderFlag(info *FuncInfo, x, k ast.Expr) bool {
	ix, ok := ast.Unparen(x).(*ast.IndexExpr)
	lit, isLit := ast.Unparen(k).(*ast.BasicLit)
	return ok && isLit && ix.Index != nil && isSender(info, ix.Index) && lit.Kind == token.NUMBER && lit.Value == "1"
}

// checkName reports whether a function name reads as an authorization check.
func checkName(lower string) bool {
	for _, w := range []string{"role", "owner", "admin", "auth", "whitelist", "allowlist", "operator", "approved",
		"allowed", "cancall", "minter", "governor", "guardian", "manager", "trusted", "isvalid"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// predicateName reports whether a function name reads as a yes/no question or a check about
// its argument: isPauser(msg.sender), hasAccess(...), canExecute(...), _checkRole(r, sender).
func predicateName(lower string) bool {
	lower = strings.TrimLeft(lower, "_")
	for _, p := range []string{"is", "has", "can", "check", "require", "only", "assert", "auth", "verify", "validate", "ensure"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return false
}

// isSender reports whether x is the caller: msg.sender, _msgSender(), tx.origin (tx.origin
// checks are access checks too, flawed ones that their own detector reports), or a local that
// holds only the caller (address sender = _msgSender()).
func isSender(info *FuncInfo, x ast.Expr) bool {
	x = ast.Unparen(x)
	if id, ok := x.(*ast.Ident); ok && info.Flow != nil {
		if v, ok := info.Uses[id].(*Var); ok && v.Kind == LocalVar {
			return info.Flow.Var(v) == SrcSender || info.Flow.Var(v) == SrcOrigin
		}
	}
	if c, ok := x.(*ast.CallExpr); ok {
		if IsCallerAccessor(info, c) {
			return true
		}
		switch callName(c) {
		case "address", "payable":
			if len(c.Args) == 1 {
				return isSender(info, c.Args[0])
			}
		}
		if _, ok := c.Fun.(*ast.ElementaryType); ok && len(c.Args) == 1 {
			return isSender(info, c.Args[0])
		}
		return false
	}
	return IsGlobal(info, x, "msg", "sender") || IsGlobal(info, x, "tx", "origin")
}

func isLiteral(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return true
	case *ast.CallExpr:
		// address(0)
		if len(e.Args) == 1 {
			if _, ok := e.Fun.(*ast.ElementaryType); ok {
				return isLiteral(e.Args[0])
			}
		}
	}
	return false
}

func isGlobal(info *FuncInfo, m *ast.MemberExpr, base, member string) bool {
	id, ok := m.X.(*ast.Ident)
	if !ok || id.Name != base || m.Name.Name != member {
		return false
	}
	_, builtin := info.Uses[id].(*Builtin)
	return builtin
}

// IsGlobal reports whether x is base.member of the language (msg.sender, tx.origin, ...).
func IsGlobal(info *FuncInfo, x ast.Expr, base, member string) bool {
	m, ok := ast.Unparen(x).(*ast.MemberExpr)
	return ok && isGlobal(info, m, base, member)
}

func callName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.MemberExpr:
		return f.Name.Name
	}
	return ""
}

// checkInStmt reports whether a statement is an access check: require/assert(senderCheck),
// if (senderCheck) revert/throw, or a call to a function that checks.
func (p *Program) checkInStmt(info *FuncInfo, s ast.Stmt, depth int) bool {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			name := callName(call)
			if (name == "require" || name == "assert") && len(call.Args) > 0 {
				return p.IsSenderCheck(info, call.Args[0]) || p.isDelegatecallOnly(info, call.Args[0], true)
			}
			// A check helper given the caller: _checkRole(role, _msgSender()).
			lowerName := strings.ToLower(name)
			for _, a := range call.Args {
				if isSender(info, a) && (predicateName(lowerName) || checkName(lowerName)) && !discardsAnswer(info, call) {
					return true
				}
			}
			if c := info.CallOf[call]; c != nil && c.Callee != nil && (c.Kind == CallInternal || c.Kind == CallLibrary) {
				return p.functionChecksSender(c.Callee, depth+1)
			}
			// an unresolved helper named like a check: _checkOwner(), _checkRole(ROLE)
			lower := strings.ToLower(name)
			if strings.HasPrefix(lower, "_check") || strings.HasPrefix(lower, "check") || strings.HasPrefix(lower, "_require") ||
				strings.HasPrefix(lower, "require") || strings.HasPrefix(lower, "_only") || strings.HasPrefix(lower, "_auth") {
				return strings.Contains(lower, "owner") || strings.Contains(lower, "role") || strings.Contains(lower, "auth") ||
					strings.Contains(lower, "admin") || strings.Contains(lower, "sender") || strings.Contains(lower, "caller")
			}
		}
	case *ast.IfStmt:
		if (p.IsSenderCheck(info, s.Cond) || p.isDelegatecallOnly(info, s.Cond, false)) && p.ThenReverts(info, s.Then) {
			return true
		}
	case *ast.AssemblyStmt:
		return s.Body != nil && (asmChecksCaller(s.Body) || asmDelegatecallOnly(s.Body))
	}
	return false
}

// AlwaysReverts reports whether a statement always reverts: revert, throw, revert E(),
// require(false), or a block holding one of them.
func AlwaysReverts(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ThrowStmt, *ast.RevertStmt:
		return true
	case *ast.ExprStmt:
		return alwaysReverts(s.X) == revertAlways
	case *ast.BlockStmt:
		for _, x := range s.List {
			if AlwaysReverts(x) {
				return true
			}
		}
	}
	return false
}

// functionChecksSender reports whether fn (a helper or modifier) contains an access check among
// its top-level statements (or in functions it calls).
func (p *Program) functionChecksSender(fn *Function, depth int) bool {
	if fn == nil || fn.Body == nil || depth > 4 {
		return false
	}
	info := p.Info(fn)
	if info == nil {
		return false
	}
	// Memoised per depth: helpers that call each other would otherwise be walked once per path
	// through the call graph, exponential in the depth.
	return Memo(info, checksSenderKey{depth}, func() bool { return p.checksSenderIn(fn, info, depth) })
}

type checksSenderKey struct{ depth int }

func (p *Program) checksSenderIn(fn *Function, info *FuncInfo, depth int) bool {
	for s := range fn.BodyTree().Preorder(inspect.Stmts) {
		if p.checkInStmt(info, s.(ast.Stmt), depth) {
			return true
		}
	}
	for _, m := range fn.Modifiers {
		if p.modifierRestricts(m, nil, depth+1) {
			return true
		}
	}
	return false
}

// modifierRestricts reports whether a modifier restricts the caller.
func (p *Program) modifierRestricts(m *Function, inv *ast.ModifierInvocation, depth int) bool {
	if m != nil && m.Body != nil {
		return p.functionChecksSender(m, depth)
	}
	if inv != nil {
		name := inv.Name.Names[len(inv.Name.Names)-1].Name
		return restrictiveName.MatchString(name) && !strings.Contains(strings.ToLower(name), "paused")
	}
	return false
}

// HasAccessControl reports whether calls to fn are restricted to some callers, by a modifier,
// a check in its body that dominates the rest, or a check helper it calls.
func (p *Program) HasAccessControl(fn *Function) bool {
	if info := p.Info(fn); info != nil {
		return Memo(info, accessControlKey{}, func() bool { return p.hasAccessControl(fn) })
	}
	return p.hasAccessControl(fn)
}

type accessControlKey struct{}

func (p *Program) hasAccessControl(fn *Function) bool {
	for i, m := range fn.Modifiers {
		var inv *ast.ModifierInvocation
		if i < len(fn.Invocations) {
			inv = fn.Invocations[i]
		}
		if p.modifierRestricts(m, inv, 0) {
			return true
		}
	}
	if fn.Body == nil {
		return false
	}
	info := p.Info(fn)
	// A check among the leading statements guards the whole body.
	for _, s := range fn.Body.List {
		if p.checkInStmt(info, s, 0) {
			return true
		}
	}
	return false
}

// IsGuarded reports whether node n of fn's graph can only run after an access check: fn has
// access control, or a check statement or a branch taken only for authorised callers
// dominates n.
func (p *Program) IsGuarded(fn *Function, n *Node) bool {
	if p.HasAccessControl(fn) {
		return true
	}
	info := p.Info(fn)
	if info == nil || info.CFG == nil || n == nil {
		return false
	}
	return Memo(info, guardedKey{}, func() []bool { return info.CFG.DominatedBy(p.isAccessCheck) })[n.ID]
}

type guardedKey struct{}

// isAccessCheck reports whether passing node d means the caller was checked: a check statement,
// or the side of a branch on the caller taken only for authorised callers.
func (p *Program) isAccessCheck(d *Node) bool {
	dinfo := p.Info(d.Fn)
	if dinfo == nil {
		return false
	}
	switch d.Kind {
	case NodeStmt:
		return d.Stmt != nil && p.checkInStmt(dinfo, d.Stmt, 0)
	case NodeBranch:
		if d.Cond != nil && d.Cond.Expr != nil && p.IsSenderCheck(dinfo, d.Cond.Expr) {
			// The branch where the sender matched: == on the true side, != on the false side.
			return AuthorizedWhenTrue(d.Cond.Expr) == d.Polarity
		}
	}
	return false
}

// AuthorizedWhenTrue reports whether a caller check is true for the authorised caller
// (msg.sender == owner, isAdmin[msg.sender]) rather than false (msg.sender != owner).
func AuthorizedWhenTrue(cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.NEQ:
			return false
		case token.LOR:
			return AuthorizedWhenTrue(c.X) && AuthorizedWhenTrue(c.Y)
		case token.LAND:
			return AuthorizedWhenTrue(c.X) || AuthorizedWhenTrue(c.Y)
		}
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return !AuthorizedWhenTrue(c.X)
		}
	}
	return true
}

// IsEntryPoint reports whether anyone can call fn directly: public or external, implemented,
// and not a constructor.
func (fn *Function) IsEntryPoint() bool {
	return !fn.IsModifier && fn.IsPublic() && fn.Body != nil && !fn.IsConstructor()
}
