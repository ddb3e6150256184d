package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// An account whose stored owner is not matched with the signer is the
// account-data-matching bug when the instruction acts on it as the
// signer's own: withdraws from it, changes its authority, or trusts what it
// holds. An instruction that only credits it, by exactly what the signer
// pays into a vault of the program (a deposit into someone else's
// account), gives its rightful owner funds and takes nothing: who the
// account belongs to does not matter. creditOnlySignerFunded proves that
// shape for every instruction of the Accounts struct:
//   - the account's data is touched only by increments (x += e, x =
//     x.checked_add(e)) whose amount e is the amount of a token transfer
//     the signer authorises, from code that always runs, into an account
//     the struct pins (has_one, address, seeds);
//   - or read into values that are only handed, as arguments, to another
//     instruction function of the same struct (which is proved the same
//     way for any arguments: a value read from the account is then no
//     more than a caller's choice);
//   - besides its key, nothing else uses it (no CPI, lamports, helper or
//     method call, no close or realloc).

// creditOnlySignerFunded reports an Accounts field only ever credited, by
// amounts the signer field signer pays, in every unit of the struct.
func (p *Pass) creditOnlySignerFunded(as *model.AccountsStruct, f *model.AccountField, signer string) bool {
	v := p.validation(as)
	if v.Facts[signer] == nil || !v.Facts[signer].Signer || f.Constraints.Close != nil || f.Constraints.Realloc != nil {
		return false
	}
	var us []unit
	for _, u := range p.units() {
		if u.Accounts == as {
			us = append(us, u)
		}
	}
	credited := false
	for _, u := range us {
		cs := &creditScan{p: p, u: u, f: f.Name, units: us, v: v}
		cs.paid = p.signerPayments(u, signer, v, f.Name)
		if !cs.ok() {
			return false
		}
		credited = credited || cs.credits > 0
	}
	return credited
}

type creditScan struct {
	p       *Pass
	u       unit
	f       string
	units   []unit
	v       *model.Validation
	paid    map[string]bool // amounts (source text) the signer pays into a pinned account
	parent  map[ast.Node]ast.Node
	credits int
}

// ok checks every use of the account in the unit's code.
func (cs *creditScan) ok() bool {
	body := cs.u.Func.Decl.Body
	cs.parent = parents(body)
	good := true
	ast.Inspect(body, func(n ast.Node) bool {
		fe, isField := n.(*ast.FieldExpr)
		if !good || !isField || !cs.denotes(fe) {
			return good
		}
		good = cs.use(fe)
		return false
	})
	return good
}

func (cs *creditScan) denotes(x ast.Expr) bool {
	path := fieldPath(x)
	return cs.u.Ctx != "" && (path == cs.u.Ctx+".accounts."+cs.f || cs.u.Ctx == "self" && path == "self."+cs.f)
}

// use accepts one occurrence of ctx.accounts.f.
func (cs *creditScan) use(occ ast.Expr) bool {
	if l := cs.outerLet(occ); l != nil && !cs.isGuardLet(l) {
		return cs.onlyHandedToUnits(l)
	}
	cur := cs.up(occ)
	switch x := cs.parent[cur].(type) {
	case *ast.MethodCallExpr:
		if x.Recv != cur {
			return false
		}
		switch x.Name.Name {
		case "key":
			return true
		case "load_mut":
			g := cs.up(x)
			if l, ok := cs.parent[g].(*ast.LetStmt); ok && l.Init == g {
				return cs.guardUsesCredit(l)
			}
			return cs.creditTarget(g)
		}
	case *ast.FieldExpr:
		// Account<T>: the data is read and written through the field.
		return cs.creditTarget(cur)
	}
	return false
}

// up climbs from x through borrows, parentheses and ?.
func (cs *creditScan) up(x ast.Node) ast.Node {
	for {
		switch p := cs.parent[x].(type) {
		case *ast.RefExpr, *ast.ParenExpr, *ast.TryExpr:
			x = p
		default:
			return x
		}
	}
}

// outerLet is the outermost let statement around n, if any.
func (cs *creditScan) outerLet(n ast.Node) *ast.LetStmt {
	var out *ast.LetStmt
	for x := cs.parent[n]; x != nil; x = cs.parent[x] {
		if l, ok := x.(*ast.LetStmt); ok {
			out = l
		}
	}
	return out
}

// isGuardLet: let g = ctx.accounts.f.load_mut()?; checked use by use.
func (cs *creditScan) isGuardLet(l *ast.LetStmt) bool {
	if mc, ok := ast.Unref(unwrapTry(l.Init)).(*ast.MethodCallExpr); ok && mc.Name.Name == "load_mut" {
		return cs.denotes(ast.Unref(mc.Recv))
	}
	return false
}

func unwrapTry(x ast.Expr) ast.Expr {
	if t, ok := x.(*ast.TryExpr); ok {
		return t.X
	}
	return x
}

