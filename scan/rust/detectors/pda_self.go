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
