package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Property is what instruction code can check about an account.
type Property string

// Checked properties.
const (
	PropSigner Property = "is_signer"
	PropOwner  Property = "owner"
	PropKey    Property = "key"
	// PropSignedPDA: the program signs for the account with seeds
	// (invoke_signed, CpiContext::new_with_signer): it is a PDA of the
	// program, whose signature no caller can supply.
	PropSignedPDA Property = "signed_pda"
	// propCompared: the value itself is compared (a key passed to a helper).
	propCompared Property = "compared"
	// PropWritten: the code writes the account's data or debits its
	// lamports, which the runtime allows only to the owning program.
	PropWritten Property = "written"
)

// helperDepth bounds how deep checks are followed into the crate's
// helper functions.
const helperDepth = 3

// checkedIn reports whether fn's code checks property prop of the account
// it calls name (a native binding, a parameter, or an Accounts field read
// through ctx.accounts/self), directly or through a helper function of the
// crate that receives the account and checks its parameter
// (assert_signer(authority)?, verify_owner(&ctx.accounts.vault)?).
func (p *Pass) checkedIn(fn *model.Function, name string, prop Property) bool {
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if p.cache.checks == nil {
		p.cache.checks = map[checkKey]bool{}
	}
	return p.checkedDepth(fn, name, prop, 0)
}

// accountChecked is checkedIn for an account of unit u: an Accounts field
// is named by its full path (ctx.accounts.vault, self.vault), so that a
// local of the same name holding data read from it (let vault =
// Vault::unpack(..)) is not taken for the account.
func (p *Pass) accountChecked(u unit, name string, prop Property) bool {
	switch {
	case u.Ctx == "" || name == remainingAccounts:
	case u.Ctx == "self":
		name = "self." + name
	default:
		name = u.Ctx + ".accounts." + name
	}
	return p.checkedIn(u.Func, name, prop)
}

type checkKey struct {
	fn   *model.Function
	name string
	prop Property
}

func (p *Pass) checkedDepth(fn *model.Function, name string, prop Property, depth int) bool {
	k := checkKey{fn, name, prop}
	if v, ok := p.cache.checks[k]; ok {
		return v
	}
	p.cache.checks[k] = false // breaks recursion
	body := fn.Decl.Body
	env := fn.Lets()
	aliases := aliasesOf(body, env, name)
	ok := false
	for _, n := range aliases {
		if checkedDirectly(body, n, prop) {
			ok = true
			break
		}
	}
	if !ok && depth < helperDepth {
		ok = p.checkedByHelper(fn, aliases, prop, depth)
	}
	p.cache.checks[k] = ok
	return ok
}

// aliasesOf lists name and the locals bound to the account itself (let
// vault = &ctx.accounts.vault; let extra = &ctx.remaining_accounts[0];
// let info = vault.to_account_info()), not values read from its data.
func aliasesOf(body ast.Node, env map[string]ast.Expr, name string) []string {
	out := []string{name}
	for local, init := range env {
		path := accountPath(init)
		if local != name && path != "" && (path == name || strings.HasSuffix(path, ".accounts."+name) ||
			path == "self."+name || strings.HasSuffix(path, "."+name) && name == remainingAccounts) {
			out = append(out, local)
		}
	}
	return out
}

// accountPath renders an expression that denotes an account, through
// references, indexing, ? and argument-less conversions (.clone(),
// .to_account_info(), .as_ref()), or returns "".
func accountPath(x ast.Expr) string {
	base := stripAccess(x, func(m string) bool {
		switch m {
		case "clone", "to_account_info", "as_ref", "unwrap", "info":
			return true
		}
		return false
	})
	if base == nil {
		return ""
	}
	return model.ExprPath(base)
}

// stripAccess follows an expression through references, parentheses, ?,
// indexing and the method calls through says pass the value on, and
// returns what is left, or nil when it meets another method call.
func stripAccess(x ast.Expr, through func(method string) bool) ast.Expr {
	for depth := 0; depth < 32; depth++ {
		switch e := x.(type) {
		case *ast.RefExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.TryExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.MethodCallExpr:
			if !through(e.Name.Name) {
				return nil
			}
			x = e.Recv
		default:
			return x
		}
	}
	return nil
}

func checkedDirectly(body ast.Node, name string, prop Property) bool {
	switch prop {
	case PropSigner:
		return checksField(body, name, "is_signer")
	case PropOwner:
		return compares(body, name, "owner") || checksOwnerCall(body, name)
	case PropKey:
		return compares(body, name, "key")
	case PropSignedPDA:
		return signedCPIWith(body, name)
	case propCompared:
		return compares(body, name, "")
	case PropWritten:
		return writesAccount(body, name)
	}
	return false
}

// checksOwnerCall reports checks of an account's owner by a method
// (account.owner.eq(&id), account.is_owned_by(&id)) or by check_id /
// check_program_account over account.owner.
func checksOwnerCall(body ast.Node, name string) bool {
	for _, c := range model.Calls(body) {
		switch c.Name() {
		case "is_owned_by", "owned_by", "check_program_account", "check_id", "assert_owned_by":
		default:
			continue
		}
		for _, x := range append([]ast.Expr{c.Recv}, c.Args...) {
			if x != nil && mentions(model.ExprPath(x), name) {
				return true
			}
		}
	}
	return false
}

