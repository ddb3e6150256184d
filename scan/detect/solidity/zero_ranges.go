package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Zero-address checks the value ranges prove without a comparison with zero: an address
// compared to be greater than another (require(signer > lastSigner), the sorted-signers form
// whose first bound is address(0)), equal to a non-zero constant, or bounded below by a guard
// in any other form.

// nonZeroByGuards reports whether the guards that dominate x, part of function info's code,
// prove it is not zero (require(a > b), require(a == NONZERO)): a stored parameter is checked
// where it is stored.
func nonZeroByGuards(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	if info.CFG == nil {
		return false
	}
	iv, ok := p.RangeByGuards(info, info.CFG.NodeHolding(x), x)
	return ok && !iv.Empty() && !iv.Contains(0)
}

// nonZeroAt reports whether the ranges prove x, part of function info's code, is not zero
// where it is evaluated: the guards that dominate it first, then the whole function's value
// ranges (a recovered signer checked against the previous one of a loop).
func nonZeroAt(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	if nonZeroByGuards(p, info, x) {
		return true
	}
	r := p.Ranges(info)
	n := r.NodeOf(x)
	if n == nil || !r.Complete() {
		return false
	}
	iv := r.At(n, x)
	return !iv.Empty() && !iv.Contains(0)
}

// recoveredNonZero reports whether every use of ecrecover's result x in fn (a comparison, a
// mapping key) comes where the ranges prove it is not address(0), and there is one.
func recoveredNonZero(p *sema.Program, fn *sema.Function, x *ast.CallExpr) bool {
	info := p.Info(fn)
	holders := holdersOf(info, fn, x)
	uses := 0
	proven := true
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if !proven {
			return false
		}
		var used []ast.Expr
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if e.Op == token.EQL || e.Op == token.NEQ {
				used = []ast.Expr{e.X, e.Y}
			}
		case *ast.IndexExpr:
			if e.Index != nil {
				used = []ast.Expr{e.Index}
			}
		}
		for _, u := range used {
			if refersTo(info, u, x, holders) {
				uses++
				proven = proven && nonZeroAt(p, info, u)
			}
		}
		return true
	})
	return uses > 0 && proven
}
