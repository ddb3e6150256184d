package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// unit is code that runs an instruction: an Anchor handler (with its
// delegates and Accounts methods) or a native processor function.
type unit struct {
	Func *model.Function
	// Ctx is how the code names its accounts: the Context parameter
	// ("ctx"), "self" in Accounts methods, or "" for native code.
	Ctx string
	// Accounts is the Accounts struct of an Anchor handler, or nil.
	Accounts *model.AccountsStruct
	Handler  *model.Handler
	// Bindings are the account names of native code (next_account_info
	// bindings and &AccountInfo parameters).
	Bindings map[string]bool
}

// units lists the instruction code of the crate: every function of every
// Anchor handler, and native functions that take accounts.
func units(p *model.Program) []unit {
	var out []unit
	seen := map[*model.Function]bool{}
	for _, ap := range p.Anchor {
		for _, h := range ap.Handlers {
			for _, fn := range h.Code() {
				if seen[fn] {
					continue
				}
				seen[fn] = true
				ctx := h.Ctx
				if fn.SelfType != "" && fn.SelfType == h.AccountsType {
					ctx = "self"
				} else if len(fn.Decl.Params) > 0 {
					if ip, ok := fn.Decl.Params[0].Pat.(*ast.IdentPat); ok {
						ctx = ip.Name.Name
					}
				}
				out = append(out, unit{Func: fn, Ctx: ctx, Accounts: h.Accounts, Handler: h})
			}
		}
	}
	for _, fn := range p.Functions {
		if seen[fn] || inTests(fn) {
			continue
		}
		if as := p.ContextAccounts(fn); as != nil {
			// Takes Context<T> outside the #[program] module: instruction
			// code all the same.
			ctx := ""
			if ip, ok := fn.Decl.Params[0].Pat.(*ast.IdentPat); ok {
				ctx = ip.Name.Name
			}
			out = append(out, unit{Func: fn, Ctx: ctx, Accounts: as})
			continue
		}
		if fn.IsNativeProcessor() || len(fn.AccountInfoParams()) > 0 {
			b := map[string]bool{}
			for _, ab := range model.AccountBindings(fn) {
				b[ab.Name] = true
			}
			for _, n := range fn.AccountInfoParams() {
				b[n] = true
			}
			out = append(out, unit{Func: fn, Bindings: b})
		}
	}
	return out
}

// inTests reports functions of test modules and #[test] functions.
func inTests(fn *model.Function) bool {
	if model.HasAttr(fn.Decl.Attrs, "test") || fn.File != nil && isTestFile(fn.File.Path) {
		return true
	}
	for part := range strings.SplitSeq(fn.Module, "::") {
		if part == "tests" || part == "test" {
			return true
		}
	}
	return false
}

// lets maps local names to their initializers in a body (model.Lets); a function's whole
// body is better asked of the function (fn.Lets(), listed once).
func lets(body ast.Node) map[string]ast.Expr { return model.Lets(body) }

// accountsIn finds the accounts an expression reads, following local
// variables: Accounts fields (ctx.accounts.x, self.x) in Anchor code, or
// names (bindings such as payer, vault_info) in native code.
func accountsIn(x ast.Node, u unit, env map[string]ast.Expr) []string {
	var out []string
	seen := map[string]bool{}
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		if n == nil || depth > 8 {
			return
		}
		ast.Inspect(n, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.IfExpr:
				// The value is one of the branches; the condition only
				// chooses (if mint.owner == token_program.key { .. }).
				visit(e.Then, depth)
				if e.Else != nil {
					visit(e.Else, depth)
				}
				return false
			case *ast.FieldExpr:
				if u.Ctx != "" && u.Ctx != "self" && e.Name.Name == "remaining_accounts" && model.ExprPath(e.X) == u.Ctx {
					// ctx.remaining_accounts: accounts Anchor checks nothing about.
					if !seen[remainingAccounts] {
						seen[remainingAccounts] = true
						out = append(out, remainingAccounts)
					}
					return false
				}
				if u.Ctx != "" {
					base := model.ExprPath(e.X)
					if u.Ctx == "self" && base == "self" || u.Ctx != "self" && base == u.Ctx+".accounts" {
						if !seen[e.Name.Name] {
							seen[e.Name.Name] = true
							out = append(out, e.Name.Name)
						}
						return false
					}
				}
			case *ast.PathExpr:
				if len(e.Path.Segments) == 1 {
					name := e.Path.Segments[0].Name.Name
					if u.Bindings[name] {
						if !seen[name] {
							seen[name] = true
							out = append(out, name)
						}
					} else if init, ok := env[name]; ok && !seen["let "+name] {
						seen["let "+name] = true
						visit(init, depth+1)
					} else if u.Ctx == "" && !seen[name] {
						seen[name] = true
						out = append(out, name)
					}
				}
			}
			return true
		})
	}
	visit(x, 0)
	return out
}

