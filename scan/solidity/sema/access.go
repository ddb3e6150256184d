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

// IsSenderCheck reports whether a condition is a check of who the caller is, holding or
// failing: msg.sender == owner, admins[msg.sender], hasRole(R, msg.sender), owner != msg.sender
// (restricts when it fails). See restricts for the rules.
//
// Comparisons of amounts keyed by the caller (balances[msg.sender] >= amount) are not access
// checks: they bound what the caller may do, not who the caller is.
func (p *Program) IsSenderCheck(info *FuncInfo, cond ast.Expr) bool {
	return p.restricts(info, cond, true, 0, checkCtx{}) || p.restricts(info, cond, false, 0, checkCtx{})
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
