package solidity

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// mayBePostChecked reports whether some condition of the function compares op's result with
// one of its operands: op itself (require(a + b >= a)), the variable it is stored in
// (c = a + b; require(c >= a)), or either divided by something (require(c / a == b)). Only then
// can a test after op revert on the wrap, so only then is the whole function's fixpoint worth
// asking (Ranges.PostChecked decides whether the test really holds only without the wrap);
// this is a filter on cost, not a verdict.
func mayBePostChecked(p *sema.Program, info *sema.FuncInfo, op arithOp) bool {
	result := resultVar(info, op)
	isResult := func(side ast.Expr) bool {
		side = ast.Unparen(side)
		if q, ok := side.(*ast.BinaryExpr); ok && q.Op == token.QUO {
			side = ast.Unparen(q.X)
		}
		return side == op.node || result != nil && info.RootVar(side) == result
	}
	var operands []string
	isOperand := func(side ast.Expr) bool {
		if operands == nil {
			operands = []string{normText(p, op.x)}
			if op.y != nil {
				operands = append(operands, normText(p, op.y))
			}
		}
		return slices.Contains(operands, normText(p, side))
	}
	for _, c := range funcConditions(info) {
		for _, cmp := range comparisonsIn(c.expr) {
			if isResult(cmp.X) && isOperand(cmp.Y) || isResult(cmp.Y) && isOperand(cmp.X) {
				return true
			}
		}
	}
	return false
}

// resultVar returns the variable op's result is stored in: the target of a compound assignment,
// of a plain assignment of op, or the variable a declaration initialises with op (nil if none).
func resultVar(info *sema.FuncInfo, op arithOp) *sema.Var {
	if op.root != nil {
		return op.root
	}
	switch h := op.holder.(type) {
	case *ast.AssignExpr:
		if h.Op == token.ASSIGN && ast.Unparen(h.Rhs) == op.node {
			return info.RootVar(h.Lhs)
		}
	case *ast.VarDeclStmt:
		if len(h.Vars) == 1 && h.Vars[0] != nil && ast.Unparen(h.Value) == op.node {
			for _, v := range info.Fn.Locals {
				if v.Decl == h.Vars[0] {
					return v
				}
			}
		}
	}
	return nil
}
