package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// AccountDataMatching reports accounts whose stored relations are never
// compared with the accounts actually passed.
var AccountDataMatching = analyzer(detect.Template{
	ID:         "SOLANA_ACCOUNT_DATA_MATCHING",
	Name:       "Account data not matched",
	Severity:   detect.High,
	Confidence: detect.ConfidenceLow,
	Description: "<p>Account <code>${account_name}</code> stores or implies a relation to " +
		"<code>${related}</code> that is never checked against the accounts passed to the " +
		"instruction, so a caller can substitute an unrelated account.</p>",
	Remediation: "<p>Anchor: add <code>has_one = ${related}</code>, <code>token::authority = ...</code> or a " +
		"<code>constraint</code> comparing keys. Native: compare the stored key with " +
		"<code>account.key</code> before use.</p>",
	DescriptionKeys: []string{"account_name", "related"},
	DetectionLogic:  "Anchor: Account<T> fields whose data struct T has Pubkey fields named like other fields of the Accounts struct, without has_one or a constraint naming them (not when the related field is the signer and every instruction of the struct only increases the account's data by amounts the signer transfers into a pinned account, or hands values read from it to another such instruction); token accounts whose data is read while the struct has a Signer and no token::authority or owner constraint. Native: SPL token accounts unpacked and never compared on owner.",
	CWE:             []string{"CWE-639"},
	Class:           "account-validation",
},
	func(p *Pass) {
		read := tokenReads(p.units())
		handedOff := handedOffFields(p.units())
		stored := storedComparisons(p.units())
		for _, as := range p.Program.Accounts {
			v := p.validation(as)
			hasSigner := false
			for _, f := range as.Fields {
				if v.Facts[f.Name].Signer {
					hasSigner = true
				}
			}
			for _, f := range as.Fields {
				c := f.Constraints
				if f.Type.Kind == model.KindAccount || f.Type.Kind == model.KindAccountLoader {
					if ds := p.Program.DataStruct(f.Type.Inner); ds != nil && !v.Facts[f.Name].Created {
						for _, sf := range ds.Item.Fields {
							if sf.Name == nil || v.Facts[sf.Name.Name] == nil || sf.Name.Name == f.Name || typeLast(sf.Type) != "Pubkey" {
								continue
							}
							rel := sf.Name.Name
							// Matched: has_one, any constraint of the struct reading
							// f.rel (address = f.rel on the other side, token::mint =
							// f.rel, constraint = x.key() == f.rel), seeds deriving f
							// from rel, a handler comparison, rel's key checked
							// against another field of f, or rel's identity fixed
							// by a constant or by an account of another type.
							if c.HasOneTarget(rel) || v.ReadsStored(f.Name, rel) || seedsName(c, rel) ||
								stored[as][f.Name+"."+rel] || v.KeyMatchedTo(rel, f.Name) ||
								v.KeyFixedApartFrom(rel, f.Type.Inner) {
								continue
							}
							// Unmatched with the signer but only credited, by what
							// the signer pays in: whose account it is does not matter.
							if p.creditOnlySignerFunded(as, f, rel) {
								continue
							}
							p.Report(fieldNode(f), nil, map[string]string{"account_name": f.Name, "related": rel})
							break
						}
					}
				}
				// A token account whose data the handler reads as belonging to the
				// signer. One handed to a CPI (a transfer from it) is checked by the
				// token program against the authority that signs.
				if (f.Type.Kind == model.KindAccount || f.Type.Kind == model.KindInterfaceAccount) && f.Type.Inner == "TokenAccount" &&
					hasSigner && read[as][f.Name] && !handedOff[as][f.Name] && c.Token["token::authority"] == nil &&
					c.Token["associated_token::authority"] == nil && !v.ReadsStored(f.Name, "owner") && !v.Facts[f.Name].Pinned {
					p.Report(fieldNode(f), nil, map[string]string{"account_name": f.Name, "related": "its owner"})
				}
			}
		}
		// SPL token accounts unpacked by hand (native code, or an Anchor
		// handler given a raw AccountInfo) without an owner comparison.
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			ast.Inspect(body, func(n ast.Node) bool {
				l, ok := n.(*ast.LetStmt)
				if !ok || l.Init == nil {
					return true
				}
				name := ""
				if ip, ok := l.Pat.(*ast.IdentPat); ok {
					name = ip.Name.Name
				}
				for _, c := range model.Deserializations(l.Init) {
					if c.Name() == "unpack" && isTokenAccountPath(u.Func.File.Resolve(c.Path)) && name != "" && !compares(body, name, "owner") &&
						!tokenCPIFrom(body, c, u) {
						p.Report(c.Node, u.Func, map[string]string{"account_name": name, "related": "its owner"})
					}
				}
				return true
			})
		}
	})

