package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Loop conditions a type decides, whose loop ends all the same. `for (uint8 i = 0; i < 256;
// i++)` never fails its condition, but under checked arithmetic (Solidity 0.8) the step's
// overflow reverts at 255 instead of looping forever; `i >= 0 && i <= start` ends by its other
// operand. The comparison is dead code, not an endless loop: informational.

// loopEndsElsewhere returns the comparisons of fn's loop conditions that are always true by
// their operand's type while the loop still ends: another operand of && in the condition is
// not so decided, or the compared variable is stepped with checked arithmetic in a 0.8 file.
func loopEndsElsewhere(p *sema.Program, info *sema.FuncInfo) map[*ast.BinaryExpr]bool {
	out := map[*ast.BinaryExpr]bool{}
	fn := info.Fn
	checked := fn.File != nil && fn.File.Version.CheckedArithmetic()
	visitKinds(fn.BodyTree(), loopStmtKinds, func(n ast.Node) bool {
		var cond ast.Expr
		var loop ast.Node = n
		switch l := n.(type) {
		case *ast.ForStmt:
			cond = l.Cond
		case *ast.WhileStmt:
			cond = l.Cond
		}
		if cond == nil {
			return true
		}
		conjuncts := splitAnd(cond)
		for _, c := range conjuncts {
			b, ok := ast.Unparen(c).(*ast.BinaryExpr)
			if !ok || !isRelational(b.Op) {
				continue
			}
			if outcome, _, decided := decidedByType(info, b); !decided || outcome != "true" {
				continue
			}
			if len(conjuncts) > 1 && anyUndecided(info, conjuncts) || checked && steppedChecked(p, info, loop, b) {
				out[b] = true
			}
		}
		return true
	})
	return out
}

// splitAnd returns the operands of a chain of &&.
func splitAnd(x ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(splitAnd(b.X), splitAnd(b.Y)...)
	}
	return []ast.Expr{x}
}

// anyUndecided reports whether some operand is not a comparison its type decides.
func anyUndecided(info *sema.FuncInfo, xs []ast.Expr) bool {
	for _, x := range xs {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || !isRelational(b.Op) {
			return true
		}
		if _, _, decided := decidedByType(info, b); !decided {
			return true
		}
	}
	return false
}

// steppedChecked reports whether the loop steps the variable compared in b (++, --, += or -=
// outside unchecked blocks): its overflow reverts before the condition could wrap.
func steppedChecked(p *sema.Program, info *sema.FuncInfo, loop ast.Node, b *ast.BinaryExpr) bool {
	if inUnchecked(info.Fn, loop.Pos()) {
		return false
	}
	v := normText(p, b.X)
	if litValue(b.X) != nil {
		v = normText(p, b.Y)
	}
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.BlockStmt:
			return !s.Unchecked && !found
		case *ast.UnaryExpr:
			if (s.Op == token.INC || s.Op == token.DEC) && normText(p, s.X) == v {
				found = true
			}
		case *ast.AssignExpr:
			if (s.Op == token.ADD_ASSIGN || s.Op == token.SUB_ASSIGN) && normText(p, s.Lhs) == v {
				found = true
			}
		}
		return !found
	})
	return found
}
