package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// assetMovingCPIs are the account structs of system and token instructions
// that move or hand over what the signing authority holds.
var assetMovingCPIs = map[string]bool{
	"Transfer": true, "TransferChecked": true, "Burn": true, "BurnChecked": true,
	"CloseAccount": true, "Approve": true, "ApproveChecked": true, "SetAuthority": true,
	"MintTo": true, "MintToChecked": true, "Withdraw": true,
}

// signsForItself reports a signed Anchor CPI in which the signing PDA is
// one of the handler's accounts and is passed both as the authority and as
// the account operated on (price_update_account: feed, write_authority:
// feed). The PDA then authorises changes to its own data only, so sharing
// it gives no user power over another's assets. CPIs that move holdings
// (token or system transfers, burns, closes, approvals) keep the report:
// there a vault that is its own authority still pays a caller's
// destination.
func signsForItself(p *Pass, u unit, c *model.Call, seeds *ast.ArrayExpr, env map[string]ast.Expr) bool {
	if u.Accounts == nil || c.Kind != model.CallCpiContextNewWithSigner || len(c.Args) < 3 {
		return false
	}
	lit := structLiteral(c.Args[1], env)
	if lit == nil || assetMovingCPIs[lastSegment(lit.Path.String())] {
		return false
	}
	roles := map[string]int{}
	for _, f := range lit.Fields {
		v := f.Value
		if v == nil {
			v = env[f.Name.Name]
		}
		for _, acc := range accountsIn(v, u, env) {
			roles[acc]++
		}
	}
	for _, f := range u.Accounts.Fields {
		if roles[f.Name] >= 2 && f.Constraints.SeedsSet && signerIs(p, f, seeds) {
			return true
		}
	}
	return false
}

// signerIs reports signer seeds that derive field f: they use f's bump
// (ctx.bumps.f) or repeat f's seeds constraint with a bump appended.
func signerIs(p *Pass, f *model.AccountField, seeds *ast.ArrayExpr) bool {
	src := p.Program.Source(seeds)
	if strings.Contains(src, "bumps."+f.Name) || strings.Contains(src, `bumps.get("`+f.Name+`")`) {
		return true
	}
	if len(seeds.Elems) != len(f.Constraints.Seeds)+1 {
		return false
	}
	for i, s := range f.Constraints.Seeds {
		if strings.TrimPrefix(p.Program.Source(s), "&") != strings.TrimPrefix(p.Program.Source(seeds.Elems[i]), "&") {
			return false
		}
	}
	return true
}

// structLiteral follows locals and references to a struct literal.
func structLiteral(x ast.Expr, env map[string]ast.Expr) *ast.StructExpr {
	for depth := 0; depth < 6 && x != nil; depth++ {
		switch e := ast.Unref(x).(type) {
		case *ast.StructExpr:
			return e
		case *ast.PathExpr:
			if len(e.Path.Segments) != 1 {
				return nil
			}
			x = env[e.Path.String()]
		default:
			return nil
		}
	}
	return nil
}

func lastSegment(path string) string {
	if i := strings.LastIndex(path, "::"); i >= 0 {
		return path[i+2:]
	}
	return path
}

// singletonFixedDestinations reports a signed Anchor CPI by a
// protocol-wide PDA (seeds of constants only: one such PDA exists, so no
// user shares it with another) whose every other account is fixed rather
// than chosen by the caller: derived (seeds, address =), a program, or an
// account whose key the handler or a function run on its accounts
// (access_control, a helper) requires equal to a value, as a payout
// recipient decided by verified governance data is.
func singletonFixedDestinations(p *Pass, u unit, c *model.Call, seeds *ast.ArrayExpr, env map[string]ast.Expr) bool {
	if u.Accounts == nil || c.Kind != model.CallCpiContextNewWithSigner || len(c.Args) < 3 {
		return false
	}
	for _, e := range seeds.Elems[:len(seeds.Elems)-1] {
		if !constantSeed(e) {
			return false
		}
	}
	lit := structLiteral(c.Args[1], env)
	if lit == nil {
		return false
	}
	v := p.validation(u.Accounts)
	equal := keysRequiredEqual(p, u)
	for _, f := range lit.Fields {
		x := f.Value
		if x == nil {
			x = env[f.Name.Name]
		}
		for _, acc := range accountsIn(x, u, env) {
			fa := v.Facts[acc]
			if fa == nil {
				return false
			}
			c := fa.Field.Constraints
			if !(c.SeedsSet || c.Address != nil || fa.Field.Type.Kind == model.KindProgram || equal[acc]) {
				return false
			}
		}
	}
	return true
}

// constantSeed reports a seed that is a literal or a constant
// (b"vault", FEE_SEED, Config::SEED_PREFIX), through references.
func constantSeed(e ast.Expr) bool {
	switch x := ast.Unref(e).(type) {
	case *ast.LitExpr:
		return true
	case *ast.PathExpr:
		name := lastSegment(x.Path.String())
		return name != "" && strings.ToUpper(name) == name
	case *ast.MethodCallExpr:
		// SEED.as_ref(), SEED.as_bytes()
		return (x.Name.Name == "as_ref" || x.Name.Name == "as_bytes") && len(x.Args) == 0 && constantSeed(x.Recv)
	}
	return false
}

// keysRequiredEqual lists the accounts whose key the handler, a function
// it calls or its #[access_control] checks require equal to a value
// (require_keys_eq!, == in a require).
func keysRequiredEqual(p *Pass, h unit) map[string]bool {
	runs := map[string]bool{}
	for _, c := range model.Calls(h.Func.Decl.Body) {
		runs[c.Name()] = true
	}
	// The attribute holds tokens, not parsed calls: read its text.
	access := ""
	if a := model.FindAttr(h.Func.Decl.Attrs, "access_control"); a != nil {
		access = p.Program.Source(a)
	}
	out := map[string]bool{}
	for _, u := range p.units() {
		name := u.Func.Decl.Name.Name
		if u.Accounts != h.Accounts || u.Func != h.Func && !runs[name] && !strings.Contains(access, name+"(") {
			continue
		}
		for _, cmp := range model.Comparisons(u.Func.Decl.Body) {
			if !cmp.Equal {
				continue
			}
			for _, f := range h.Accounts.Fields {
				for _, side := range []string{cmp.XPath, cmp.YPath} {
					if mentions(side, f.Name) && (strings.HasSuffix(side, ".key()") || strings.HasSuffix(side, ".key")) {
						out[f.Name] = true
					}
				}
			}
		}
	}
	return out
}