// isTokenAccountPath reports the unpack of an SPL token account, its
// path resolved through the file's imports.
func isTokenAccountPath(path string) bool {
	return strings.HasSuffix(path, "spl_token::state::Account::unpack") || path == "TokenAccount::unpack" ||
		strings.HasSuffix(path, "spl_token_2022::state::Account::unpack") || path == "Account::unpack"
}

// tokenReads records, per Accounts struct, the fields whose data fields
// handler code reads (ctx.accounts.x.amount).
func tokenReads(us []unit) map[*model.AccountsStruct]map[string]bool {
	return perStruct(us, func(u unit, set map[string]bool) {
		ast.Inspect(u.Func.Decl.Body, func(n ast.Node) bool {
			f, ok := n.(*ast.FieldExpr)
			if !ok {
				return true
			}
			if inner, ok := f.X.(*ast.FieldExpr); ok {
				base := model.ExprPath(inner.X)
				if base == u.Ctx+".accounts" || u.Ctx == "self" && base == "self" {
					switch f.Name.Name {
					case "amount", "owner", "delegate", "delegated_amount", "mint", "state":
						set[inner.Name.Name] = true
					}
				}
			}
			return true
		})
	})
}

// storedComparisons records, per Accounts struct, the "holder.field"
// relations handler code compares (ctx.accounts.vault.authority ==
// ctx.accounts.authority.key()).
func storedComparisons(us []unit) map[*model.AccountsStruct]map[string]bool {
	return perStruct(us, func(u unit, set map[string]bool) {
		for _, cmp := range model.Comparisons(u.Func.Decl.Body) {
			for _, path := range []string{cmp.XPath, cmp.YPath} {
				for _, f := range u.Accounts.Fields {
					for _, g := range u.Accounts.Fields {
						if model.StoredRead(path, f.Name, g.Name) {
							set[f.Name+"."+g.Name] = true
						}
					}
				}
			}
		}
	})
}

// handedOffFields records, per Accounts struct, the fields handler code
// passes on: as an argument of a function or method, in a struct literal
// (a CPI accounts struct), or on the right of an assignment (a key
// stored in state).
func handedOffFields(us []unit) map[*model.AccountsStruct]map[string]bool {
	return perStruct(us, func(u unit, set map[string]bool) {
		env := lets(u.Func.Decl.Body)
		mark := func(x ast.Expr) {
			for _, acc := range accountsIn(x, u, env) {
				set[acc] = true
			}
		}
		ast.Inspect(u.Func.Decl.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.StructExpr:
				for _, f := range x.Fields {
					if f.Value != nil {
						mark(f.Value)
					}
				}
			case *ast.CallExpr:
				if pe, ok := x.Fun.(*ast.PathExpr); ok && !deserializers(pe.Path.Last().Name.Name) {
					for _, a := range x.Args {
						mark(a)
					}
				}
			case *ast.MethodCallExpr:
				for _, a := range x.Args {
					mark(a)
				}
			case *ast.AssignExpr:
				mark(x.Y)
			}
			return true
		})
	})
}

func deserializers(name string) bool {
	return deserializersNeedingOwner[name]
}

// constraintNames reports a custom constraint that mentions path.
func constraintNames(c *model.Constraints, path string) bool {
	for _, e := range c.Custom {
		for _, cmp := range model.Comparisons(e.Value) {
			if cmp.XPath == path || cmp.YPath == path {
				return true
			}
		}
	}
	return false
}

// seedsName reports seeds that derive the account from rel.
func seedsName(c *model.Constraints, rel string) bool {
	for _, s := range c.Seeds {
		found := false
		ast.Inspect(s, func(n ast.Node) bool {
			if pe, ok := n.(*ast.PathExpr); ok && pe.Path.String() == rel {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func typeLast(t ast.Type) string {
	if pt, ok := t.(*ast.PathType); ok {
		if l := pt.Path.Last(); l != nil {
			return l.Name.Name
		}
	}
	return ""
}

// tokenCPIFrom reports an unpacked token account that is later handed to
// an SPL token instruction, which checks its owner and authority.
func tokenCPIFrom(body ast.Node, c *model.Call, u unit) bool {
	for _, acc := range accountsIn(c.Args[0], u, lets(body)) {
		if passedToTokenProgram(body, acc) {
			return true
		}
	}
	return false
}
