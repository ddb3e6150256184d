package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/semver"
)

// DuplicateMutableAccounts reports pairs of mutable accounts of one type
// that may be the same account.
var DuplicateMutableAccounts = analyzer(detect.Template{
	ID:         "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS",
	Name:       "Duplicate mutable accounts",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${account_name}</code> and <code>${other_account}</code> are mutable accounts of " +
		"the same type and nothing stops a caller from passing one account for both; the second " +
		"write then overwrites the first (a credit and a debit cancel, a balance doubles).</p>",
	Remediation: "<p>Add <code>constraint = ${account_name}.key() != ${other_account}.key()</code> (Anchor " +
		"before 1.0; from 1.0 Anchor rejects duplicates unless <code>dup</code> is set), or compare " +
		"the keys in native code.</p>",
	DescriptionKeys: []string{"account_name", "other_account"},
	DetectionLogic:  "Anchor before 1.0.0: two mut fields of the same Account/AccountLoader/InterfaceAccount type with no constraint or handler comparison of their keys; two AccountLoader fields whose guards (load_mut/load_init) the handler holds at once are safe, since the second borrow of one account fails; other AccountLoader pairs are reported only when, following the handler into crate helpers and the data type's methods, a write through one stores a value computed from data of either account read earlier over bytes an earlier write through the other changed (writes to different fields, fresh read-modify-writes inside one borrow, and element writes keyed by indices proven different (fields every setter in the crate keeps ordered) are safe). Anchor 1.0.0 and later: fields that opt out with dup. Native: two account bindings deserialized as the same type whose keys are never compared.",
	CWE:             []string{"CWE-694"},
	Class:           "account-validation",
},
	func(p *Pass) {
		v1 := semver.AtLeast(p.Crate.AnchorVersion(), "1.0.0")
		compared := handlerComparisons(p.units())
		written := writtenFields(p.units())
		borrowed := overlappingBorrows(p.units())
		for _, as := range p.Program.Accounts {
			v := p.validation(as)
			var muts []*model.AccountField
			for _, f := range as.Fields {
				// Only the program's own data accounts: it writes their data
				// itself. Token accounts change through token-program CPIs,
				// which handle a source that is also the destination.
				if p.Program.ProgramOwned(f) && (v.Facts[f.Name].Mutable || written[as][f.Name]) {
					muts = append(muts, f)
				}
			}
			for j, b := range muts {
				if v1 {
					if b.Constraints.Dup {
						p.Report(fieldNode(b), nil, map[string]string{"account_name": b.Name, "other_account": "another mutable account"})
					}
					continue
				}
				for _, a := range muts[:j] {
					if a.Type.Inner != b.Type.Inner || keysCompared(a, b) || compared[as][pairKey(a.Name, b.Name)] || distinct(p, a, b) {
						continue
					}
					// Two accounts whose addresses the struct fixes (PDAs, has_one
					// targets, address =) are the ones the program stored or
					// derived; the caller cannot make them one.
					if v.Facts[a.Name].Pinned && v.Facts[b.Name].Pinned {
						continue
					}
					// Zero-copy accounts borrowed mutably at once: one account
					// passed twice fails its second borrow at runtime. Borrowed
					// in turn, they are one only if a write can be lost.
					if a.Type.Kind == model.KindAccountLoader && b.Type.Kind == model.KindAccountLoader &&
						(borrowed[as][pairKey(a.Name, b.Name)] || !p.zeroCopyLostUpdate(as, a, b)) {
						continue
					}
					p.Report(fieldNode(b), nil, map[string]string{"account_name": b.Name, "other_account": a.Name})
					break
				}
			}
		}
		// Native.
		for _, u := range p.units() {
			if u.Ctx != "" {
				continue
			}
			body := u.Func.Decl.Body
			typeOf := map[string]string{}
			for _, c := range model.Deserializations(body) {
				if c.Path == "" || len(c.Args) == 0 {
					continue
				}
				for _, acc := range accountsIn(c.Args[0], u, nil) {
					typeOf[acc] = typeOfCall(c.Path)
				}
			}
			binds := model.AccountBindings(u.Func)
			for j, b := range binds {
				for _, a := range binds[:j] {
					t := typeOf[a.Name]
					// Both must be written (the runtime only lets the owner write,
					// so a read-only twin is no second write), and two bindings
					// of one name are one account in different branches.
					if t == "" || t != typeOf[b.Name] || a.Name == b.Name || keysComparedNative(body, a.Name, b.Name) ||
						!writesAccount(body, a.Name) || !writesAccount(body, b.Name) {
						continue
					}
					p.Report(b.Node, u.Func, map[string]string{"account_name": b.Name, "other_account": a.Name})
				}
			}
		}
	})

