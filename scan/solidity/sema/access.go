package sema

import (
	"regexp"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
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

// IsSenderCheck reports whether a condition restricts who the caller may be: it reads
// msg.sender (or _msgSender(), or tx.origin) and compares it with state, a mapping or role
// lookup, or passes it to a check function.
func (p *Program) IsSenderCheck(info *FuncInfo, cond ast.Expr) bool {
	if cond == nil {
		return false
	}
	sender := false
	stateSide := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr:
			if isGlobal(info, e, "msg", "sender") || isGlobal(info, e, "tx", "origin") {
				sender = true
			}
		case *ast.CallExpr:
			name := callName(e)
			if name == "_msgSender" || name == "msgSender" || name == "_msgSenderERC721A" {
				sender = true
			}
			lower := strings.ToLower(name)
			if strings.Contains(lower, "role") || strings.Contains(lower, "owner") || strings.Contains(lower, "admin") ||
				strings.Contains(lower, "auth") || strings.Contains(lower, "whitelist") || strings.Contains(lower, "operator") ||
				strings.Contains(lower, "approved") || strings.Contains(lower, "allowed") || strings.Contains(lower, "canCall") {
				stateSide = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[e].(*Var); ok && (v.Kind == StateVar || v.IsStorageRef()) {
				stateSide = true
			}
		}
		return true
	})
	if sender && stateSide {
		return true
	}
	// owner() == msg.sender, or a comparison with an immutable/constant address
	return sender && hasComparison(cond)
}

func hasComparison(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			found = true
		}
		return !found
	})
	return found
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
				return p.IsSenderCheck(info, call.Args[0])
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
		if p.IsSenderCheck(info, s.Cond) && stmtReverts(s.Then) {
			return true
		}
	}
	return false
}

func stmtReverts(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ThrowStmt, *ast.RevertStmt:
		return true
	case *ast.ExprStmt:
		return alwaysReverts(s.X) == revertAlways
	case *ast.BlockStmt:
		for _, x := range s.List {
			if stmtReverts(x) {
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
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if s, ok := n.(ast.Stmt); ok && p.checkInStmt(info, s, depth) {
			found = true
		}
		return true
	})
	if found {
		return true
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
	for _, d := range info.CFG.Dominators(n) {
		dinfo := p.Info(d.Fn)
		if dinfo == nil {
			continue
		}
		switch d.Kind {
		case NodeStmt:
			if d.Stmt != nil && p.checkInStmt(dinfo, d.Stmt, 0) {
				return true
			}
		case NodeBranch:
			if d.Cond != nil && d.Cond.Expr != nil && p.IsSenderCheck(dinfo, d.Cond.Expr) {
				// The branch where the sender matched: == on the true side, != on the false side.
				if positiveCheck(d.Cond.Expr) == d.Polarity {
					return true
				}
			}
		}
	}
	return false
}

// positiveCheck reports whether the condition is true for the authorised caller
// (msg.sender == owner, isAdmin[msg.sender]) rather than false (msg.sender != owner).
func positiveCheck(cond ast.Expr) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.NEQ:
			return false
		case token.LOR:
			return positiveCheck(c.X) && positiveCheck(c.Y)
		case token.LAND:
			return positiveCheck(c.X) || positiveCheck(c.Y)
		}
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return !positiveCheck(c.X)
		}
	}
	return true
}

// IsEntryPoint reports whether anyone can call fn directly: public or external, implemented,
// and not a constructor.
func (fn *Function) IsEntryPoint() bool {
	return !fn.IsModifier && fn.IsPublic() && fn.Body != nil && !fn.IsConstructor()
}
