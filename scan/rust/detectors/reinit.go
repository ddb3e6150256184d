package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// Reinitialization reports initialization that can run again over an
// account that already holds state.
var Reinitialization = analyzer(detect.Template{
	ID:         "SOLANA_REINITIALIZATION",
	Name:       "Reinitialization",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> initializes <code>${account_name}</code> without " +
		"checking whether it was initialized before, so a second call resets its state (for example " +
		"its authority).</p>",
	Remediation: "<p>Anchor: prefer <code>init</code>; with <code>init_if_needed</code>, test an " +
		"<code>is_initialized</code> flag (or a non-default field) in the handler. Native: return " +
		"<code>AccountAlreadyInitialized</code> when the stored flag is set.</p>",
	DescriptionKeys: []string{"function_name", "account_name"},
	DetectionLogic:  "Anchor: init_if_needed fields whose handlers set the account's state (a plain assignment to a stored field that does not read it back, set_inner, an *init* method; additions such as x = x + 1 do not count) and never look at what it holds first: is_initialized, a field compared with its default or zero, a stored field tested for emptiness, or a stored key compared with another key (only the recorded owner may rewrite); nor when every instruction of the struct, as the account-validation model sees it, tests a stored field of the account in a condition or match (in a helper too) or is run only by a bound party (a signer matched with stored data, or whose key seeds the account). Native and manual Anchor code: functions named *init* that deserialize an account and write it back (serialize/pack) without testing is_initialized in a condition.",
	CWE:             []string{"CWE-665"},
	Class:           "initialization",
},
	func(p *Pass) {
		guarded := perStruct(p.units(), func(u unit, set map[string]bool) {
			for _, f := range u.Accounts.Fields {
				if f.Constraints.InitIfNeeded && initGuard(u.Func.Decl.Body, f.Name) {
					set[f.Name] = true
				}
			}
		})
		written := perStruct(p.units(), func(u unit, set map[string]bool) {
			for _, f := range u.Accounts.Fields {
				if f.Constraints.InitIfNeeded && writesInitialState(u.Func.Decl.Body, f.Name) {
					set[f.Name] = true
				}
			}
		})
		for _, as := range p.Program.Accounts {
			for _, f := range as.Fields {
				if !f.Constraints.InitIfNeeded || guarded[as][f.Name] || isTokenType(f) || readsOwnState(f) {
					continue
				}
				if !written[as][f.Name] {
					// The handlers only add to the account (a counter, a running
					// total) or read it: running them again over live data
					// resets nothing.
					continue
				}
				if p.reinitByDesign(as, f.Name) {
					continue
				}
				item := f.Constraints.Get("init_if_needed").Item
				p.ReportRange(item.Pos(), item.End(), nil, map[string]string{"account_name": f.Name, "function_name": as.Name})
			}
		}
		for _, u := range p.units() {
			fn := u.Func
			if !strings.Contains(strings.ToLower(fn.Name), "init") {
				continue
			}
			body := fn.Decl.Body
			if checksField(body, "", "is_initialized") {
				continue
			}
			if !readsState(body) || createsAccount(body) || testsStateFlag(p.Program, body) {
				continue
			}
			for _, c := range fn.Calls() {
				if c.Macro {
					continue
				}
				if c.Method == "serialize" || c.Name() == "pack" || c.Method == "pack_into_slice" {
					p.Report(c.Node, fn, map[string]string{"account_name": model.ExprPath(c.Recv)})
				}
			}
		}
	})

