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
	DetectionLogic:  "Anchor handler code: an Account/InterfaceAccount field of another program's type passed (as itself or its AccountInfo) to a CPI (CpiContext, invoke, or a call given such a context) that may change it, then a read of one of its data fields after the CPI runs (where the context is consumed) in the same function, with no reload() of that field between the two. Accounts of the program's own #[account] types are left out (a CPI to another program cannot write them), and so are the mint and authority of token transfers, approvals and revocations.",
	CWE:             []string{"CWE-367"},
	Class:           "cpi",
},
	func(p *Pass) {
		for _, u := range p.units() {
			if u.Accounts == nil {
				continue
			}
			body := u.Func.Decl.Body
			env := u.Func.Lets()
			// Where each field is handed to a CPI, and where it is reloaded.
			cpiAt := map[string]token.Pos{}
			reloads := map[string][]token.Pos{}
			calls := u.Func.Calls()
			for _, c := range calls {
				switch {
				case c.IsCPI():
					end := cpiRuns(body, c, calls)
					for _, a := range c.Args {
						for _, acc := range accountsIn(changedBy(a, env), u, env) {
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
				// Only the owning program writes an account's data, and a program cannot be
				// re-entered by another: a CPI to another program leaves the data of the
				// program's own accounts as it was.
				if p.Program.ProgramOwned(fld) {
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

// cpiRuns returns where the CPI call c starts runs. invoke runs at once; a CpiContext runs in
// the call it is handed to, whose other arguments are read before: the outermost call
// holding it when it is built in place (token::transfer(CpiContext::new(..), mint.decimals)),
// or the call given the local it is bound to (let cpi = CpiContext::new(..);
// transfer_checked(cpi, amount, mint.decimals)).
func cpiRuns(body ast.Node, c *model.Call, calls []*model.Call) token.Pos {
	end := c.Node.End()
	for _, d := range calls {
		if d.Pos() <= c.Pos() && d.Node.End() >= c.Node.End() && d.Node.End() > end {
			end = d.Node.End()
		}
	}
	local := boundTo(body, c.Node)
	if local == "" {
		return end
	}
	for _, d := range calls {
		if d.Pos() < end {
			continue
		}
		for _, a := range d.Args {
			if model.ExprPath(bare(a)) != local {
				continue
			}
			run := d.Node.End()
			for _, o := range calls {
				if o.Pos() <= d.Pos() && o.Node.End() >= d.Node.End() && o.Node.End() > run {
					run = o.Node.End()
				}
			}
			return run
		}
	}
	return end
}

// boundTo returns the local a let statement binds to the value of n (directly, or through
// method calls on it: CpiContext::new(..).with_signer(seeds)), or "".
func boundTo(body ast.Node, n ast.Node) string {
	name := ""
	ast.Inspect(body, func(x ast.Node) bool {
		l, ok := x.(*ast.LetStmt)
		if !ok || name != "" || l.Init == nil {
			return name == ""
		}
		ip, ok := l.Pat.(*ast.IdentPat)
		if !ok {
			return true
		}
		for e := l.Init; e != nil; {
			if ast.Node(e) == n {
				name = ip.Name.Name
				break
			}
			switch v := e.(type) {
			case *ast.MethodCallExpr:
				e = v.Recv
			case *ast.TryExpr:
				e = v.X
			case *ast.ParenExpr:
				e = v.X
			default:
				e = nil
			}
		}
		return name == ""
	})
	return name
}

// tokenMoves are the token programs' instructions that change only token accounts' balances
// or delegation: their mint and authority accounts come out as they went in.
var tokenMoves = map[string]map[string]bool{
	"Transfer":        {"from": true, "to": true},
	"TransferChecked": {"from": true, "to": true},
	"Approve":         {"to": true},
	"ApproveChecked":  {"to": true},
	"Revoke":          {"source": true},
}

// changedBy returns what of a CPI argument the CPI may change: of the accounts struct of a
// token transfer, approval or revocation (in place or bound to a local), the token accounts
// only; else the argument.
func changedBy(a ast.Expr, env map[string]ast.Expr) ast.Expr {
	x := bare(a)
	for depth := 0; depth < 3; depth++ {
		pe, ok := x.(*ast.PathExpr)
		if !ok || len(pe.Path.Segments) != 1 {
			break
		}
		init, ok := env[pe.Path.Segments[0].Name.Name]
		if !ok {
			break
		}
		x = bare(init)
	}
	se, ok := x.(*ast.StructExpr)
	if !ok || se.Path.Last() == nil {
		return a
	}
	changed, ok := tokenMoves[se.Path.Last().Name.Name]
	if !ok {
		return a
	}
	t := &ast.TupleExpr{}
	for _, f := range se.Fields {
		if changed[f.Name.Name] && f.Value != nil {
			t.Elems = append(t.Elems, f.Value)
		}
	}
	return t
}

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
