package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Slippage enforced on the result. A router call with a minimum output of 0 is protected all
// the same when the code checks what the trade yielded and refuses the call below a bound
// (`out = router.swap(..., 0, ...); if (out < minOut) revert();`), and the bound is its
// caller's to enforce when the function hands the yield back to code that called it (an
// adapter returning the amount bought to the aggregator that checks the order's minimum).

// How the yield of a swap is bounded after the call.
const (
	yieldFree     = iota // nothing bounds it here
	yieldReturned        // handed to internal callers that do not all check it
	yieldChecked         // compared in a check that refuses the call, here or by every internal caller
)

// swapYield tells how the yield of swap call c in fn is bounded.
func swapYield(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, c *sema.Call) int {
	outs, inReturn := swapOutputs(info, c.Expr)
	if refusedBelow(p, info, outs) {
		return yieldChecked
	}
	if !inReturn && !returnsAny(info, outs) {
		return yieldFree
	}
	// The yield goes back to the caller. Code calling fn may check it; an outside caller of an
	// entry point nobody in the code calls gets a number it cannot act on in the same
	// transaction (an account is not a contract).
	sites := internalCallers(p)[fn]
	if len(sites) == 0 {
		return yieldFree
	}
	for _, s := range sites {
		ci := p.Info(s.caller)
		if ci == nil {
			return yieldReturned
		}
		if outs, _ := swapOutputs(ci, s.call.Expr); !refusedBelow(p, ci, outs) {
			return yieldReturned
		}
	}
	return yieldChecked
}

// swapOutputs returns the locals and named returns holding what call yields: those assigned its
// result and the ones computed from them, and those assigned, after it, a value read from a
// balance (the balance before and after pattern). inReturn is set when the call is part of a
// returned expression.
func swapOutputs(info *sema.FuncInfo, call *ast.CallExpr) (outs map[*sema.Var]bool, inReturn bool) {
	outs = map[*sema.Var]bool{}
	holds := func(x ast.Expr) bool {
		if x == nil {
			return false
		}
		if x.Pos() <= call.Pos() && call.End() <= x.End() {
			return true
		}
		return x.Pos() >= call.End() && containsBalance(x)
	}
	add := func(v *sema.Var) {
		if v != nil && (v.Kind == sema.LocalVar || v.Kind == sema.ReturnVar) {
			outs[v] = true
		}
	}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if holds(s.Value) {
				for _, d := range s.Vars {
					if d != nil {
						add(varOfDecl(info, d))
					}
				}
			}
		case *ast.AssignExpr:
			if holds(s.Rhs) {
				if t, ok := ast.Unparen(s.Lhs).(*ast.TupleExpr); ok {
					for _, e := range t.Elems {
						if e != nil {
							add(info.RootVar(e))
						}
					}
				} else {
					add(info.RootVar(s.Lhs))
				}
			}
		case *ast.ReturnStmt:
			if s.Result != nil && s.Result.Pos() <= call.Pos() && call.End() <= s.Result.End() {
				inReturn = true
			}
		}
		return true
	})
	for v := range outs {
		if v.Kind == sema.LocalVar {
			for d := range derivedLocals(info, v) {
				outs[d] = true
			}
		}
	}
	// Named returns assigned from the yield (bought = amounts[amounts.length - 1]).
	for n := range info.Fn.BodyTree().Preorder(assignKinds) {
		a := n.(*ast.AssignExpr)
		if root := info.RootVar(a.Lhs); root != nil && root.Kind == sema.ReturnVar && mentionsVars(info, a.Rhs, outs) {
			outs[root] = true
		}
	}
	return outs, inReturn
}

// refusedBelow reports whether a variable of outs is compared in a condition that refuses the
// call (a require or assert, or an if whose branch reverts) with a bound that is not a spot
// quote read in the same transaction.
func refusedBelow(p *sema.Program, info *sema.FuncInfo, outs map[*sema.Var]bool) bool {
	if len(outs) == 0 {
		return false
	}
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		var cond ast.Expr
		switch s := n.(type) {
		case *ast.CallExpr:
			if isRequire(s) {
				cond = s.Args[0]
			}
		case *ast.IfStmt:
			if p.ThenReverts(info, s.Then) {
				cond = s.Cond
			}
		}
		if cond != nil {
			for _, cmp := range comparisonsIn(cond) {
				if cmp.Op == token.EQL || cmp.Op == token.NEQ {
					continue
				}
				switch {
				case mentionsVars(info, cmp.X, outs) && !spotQuoted(info, cmp.Y),
					mentionsVars(info, cmp.Y, outs) && !spotQuoted(info, cmp.X):
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// returnsAny reports whether a variable of outs is a named return or is returned.
func returnsAny(info *sema.FuncInfo, outs map[*sema.Var]bool) bool {
	for v := range outs {
		if v.Kind == sema.ReturnVar {
			return true
		}
	}
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil && mentionsVars(info, r.Result, outs) {
			found = true
		}
		return !found
	})
	return found
}