// testsStateFlag reports a condition over a flag of deserialized state:
// a bool field or the type's tag field (if !user.discriminator { .. }),
// which is how hand-written programs tell a fresh account from a live one.
func testsStateFlag(prog *model.Program, body ast.Node) bool {
	flags := map[string]bool{} // "local.field"
	ast.Inspect(body, func(n ast.Node) bool {
		l, ok := n.(*ast.LetStmt)
		if !ok || l.Init == nil {
			return true
		}
		local := ""
		switch pat := l.Pat.(type) {
		case *ast.IdentPat:
			local = pat.Name.Name
		}
		for _, c := range model.Deserializations(l.Init) {
			ds := prog.DataStruct(typeOfCall(c.Path))
			if ds == nil || local == "" {
				continue
			}
			for _, f := range ds.Item.Fields {
				if f.Name != nil && (typeLast(f.Type) == "bool" || f.Name.Name == ds.TagField) {
					flags[local+"."+f.Name.Name] = true
				}
			}
		}
		return true
	})
	for _, cond := range conditions(body) {
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && flags[model.ExprPath(x)] {
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

// readsOwnState reports an init_if_needed account whose own constraint
// tests its existing data (constraint = acct.authority == Pubkey::default()
// || acct.authority == signer.key()): the program looks at what is there
// before writing, which is the guard this class asks for.
func readsOwnState(f *model.AccountField) bool {
	for _, c := range f.Constraints.Custom {
		for _, cmp := range model.Comparisons(c.Value) {
			for _, path := range []string{cmp.XPath, cmp.YPath} {
				if strings.HasPrefix(path, f.Name+".") && !strings.HasPrefix(path, f.Name+".key") {
					return true
				}
			}
		}
	}
	return false
}

// initGuard reports handler code that tests whether a field's account is
// already initialized: is_initialized in a condition, or a comparison of
// one of its fields with a default value.
func initGuard(body ast.Node, field string) bool {
	for _, cond := range conditions(body) {
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FieldExpr:
				if x.Name.Name == "is_initialized" && strings.Contains(model.ExprPath(x.X), field) {
					found = true
				}
			case *ast.BinaryExpr:
				p := model.ExprPath(x.X) + " " + model.ExprPath(x.Y)
				if strings.Contains(p, field) && (strings.Contains(p, "default") || isDefaultCall(x.X) || isDefaultCall(x.Y)) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	// Field-level flags read through a local: let settings = &mut ctx.accounts.settings.
	env := lets(body)
	if testsStoredState(body, accountNames(env, field)) {
		return true
	}
	for name, init := range env {
		if strings.HasSuffix(model.ExprPath(init), "."+field) && checksField(body, name, "is_initialized") {
			return true
		}
	}
	for _, c := range model.Comparisons(body) {
		if (strings.Contains(c.XPath, field) && strings.Contains(c.YPath+c.XPath, "default")) ||
			(strings.Contains(c.YPath, field) && strings.Contains(c.XPath, "default")) {
			return true
		}
	}
	return false
}

// isDefaultCall reports T::default() and Default::default().
func isDefaultCall(x ast.Expr) bool {
	c, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	pe, ok := c.Fun.(*ast.PathExpr)
	return ok && pe.Path.Last() != nil && pe.Path.Last().Name.Name == "default"
}

// isTokenType reports token and mint accounts, which Anchor validates
// when init_if_needed finds them already created.
func isTokenType(f *model.AccountField) bool {
	switch f.Type.Inner {
	case "TokenAccount", "Mint":
		return true
	}
	for k := range f.Constraints.Token {
		if strings.HasPrefix(k, "associated_token::") || strings.HasPrefix(k, "token::") || strings.HasPrefix(k, "mint::") {
			return true
		}
	}
	return false
}

// readsState reports deserialization of program state (not sysvars).
func readsState(body ast.Node) bool {
	for _, c := range model.Deserializations(body) {
		switch c.Name() {
		case "try_from_slice", "try_from_slice_unchecked", "deserialize", "try_deserialize",
			"try_deserialize_unchecked", "unpack", "unpack_unchecked", "unpack_from_slice":
			return true
		}
	}
	return false
}

// createsAccount reports code that creates the account in the same
// instruction (system create_account), which fails on a live account.
func createsAccount(body ast.Node) bool {
	for _, c := range model.Calls(body) {
		switch c.Name() {
		case "create_account", "create_account_with_seed":
			return true
		}
	}
	return false
}

// accountNames returns the ways handler code names an Accounts field:
// ctx.accounts.f, self.f, and locals bound to it (let msg =
// &ctx.accounts.message).
func accountNames(env map[string]ast.Expr, field string) []string {
	out := []string{field}
	for local, init := range env {
		path := accountPath(init)
		if path == "self."+field || strings.HasSuffix(path, ".accounts."+field) {
			out = append(out, local)
		}
	}
	return out
}

// storedField reports a rendered path that reads data stored in one of
// the named accounts (msg.payload, ctx.accounts.message.emitter), not
// its key or account info.
func storedField(path string, names []string) bool {
	for _, n := range names {
		for _, base := range []string{n, "self." + n} {
			rest, ok := strings.CutPrefix(path, base+".")
			if !ok {
				if i := strings.Index(path, ".accounts."+n+"."); i >= 0 {
					rest, ok = path[i+len(".accounts."+n+"."):], true
				}
			}
			if ok && rest != "" && !strings.HasPrefix(rest, "key") && !strings.HasPrefix(rest, "to_account_info") {
				return true
			}
		}
	}
	return false
}

// testsStoredState reports conditions that look at what the account
// already holds before the handler writes it: emptiness or zero of a
// stored field (if !msg.payload.is_empty() { .. }, if pool.liquidity == 0),
// or a stored key compared with another key (require_keys_eq!(signer.key(),
// msg.emitter)): the program tells a live account from a fresh one, or
// lets only its recorded owner rewrite it.
func testsStoredState(body ast.Node, names []string) bool {
	for _, cond := range conditions(body) {
		found := false
		ast.Inspect(cond, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.MethodCallExpr:
				if x.Name.Name == "is_empty" && storedField(model.ExprPath(x.Recv), names) {
					found = true
				}
			case *ast.BinaryExpr:
				if x.Op == token.EQEQ || x.Op == token.NE {
					if storedField(model.ExprPath(x.X), names) && isZeroLit(x.Y) || storedField(model.ExprPath(x.Y), names) && isZeroLit(x.X) {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	for _, c := range model.Comparisons(body) {
		if storedField(c.XPath, names) && isKeyPath(c.YPath) || storedField(c.YPath, names) && isKeyPath(c.XPath) {
			return true
		}
	}
	return false
}

func isZeroLit(x ast.Expr) bool {
	lit, ok := x.(*ast.LitExpr)
	return ok && lit.Kind == token.INT && strings.Trim(lit.Value, "0_") == ""
}

func isKeyPath(path string) bool {
	return strings.HasSuffix(path, ".key()") || strings.HasSuffix(path, ".key")
}

// writesInitialState reports handler code that sets the account's state
// rather than adding to it: a plain assignment to one of its fields, a
// set_inner, or one of its methods whose name says it initializes.
func writesInitialState(body ast.Node, field string) bool {
	names := accountNames(lets(body), field)
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignExpr:
			// tally.visits = tally.visits.checked_add(1)? updates, not sets.
			if lhs := model.ExprPath(x.X); x.Op == token.EQ && storedField(lhs, names) && !containsPath(x.Y, lhs) {
				found = true
			}
		case *ast.MethodCallExpr:
			name := x.Name.Name
			if name == "set_inner" || strings.Contains(name, "init") {
				recv := model.ExprPath(x.Recv)
				for _, m := range []string{".load_mut()", ".load_init()"} {
					recv = strings.TrimSuffix(recv, m)
				}
				for _, nm := range names {
					if recv == nm || recv == "self."+nm || strings.HasSuffix(recv, ".accounts."+nm) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// containsPath reports an expression in n rendered as path.
func containsPath(n ast.Node, path string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if x, ok := m.(ast.Expr); ok && model.ExprPath(x) == path {
			found = true
		}
		return !found
	})
	return found
}

// reinitByDesign reports an init_if_needed account that every instruction of its struct
// either looks at before writing (a stored field tested in a condition or matched on, in the
// handler or a helper), or lets only a bound party rewrite: a signer matched with stored data
// (an administrator, an owner), or one whose key seeds the account (its own).
func (p *Pass) reinitByDesign(as *model.AccountsStruct, field string) bool {
	n := 0
	for _, in := range p.Model.Instructions {
		if in.Struct != as {
			continue
		}
		n++
		a := in.Account(field)
		if a == nil {
			return false
		}
		looks := false
		for _, fr := range a.FieldReads {
			if fr.InCond && !fr.Constraint {
				looks = true
			}
		}
		if !looks && !boundParty(in, a) {
			return false
		}
	}
	return n > 0
}

// boundParty reports an instruction a bound party runs on acc: a signer matched with stored
// data, or a signer whose key seeds acc's address.
func boundParty(in *validation.Instruction, acc *validation.Account) bool {
	for _, s := range in.Accounts {
		if !s.IsSigner() {
			continue
		}
		for _, r := range s.KeyRelations {
			if o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, s.Name) }); ok && r.Equal && o.Kind == validation.Field {
				return true
			}
		}
		for _, r := range acc.KeyRelations {
			if o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, acc.Name) }); ok && r.Equal && o.Kind == validation.Derived &&
				seedsHold(o.Seeds, func(v *validation.Value) bool { return v.Is(validation.Key, s.Name) }) {
				return true
			}
		}
	}
	return false
}