// guardUsesCredit: every use of the guard a let binds is a credit.
func (cs *creditScan) guardUsesCredit(l *ast.LetStmt) bool {
	ip, ok := l.Pat.(*ast.IdentPat)
	if !ok {
		return false
	}
	good := true
	ast.Inspect(cs.u.Func.Decl.Body, func(n ast.Node) bool {
		pe, ok := n.(*ast.PathExpr)
		if !good || !ok || pe.Pos() < l.End() || pe.Path.String() != ip.Name.Name {
			return good
		}
		if c, ok := cs.parent[pe].(*ast.CallExpr); ok && calleeName(c.Fun) == "drop" {
			return true
		}
		good = cs.creditTarget(pe)
		return good
	})
	return good
}

// creditTarget: x is the base of a place (x.a.b, x.a[i]) that an
// assignment increases by a signer-paid amount.
func (cs *creditScan) creditTarget(x ast.Node) bool {
	for {
		switch p := cs.parent[x].(type) {
		case *ast.FieldExpr, *ast.ParenExpr:
			x = p
			continue
		case *ast.IndexExpr:
			if p.X != x {
				return false
			}
			x = p
			continue
		case *ast.AssignExpr:
			if p.X != x {
				return false
			}
			ok := p.Op == token.PLUS_EQ && cs.paidAmount(p.Y) || p.Op == token.EQ && cs.increase(p.X, p.Y)
			if ok {
				cs.credits++
			}
			return ok
		}
		return cs.readForCredit(x)
	}
}

// readForCredit: place is read as the base of its own increase, the right
// side of place = place.checked_add(e)? or place = place + e.
func (cs *creditScan) readForCredit(place ast.Node) bool {
	x := cs.parent[place]
	switch e := x.(type) {
	case *ast.MethodCallExpr:
		if e.Recv != place {
			return false
		}
	case *ast.BinaryExpr:
		if e.X != place {
			return false
		}
	default:
		return false
	}
	for {
		switch p := cs.parent[x].(type) {
		case *ast.TryExpr, *ast.ParenExpr, *ast.MethodCallExpr:
			x = p
			continue
		case *ast.AssignExpr:
			src := cs.p.Program.Source
			return p.Y == x && p.Op == token.EQ && src(p.X) == src(place.(ast.Expr)) && cs.increase(p.X, p.Y)
		}
		return false
	}
}

// increase: y is place.checked_add(e)? (or saturating_add, or place + e)
// with e a signer-paid amount.
func (cs *creditScan) increase(place, y ast.Expr) bool {
	src := cs.p.Program.Source
	for {
		switch e := y.(type) {
		case *ast.TryExpr:
			y = e.X
			continue
		case *ast.MethodCallExpr:
			switch e.Name.Name {
			case "unwrap", "expect", "ok_or", "ok_or_else":
				y = e.Recv
				continue
			case "checked_add", "saturating_add":
				return len(e.Args) == 1 && src(e.Recv) == src(place) && cs.paidAmount(e.Args[0])
			}
		case *ast.BinaryExpr:
			return e.Op == token.PLUS && src(e.X) == src(place) && cs.paidAmount(e.Y)
		}
		return false
	}
}

func (cs *creditScan) paidAmount(x ast.Expr) bool {
	return cs.paid[cs.p.Program.Source(ast.Unref(x))]
}

// onlyHandedToUnits: the names a let binds are used only as arguments of
// calls to instruction functions of the same Accounts struct.
func (cs *creditScan) onlyHandedToUnits(l *ast.LetStmt) bool {
	bound := map[string]bool{}
	ast.Inspect(l.Pat, func(n ast.Node) bool {
		if ip, ok := n.(*ast.IdentPat); ok {
			bound[ip.Name.Name] = true
		}
		return true
	})
	if len(bound) == 0 {
		return false
	}
	good := true
	ast.Inspect(cs.u.Func.Decl.Body, func(n ast.Node) bool {
		pe, ok := n.(*ast.PathExpr)
		if !good || !ok || pe.Pos() < l.End() || !bound[pe.Path.String()] {
			return good
		}
		c, ok := cs.parent[pe].(*ast.CallExpr)
		good = ok && cs.callsUnit(c)
		return good
	})
	return good
}

func (cs *creditScan) callsUnit(c *ast.CallExpr) bool {
	name := calleeName(c.Fun)
	for _, u := range cs.units {
		if u.Func != cs.u.Func && u.Func.Name == name && len(u.Func.Decl.Params) == len(c.Args) {
			return true
		}
	}
	return false
}

