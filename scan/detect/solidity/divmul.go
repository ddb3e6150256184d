package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DivideBeforeMultiply reports a multiplication of the result of an integer division:
// (a / b) * c truncates first and multiplies the rounding error by c, while (a * c) / b keeps
// the precision. Fees, rewards and prices computed this way round to zero or lose whole units.
var DivideBeforeMultiply = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DIVIDE_BEFORE_MULTIPLY",
		Name:       "Division before multiplication",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> multiplies the ` +
			`result of an integer division. Solidity truncates the division first, and the multiplication scales the rounding ` +
			`error: small amounts round to zero, larger ones lose precision.</p>`,
		Remediation:     `<p>Multiply before dividing (<code>a * c / b</code>), or use a full-precision mulDiv.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression"},
		DetectionLogic:  "A * whose operand is a / (directly or through a local assigned a division in the same function), not all constants, nor a rounding to a multiple (a divisor and multiplier the value ranges fix to one number); medium when the result is stored in state.",
		Version:         "1.1.0",
		SWC:             []string{},
		CWE:             []string{"CWE-682"},
		Languages:       []string{"solidity"},
		Slither:         "divide-before-multiply",
		Class:           "precision",
	},
	Run: runDivideBeforeMultiply,
}

func runDivideBeforeMultiply(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		// Locals whose every assignment is a division.
		divLocals := map[*sema.Var]bool{}
		otherwise := map[*sema.Var]bool{}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if len(s.Vars) == 1 && s.Vars[0] != nil && isDivision(info, s.Value) {
					for _, v := range fn.Locals {
						if v.Decl == s.Vars[0] {
							divLocals[v] = true
						}
					}
				}
			case *ast.AssignExpr:
				if id, ok := s.Lhs.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar {
						if s.Op == token.ASSIGN && isDivision(info, s.Rhs) {
							divLocals[v] = true
						} else if s.Op != token.QUO_ASSIGN {
							otherwise[v] = true
						}
					}
				}
			}
			return true
		})
		for v := range otherwise {
			delete(divLocals, v)
		}
		ancestors(fn, func(n ast.Node, stack []ast.Node) {
			var x, y ast.Expr
			switch e := n.(type) {
			case *ast.BinaryExpr:
				if e.Op != token.MUL {
					return
				}
				x, y = e.X, e.Y
			case *ast.AssignExpr:
				if e.Op != token.MUL_ASSIGN {
					return
				}
				x, y = e.Lhs, e.Rhs
			default:
				return
			}
			if isConstExpr(info, x) && isConstExpr(info, y) {
				return
			}
			if !dividedOperand(info, x, divLocals) && !dividedOperand(info, y, divLocals) {
				return
			}
			// (a / k) * k rounds a down to a multiple of k on purpose.
			if roundsToMultiple(p, x, y) || roundsToMultiple(p, y, x) ||
				sameConstant(p, info, x, y) || sameConstant(p, info, y, x) {
				return
			}
			sev := detect.Low
			if writesStateAt(p, info, n, stack) && !inTestCode(fn) {
				sev = detect.Medium
			}
			reportAt(pass, n, fn, map[string]string{"expression": sourceText(p, n)}, sev, "")
		})
	}
}

// isDivision reports whether x is a / b whose operands are not both constants.
func isDivision(info *sema.FuncInfo, x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	return ok && b.Op == token.QUO && !(isConstExpr(info, b.X) && isConstExpr(info, b.Y))
}

func dividedOperand(info *sema.FuncInfo, x ast.Expr, divLocals map[*sema.Var]bool) bool {
	if isDivision(info, x) {
		return true
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok && divLocals[v] {
			return true
		}
	}
	return false
}

// writesStateAt reports whether expression n is (part of) the value assigned to state.
func writesStateAt(p *sema.Program, info *sema.FuncInfo, n ast.Node, stack []ast.Node) bool {
	if a, ok := n.(*ast.AssignExpr); ok {
		return p.StateVarOf(info, a.Lhs) != nil
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch a := stack[i].(type) {
		case *ast.AssignExpr:
			return p.StateVarOf(info, a.Lhs) != nil
		case ast.Stmt:
			return false
		}
	}
	return false
}

// roundsToMultiple reports whether div is a / k and mul is k.
func roundsToMultiple(p *sema.Program, div, mul ast.Expr) bool {
	b, ok := ast.Unparen(div).(*ast.BinaryExpr)
	return ok && b.Op == token.QUO && normText(p, b.Y) == normText(p, mul)
}

// sameConstant reports whether div is a / k and the value ranges fix k and mul to one and the
// same number: (a / WAD) * 1e18 rounds to a multiple as (a / k) * k does, written with two
// names (or a constant and a literal) for the same value.
func sameConstant(p *sema.Program, info *sema.FuncInfo, div, mul ast.Expr) bool {
	b, ok := ast.Unparen(div).(*ast.BinaryExpr)
	if !ok || b.Op != token.QUO || info.CFG == nil {
		return false
	}
	n := info.CFG.NodeHolding(b)
	k, okK := p.RangeByGuards(info, n, b.Y)
	m, okM := p.RangeByGuards(info, n, mul)
	kc, fixedK := k.Const()
	mc, fixedM := m.Const()
	return okK && okM && fixedK && fixedM && kc.Sign() != 0 && kc.Cmp(mc) == 0
}