// mentions reports whether a rendered path reads account name: as a
// native binding ("vault.owner") or an Accounts field
// ("ctx.accounts.vault.owner", "self.vault.key()").
func mentions(path, name string) bool {
	if path == "" || name == "" {
		return false
	}
	if path == name || strings.HasPrefix(path, name+".") {
		return true
	}
	return strings.Contains(path, ".accounts."+name+".") || strings.HasSuffix(path, ".accounts."+name) ||
		strings.HasPrefix(path, "self."+name+".") || path == "self."+name
}

// inCondition lists the nodes of body that are read as checks: if and
// while conditions, match guards, and the arguments of require!/assert!
// style macros.
func conditions(body ast.Node) []ast.Node {
	var out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IfExpr:
			out = append(out, x.Cond)
		case *ast.WhileExpr:
			out = append(out, x.Cond)
		case *ast.MatchArm:
			if x.Guard != nil {
				out = append(out, x.Guard)
			}
		case *ast.MacroCall:
			name := x.Name()
			if strings.HasPrefix(name, "require") || strings.HasPrefix(name, "assert") || strings.HasPrefix(name, "debug_assert") {
				for _, a := range x.Args {
					out = append(out, a)
				}
			}
		}
		return true
	})
	return out
}

// checksField reports whether code tests name.field (or name.field()) in
// a condition, e.g. "!payer.is_signer" or "vault.is_initialized()".
func checksField(body ast.Node, name, field string) bool {
	for _, c := range conditions(body) {
		found := false
		ast.Inspect(c, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FieldExpr:
				if x.Name.Name == field && (name == "" || mentions(model.ExprPath(x.X), name)) {
					found = true
				}
			case *ast.MethodCallExpr:
				if x.Name.Name == field && (name == "" || mentions(model.ExprPath(x.Recv), name)) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// comparesKey reports whether code compares account name's key or a
// given property (suffix, e.g. "owner", "key") in any equality test.
func compares(body ast.Node, name, suffix string) bool {
	for _, c := range model.Comparisons(body) {
		for _, p := range []string{c.XPath, c.YPath} {
			if mentions(p, name) && (suffix == "" || strings.HasSuffix(p, "."+suffix) || strings.HasSuffix(p, "."+suffix+"()")) {
				return true
			}
		}
	}
	return false
}

// fnParams returns the names of a function's parameters.
func fnParams(fn *model.Function) map[string]bool {
	out := map[string]bool{}
	for _, p := range fn.Decl.Params {
		if ip, ok := p.Pat.(*ast.IdentPat); ok {
			out[ip.Name.Name] = true
		}
	}
	return out
}

// accountsFieldKind returns the kind of an Accounts field, or KindOther.
func fieldOf(as *model.AccountsStruct, name string) *model.AccountField {
	if as == nil {
		return nil
	}
	return as.Field(name)
}

// isUnchecked reports AccountInfo and UncheckedAccount fields.
func isUnchecked(f *model.AccountField) bool {
	return f != nil && (f.Type.Kind == model.KindAccountInfo || f.Type.Kind == model.KindUncheckedAccount)
}

// fieldNode is the node findings about an Accounts field point at: its
// name, or the whole field for tuple structs.
func fieldNode(f *model.AccountField) ast.Node {
	if f.Field.Name != nil {
		return f.Field.Name
	}
	return f.Field
}

// remainingAccounts names ctx.remaining_accounts among account names.
const remainingAccounts = "remaining_accounts"

// names returns acc and the locals bound to it (let extra =
// &ctx.remaining_accounts[0]), the names checks may use for the account.
func names(u unit, env map[string]ast.Expr, acc string) []string {
	out := []string{acc}
	for name, init := range env {
		for _, a := range accountsIn(init, u, env) {
			if a == acc && name != acc {
				out = append(out, name)
			}
		}
	}
	return out
}

// comparesAny is compares over several names of one account.
func comparesAny(body ast.Node, names []string, suffix string) bool {
	for _, n := range names {
		if compares(body, n, suffix) {
			return true
		}
	}
	return false
}

// perStruct collects, per Accounts struct, the field names that visit
// records for each Anchor unit of that struct.
func perStruct(us []unit, visit func(u unit, set map[string]bool)) map[*model.AccountsStruct]map[string]bool {
	out := map[*model.AccountsStruct]map[string]bool{}
	for _, u := range us {
		if u.Accounts == nil {
			continue
		}
		if out[u.Accounts] == nil {
			out[u.Accounts] = map[string]bool{}
		}
		visit(u, out[u.Accounts])
	}
	return out
}

// bare strips what does not change which value an expression names: parentheses, & and
// &mut, and ?.
func bare(x ast.Expr) ast.Expr {
	for {
		switch e := x.(type) {
		case *ast.ParenExpr:
			x = e.X
		case *ast.RefExpr:
			x = e.X
		case *ast.TryExpr:
			x = e.X
		default:
			return x
		}
	}
}
