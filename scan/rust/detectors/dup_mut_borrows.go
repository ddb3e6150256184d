package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// overlappingBorrows records, per Accounts struct, the pairs of zero-copy
// (AccountLoader) fields whose data handler code borrows mutably at the
// same time. AccountLoader keeps the account's bytes behind a RefCell: a
// second load_mut/load_init of the same account while the first guard is
// alive fails with AccountBorrowFailed, so a caller who passes one account
// for both makes the instruction abort instead of corrupting state.
//
// Two borrows overlap when both guards are moved into one aggregate (a
// struct literal, tuple, array or call: Orderbook { bids: b.load_mut()?,
// asks: a.load_mut()? }), or when a guard is bound by let and the other
// account is borrowed later in the same block with the guard not dropped.
func overlappingBorrows(us []unit) map[*model.AccountsStruct]map[string]bool {
	return perStruct(us, func(u unit, set map[string]bool) {
		env := u.Func.Lets()
		account := func(x ast.Expr) string {
			call := mutBorrow(x)
			if call == nil {
				return ""
			}
			if accs := accountsIn(call.Recv, u, env); len(accs) == 1 {
				return accs[0]
			}
			return ""
		}
		pairs := func(accs []string) {
			for i, a := range accs {
				for _, b := range accs[:i] {
					if a != "" && b != "" && a != b {
						set[pairKey(a, b)] = true
					}
				}
			}
		}
		ast.Inspect(u.Func.Decl.Body, func(n ast.Node) bool {
			var accs []string
			switch x := n.(type) {
			case *ast.StructExpr:
				for _, f := range x.Fields {
					accs = append(accs, account(f.Value))
				}
			case *ast.TupleExpr:
				for _, e := range x.Elems {
					accs = append(accs, account(e))
				}
			case *ast.CallExpr:
				for _, e := range x.Args {
					accs = append(accs, account(e))
				}
			case *ast.BlockExpr:
				liveGuards(x, account, u, env, set)
				return true
			}
			pairs(accs)
			return true
		})
	})
}

// liveGuards records, for a block, each account whose mutable guard a let
// binds paired with every account borrowed mutably later in the block
// while that guard is still alive (not passed to drop).
func liveGuards(b *ast.BlockExpr, account func(ast.Expr) string, u unit, env map[string]ast.Expr, set map[string]bool) {
	for i, s := range b.Stmts {
		l, ok := s.(*ast.LetStmt)
		if !ok || l.Init == nil {
			continue
		}
		pat, ok := l.Pat.(*ast.IdentPat)
		acc := account(l.Init)
		if !ok || acc == "" {
			continue
		}
		for _, later := range b.Stmts[i+1:] {
			if dropsName(later, pat.Name.Name) {
				break
			}
			ast.Inspect(later, func(n ast.Node) bool {
				if call, ok := n.(*ast.MethodCallExpr); ok && isMutBorrow(call) {
					for _, other := range accountsIn(call.Recv, u, env) {
						if other != acc {
							set[pairKey(acc, other)] = true
						}
					}
				}
				return true
			})
		}
	}
}

// mutBorrow returns the load_mut/load_init call an expression is, through
// ? and parentheses; the guard itself, not a value read through it.
func mutBorrow(x ast.Expr) *ast.MethodCallExpr {
	for {
		switch e := x.(type) {
		case *ast.TryExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.MethodCallExpr:
			if isMutBorrow(e) {
				return e
			}
			return nil
		default:
			return nil
		}
	}
}

func isMutBorrow(c *ast.MethodCallExpr) bool {
	return c.Name.Name == "load_mut" || c.Name.Name == "load_init"
}

// dropsName reports a statement that is drop(name).
func dropsName(s ast.Stmt, name string) bool {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	c, ok := e.X.(*ast.CallExpr)
	return ok && model.ExprPath(c.Fun) == "drop" && len(c.Args) == 1 && model.ExprPath(c.Args[0]) == name
}