// writtenFields records, per Accounts struct, the fields whose data
// handler code writes (ctx.accounts.x.f = .., let x = &mut ctx.accounts.x;
// x.f += .., ctx.accounts.x.load_mut()), whether or not they are marked mut.
func writtenFields(us []unit) map[*model.AccountsStruct]map[string]bool {
	return perStruct(us, func(u unit, set map[string]bool) {
		body := u.Func.Decl.Body
		env := u.Func.Lets()
		mark := func(x ast.Expr) {
			for _, acc := range accountsIn(x, u, env) {
				set[acc] = true
			}
		}
		ast.Inspect(body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignExpr:
				if f, ok := x.X.(*ast.FieldExpr); ok {
					mark(f.X)
				}
			case *ast.MethodCallExpr:
				if x.Name.Name == "load_mut" || x.Name.Name == "load_init" {
					mark(x.Recv)
				}
			}
			return true
		})
	})
}

func pairKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "|" + b
}

// keysCompared reports a constraint on either field comparing both keys.
func keysCompared(a, b *model.AccountField) bool {
	for _, f := range []*model.AccountField{a, b} {
		for _, c := range f.Constraints.Custom {
			for _, cmp := range model.Comparisons(c.Value) {
				if mentions(cmp.XPath, a.Name) && mentions(cmp.YPath, b.Name) || mentions(cmp.XPath, b.Name) && mentions(cmp.YPath, a.Name) {
					return true
				}
			}
		}
	}
	return false
}

// handlerComparisons records, per Accounts struct, the field pairs whose
// keys handler code compares.
func handlerComparisons(us []unit) map[*model.AccountsStruct]map[string]bool {
	return perStruct(us, func(u unit, set map[string]bool) {
		for _, cmp := range model.Comparisons(u.Func.Decl.Body) {
			for _, a := range u.Accounts.Fields {
				for _, b := range u.Accounts.Fields {
					if a != b && mentions(cmp.XPath, a.Name) && mentions(cmp.YPath, b.Name) {
						set[pairKey(a.Name, b.Name)] = true
					}
				}
			}
		}
	})
}

func keysComparedNative(body ast.Node, a, b string) bool {
	for _, cmp := range model.Comparisons(body) {
		if mentions(cmp.XPath, a) && mentions(cmp.YPath, b) || mentions(cmp.XPath, b) && mentions(cmp.YPath, a) {
			return true
		}
	}
	return false
}

// distinct reports pairs that cannot alias: token accounts with different
// authorities, PDAs with different seeds, or an account being created.
func distinct(p *Pass, a, b *model.AccountField) bool {
	ca, cb := a.Constraints, b.Constraints
	if ca.Init || cb.Init || ca.InitIfNeeded || cb.InitIfNeeded {
		return true
	}
	for _, key := range []string{"token::authority", "associated_token::authority"} {
		if x, y := ca.Token[key], cb.Token[key]; x != nil && y != nil && p.Program.Source(x.Value) != p.Program.Source(y.Value) {
			return true
		}
	}
	if ca.SeedsSet && cb.SeedsSet && seedsText(p, ca) != seedsText(p, cb) {
		return true
	}
	return false
}

func seedsText(p *Pass, c *model.Constraints) string {
	s := ""
	for _, e := range c.Seeds {
		s += p.Program.Source(e) + ","
	}
	return s
}