// parents maps each node under root to its parent.
func parents(root ast.Node) map[ast.Node]ast.Node {
	out := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if len(stack) > 0 {
			out[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return out
}

// transfer is a token transfer CPI: token::transfer(CpiContext::new(prog,
// Transfer { from, to, authority }), amount) or transfer_checked.
type transfer struct {
	to, authority, amount ast.Expr
}

func transferOf(x ast.Expr) *transfer {
	call, ok := unwrapTry(x).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil
	}
	switch calleeName(call.Fun) {
	case "transfer", "transfer_checked":
	default:
		return nil
	}
	ctxCall, ok := ast.Unref(call.Args[0]).(*ast.CallExpr)
	if !ok || calleeName(ctxCall.Fun) != "new" {
		return nil // new_with_signer: the program signs, not the caller
	}
	t := &transfer{amount: call.Args[len(call.Args)-1]}
	if calleeName(call.Fun) == "transfer_checked" {
		t.amount = call.Args[1]
	}
	for _, a := range ctxCall.Args {
		if s, ok := ast.Unref(a).(*ast.StructExpr); ok {
			for _, fi := range s.Fields {
				switch fi.Name.Name {
				case "to":
					t.to = fi.Value
				case "authority":
					t.authority = fi.Value
				}
			}
		}
	}
	if t.to == nil || t.authority == nil {
		return nil
	}
	return t
}

// accountArg renders the Accounts field or parameter an argument names,
// through borrows and to_account_info().
func accountArg(x ast.Expr) string {
	if x == nil {
		return ""
	}
	x = stripAccess(x, func(m string) bool { return m == "to_account_info" || m == "clone" || m == "as_ref" })
	return fieldPath(x)
}

// signerPayments lists the amounts (source text in u's code) of token
// transfers that always run in u, directly or through a crate helper,
// whose authority is the signer field and whose destination is an account
// the struct pins and not the credited account itself.
func (p *Pass) signerPayments(u unit, signer string, v *model.Validation, credited string) map[string]bool {
	out := map[string]bool{}
	if u.Ctx == "" {
		return out
	}
	prefix := u.Ctx + ".accounts."
	if u.Ctx == "self" {
		prefix = "self."
	}
	paysIn := func(authority, to ast.Expr) bool {
		dest, okTo := cutPrefix(accountArg(to), prefix)
		auth, okAuth := cutPrefix(accountArg(authority), prefix)
		return okTo && okAuth && auth == signer && dest != credited && v.Facts[dest] != nil && v.Facts[dest].Pinned
	}
	for _, st := range straightLine(u.Func.Decl.Body) {
		x := stmtValue(st)
		if t := transferOf(x); t != nil {
			if paysIn(t.authority, t.to) {
				out[p.Program.Source(ast.Unref(t.amount))] = true
			}
			continue
		}
		call, ok := unwrapTry(x).(*ast.CallExpr)
		if !ok {
			continue
		}
		var helpers []*model.Function
		for _, fn := range p.Program.FunctionsNamed(calleeName(call.Fun)) {
			if !hasSelf(fn) && len(fn.Decl.Params) == len(call.Args) {
				helpers = append(helpers, fn)
			}
		}
		if len(helpers) != 1 {
			continue
		}
		ai, ti, mi := helperTransfer(helpers[0])
		if ai >= 0 && paysIn(call.Args[ai], call.Args[ti]) {
			out[p.Program.Source(ast.Unref(call.Args[mi]))] = true
		}
	}
	return out
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) > len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return "", false
}

func stmtValue(st ast.Stmt) ast.Expr {
	switch st := st.(type) {
	case *ast.ExprStmt:
		return st.X
	case *ast.LetStmt:
		return st.Init
	}
	return nil
}

// helperTransfer finds, in a helper's straight-line code or under a
// top-level if amount > 0 (nothing to move otherwise), a token transfer
// whose authority, destination and amount are its parameters; it returns
// their indices, or -1s.
func helperTransfer(fn *model.Function) (authority, to, amount int) {
	param := func(x ast.Expr) int { return paramIndex(fn, accountArg(x)) }
	try := func(x ast.Expr, guard string) (int, int, int, bool) {
		t := transferOf(x)
		if t == nil {
			return -1, -1, -1, false
		}
		a, d, m := param(t.authority), param(t.to), paramIndex(fn, fieldPath(ast.Unref(t.amount)))
		if a < 0 || d < 0 || m < 0 || guard != "" && guard != paramName(fn, m) {
			return -1, -1, -1, false
		}
		return a, d, m, true
	}
	for _, st := range straightLine(fn.Decl.Body) {
		x := stmtValue(st)
		if a, d, m, ok := try(x, ""); ok {
			return a, d, m
		}
		ife, ok := x.(*ast.IfExpr)
		if !ok {
			continue
		}
		be, ok := ife.Cond.(*ast.BinaryExpr)
		if !ok || be.Op != token.GT && be.Op != token.NE || fieldPath(be.Y) != "0" && !isZero(be.Y) {
			continue
		}
		for _, inner := range straightLine(ife.Then) {
			if a, d, m, ok := try(stmtValue(inner), fieldPath(be.X)); ok {
				return a, d, m
			}
		}
	}
	return -1, -1, -1
}

func isZero(x ast.Expr) bool {
	l, ok := x.(*ast.LitExpr)
	return ok && l.Kind == token.INT && intValue(l.Value) == "."
}