// checkedByHelper follows calls of the crate's functions that receive the
// account: the property holds when the callee checks its parameter.
func (p *Pass) checkedByHelper(fn *model.Function, aliases []string, prop Property, depth int) bool {
	for _, c := range fn.Calls() {
		if c.Macro {
			continue
		}
		callees := p.Program.FunctionsNamed(c.Name())
		if len(callees) == 0 {
			continue
		}
		args := c.Args
		selfArg := c.Method != "" && c.Recv != nil
		for i, a := range args {
			path := model.ExprPath(a)
			if !mentionsAny(path, aliases) {
				continue
			}
			for _, callee := range callees {
				idx := i
				if selfArg && hasSelf(callee) {
					idx = i + 1
				}
				calleeProp := prop
				if prop == PropKey && (strings.HasSuffix(path, ".key") || strings.HasSuffix(path, ".key()")) {
					// The helper is given the key itself: comparing its
					// parameter is comparing the key (check_program(info.key)?).
					calleeProp = propCompared
				}
				if param := paramName(callee, idx); param != "" && p.checkedDepth(callee, param, calleeProp, depth+1) {
					return true
				}
			}
		}
		// A Context passed whole: the callee reads ctx.accounts.<name> itself.
		_, field, ok := strings.Cut(aliases[0], ".accounts.")
		for i, a := range args {
			if _, isPath := a.(*ast.PathExpr); !isPath || !ok {
				continue
			}
			for _, callee := range callees {
				if isContextParam(callee, i) && p.checkedDepth(callee, paramName(callee, i)+".accounts."+field, prop, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

func mentionsAny(path string, names []string) bool {
	for _, n := range names {
		if mentions(path, n) {
			return true
		}
	}
	return false
}

func hasSelf(fn *model.Function) bool {
	return len(fn.Decl.Params) > 0 && fn.Decl.Params[0].IsSelf
}

func isContextParam(fn *model.Function, i int) bool {
	if i < 0 || i >= len(fn.Decl.Params) {
		return false
	}
	pt, ok := fn.Decl.Params[i].Type.(*ast.PathType)
	return ok && pt.Path.Last() != nil && pt.Path.Last().Name.Name == "Context"
}

func paramName(fn *model.Function, i int) string {
	if i < 0 || i >= len(fn.Decl.Params) {
		return ""
	}
	if ip, ok := fn.Decl.Params[i].Pat.(*ast.IdentPat); ok {
		return ip.Name.Name
	}
	return ""
}

// signedCPIWith reports a CPI signed with seeds whose arguments (the
// instruction's accounts or the CpiContext accounts struct) name the
// account.
func signedCPIWith(body ast.Node, name string) bool {
	for _, c := range model.Calls(body) {
		signed := c.Kind == model.CallInvokeSigned || c.Kind == model.CallCpiContextNewWithSigner
		if c.Method == "with_signer" && c.Recv != nil {
			signed = true
		}
		if !signed {
			continue
		}
		args := c.Args
		if c.Recv != nil {
			args = append([]ast.Expr{c.Recv}, args...)
		}
		for _, a := range args {
			if containsName(a, name) {
				return true
			}
		}
	}
	return false
}

// ownerEstablishedByCallers reports a parameter of fn that every caller
// in the crate fills with an account whose owner is established: an
// Accounts field Anchor checks or pins, or an account the caller checks
// (owner, key, written) or receives the same way in turn. Helpers that
// deserialize an &AccountInfo they are given rely on their callers.
func (p *Pass) ownerEstablishedByCallers(fn *model.Function, param string, depth int) bool {
	idx := -1
	for i, prm := range fn.Decl.Params {
		if ip, ok := prm.Pat.(*ast.IdentPat); ok && ip.Name.Name == param {
			idx = i
		}
	}
	if idx < 0 || depth > helperDepth {
		return false
	}
	unitOf := map[*model.Function]unit{}
	for _, u := range p.units() {
		unitOf[u.Func] = u
	}
	isUnit := func(caller *model.Function) bool { _, ok := unitOf[caller]; return ok }
	return p.everyCallerPasses(fn, idx, isUnit, func(caller *model.Function, arg ast.Expr) bool {
		return p.ownerEstablishedAt(unitOf[caller], arg, depth)
	})
}

// everyCallerPasses reports that fn has callers in the crate (among those consider accepts; nil
// accepts all) and that every one of them passes, as fn's parameter idx, an argument ok accepts.
// A call whose arguments cannot be matched to the parameter (too few of them) fails.
func (p *Pass) everyCallerPasses(fn *model.Function, idx int, consider func(*model.Function) bool, ok func(caller *model.Function, arg ast.Expr) bool) bool {
	calls := 0
	for _, site := range p.callSites(fn.Name) {
		caller, c := site.caller, site.call
		if consider != nil && !consider(caller) || !p.inCrate(caller, c) {
			continue
		}
		i := idx
		if c.Method != "" && hasSelf(fn) {
			i--
		}
		if i < 0 || i >= len(c.Args) {
			return false
		}
		calls++
		if !ok(caller, c.Args[i]) {
			return false
		}
	}
	return calls > 0
}

func (p *Pass) ownerEstablishedAt(u unit, arg ast.Expr, depth int) bool {
	env := u.Func.Lets()
	accs := accountsIn(arg, u, env)
	if len(accs) == 0 {
		return false
	}
	for _, acc := range accs {
		if u.Accounts != nil {
			f := u.Accounts.Field(acc)
			if f == nil {
				return false
			}
			if t := p.validation(u.Accounts).Facts[acc]; t.OwnerChecked || t.Pinned {
				continue
			}
		}
		if p.accountChecked(u, acc, PropOwner) || p.accountChecked(u, acc, PropKey) || p.accountChecked(u, acc, PropWritten) {
			continue
		}
		if u.Accounts == nil && fnParams(u.Func)[acc] && p.ownerEstablishedByCallers(u.Func, acc, depth+1) {
			continue
		}
		return false
	}
	return true
}
