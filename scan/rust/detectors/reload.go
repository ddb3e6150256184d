package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// StaleAfterCPI reports an Anchor account whose data the handler reads
// after a CPI that was given the account, without reload() in between:
// Anchor deserialized the account before the instruction ran, so the read
// sees the balance or state from before the CPI.
var StaleAfterCPI = analyzer(detect.Template{
	ID:         "SOLANA_STALE_ACCOUNT_AFTER_CPI",
	Name:       "Account data read after a CPI without reload",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> reads <code>${account_name}</code> after a cross-program " +
		"invocation that was given the account, without <code>reload()</code>. Anchor's copy of the data " +
		"is the one from before the CPI, so the read misses what the CPI changed (a token balance, " +
		"a counter).</p>",
	Remediation: "<p>Call <code>ctx.accounts.${account_name}.reload()?</code> after the CPI and before " +
		"reading the account's data.</p>",
	DescriptionKeys: []string{"function_name", "account_name"},
	DetectionLogic:  "Anchor handler code: an Account/InterfaceAccount field passed (as itself or its AccountInfo) to a CPI (CpiContext, invoke, or a call given such a context), then a read of one of its data fields later in the same function, with no reload() of that field between the two.",
	CWE:             []string{"CWE-367"},
	Class:           "cpi",
},
	func(p *Pass) {
		for _, u := range p.units() {
			if u.Accounts == nil {
				continue
			}
			body := u.Func.Decl.Body
			env := lets(body)
			// Where each field is handed to a CPI, and where it is reloaded.
			cpiAt := map[string]token.Pos{}
			reloads := map[string][]token.Pos{}
			calls := model.Calls(body)
			for _, c := range calls {
				switch {
				case c.IsCPI():
					// The CPI runs when the outermost call holding the context
					// does (token::transfer(CpiContext::new(..), mint.decimals)):
					// its other arguments are read before.
					end := c.Node.End()
					for _, d := range calls {
						if d.Pos() <= c.Pos() && d.Node.End() >= c.Node.End() && d.Node.End() > end {
							end = d.Node.End()
						}
					}
					for _, a := range c.Args {
						for _, acc := range accountsIn(a, u, env) {
							if _, seen := cpiAt[acc]; !seen {
								cpiAt[acc] = end
							}
						}
					}
				case !c.IsCPI() && cpiHelperArg(u, c) != nil:
					// token::transfer(ctx.accounts.transfer_ctx(), ..): the
					// context comes from a method of the Accounts struct.
					for _, ref := range model.AccountRefs(cpiHelperArg(u, c).Decl.Body, "self") {
						if _, seen := cpiAt[ref.Field]; !seen {
							cpiAt[ref.Field] = c.Node.End()
						}
					}
				case c.Method == "reload":
					for _, acc := range accountsIn(c.Recv, u, env) {
						reloads[acc] = append(reloads[acc], c.Pos())
					}
				}
			}
			reported := map[string]bool{}
			ast.Inspect(body, func(n ast.Node) bool {
				f, ok := n.(*ast.FieldExpr)
				if !ok {
					return true
				}
				inner, ok := f.X.(*ast.FieldExpr)
				if !ok || !isAccountsBase(model.ExprPath(inner.X), u) {
					return true
				}
				acc := inner.Name.Name
				at, passed := cpiAt[acc]
				fld := fieldOf(u.Accounts, acc)
				if !passed || reported[acc] || f.Pos() < at || fld == nil ||
					(fld.Type.Kind != model.KindAccount && fld.Type.Kind != model.KindInterfaceAccount) {
					return true
				}
				for _, r := range reloads[acc] {
					if r > at && r < f.Pos() {
						return true
					}
				}
				reported[acc] = true
				p.Report(f, u.Func, map[string]string{"account_name": acc})
				return true
			})
		}
	})

// isAccountsBase reports ctx.accounts (or self in Accounts methods).
func isAccountsBase(base string, u unit) bool {
	return u.Ctx == "self" && base == "self" || u.Ctx != "" && u.Ctx != "self" && base == u.Ctx+".accounts"
}

// cpiHelperArg returns the method of the unit's Accounts struct that call
// c is given (ctx.accounts.transfer_ctx()) when that method builds a CPI
// context, or nil.
func cpiHelperArg(u unit, c *model.Call) *model.Function {
	if u.Accounts == nil {
		return nil
	}
	for _, a := range c.Args {
		mc, ok := a.(*ast.MethodCallExpr)
		if !ok || !isAccountsBase(model.ExprPath(mc.Recv), u) {
			continue
		}
		for _, m := range u.Accounts.Methods {
			if m.Name == mc.Name.Name && len(model.CPICalls(m.Decl.Body)) > 0 {
				return m
			}
		}
	}
	return nil
}
