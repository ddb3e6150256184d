package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// DivisionBeforeMultiplication reports a product whose left operand is a
// quotient: integer division truncates first and loses precision.
var DivisionBeforeMultiplication = analyzer(detect.Template{
	ID:         "SOLANA_DIVISION_BEFORE_MULTIPLICATION",
	Name:       "Division before multiplication",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> divides before it multiplies; the integer division " +
		"truncates, and the multiplication scales the rounding error (often to zero).</p>",
	Remediation: "<p>Multiply first and divide last, widening to <code>u128</code> when the product can " +
		"overflow: <code>(a as u128 * c as u128 / b as u128) as u64</code>.</p>",
	DescriptionKeys: []string{"function_name"},
	DetectionLogic:  "a / b * c (also with parentheses), x.checked_div(b)...checked_mul(c) chains, and checked_div(..).and_then(|v| v.checked_mul(..)), in all non-test functions.",
	CWE:             []string{"CWE-1339"},
	Class:           "arithmetic",
},
	func(p *Pass) {
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.BinaryExpr:
					if (x.Op == token.STAR) && isDivision(x.X) {
						p.ReportRange(x.OpPos, x.End(), fn, nil)
					}
				case *ast.AssignExpr:
					if x.Op == token.STAR_EQ && isDivision(x.X) {
						p.ReportRange(x.OpPos, x.End(), fn, nil)
					}
				case *ast.MethodCallExpr:
					switch {
					case x.Name.Name == "checked_mul" && afterDiv(x.Recv):
						p.ReportRange(x.Name.Pos(), x.End(), fn, nil)
					case x.Name.Name == "and_then" && afterDiv(x.Recv) && len(x.Args) == 1 && callsMethod(x.Args[0], "checked_mul"):
						p.ReportRange(x.Name.Pos(), x.End(), fn, nil)
					}
				}
				return true
			})
		}
	})

func isDivision(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		return x.Op == token.SLASH
	case *ast.ParenExpr:
		return isDivision(x.X)
	case *ast.CastExpr:
		return isDivision(x.X)
	}
	return false
}

// afterDiv reports a receiver chain ending in checked_div, possibly
// followed by unwrap, expect, ? or ok_or.
func afterDiv(x ast.Expr) bool {
	for {
		switch y := x.(type) {
		case *ast.MethodCallExpr:
			switch y.Name.Name {
			case "checked_div", "saturating_div", "div", "wrapping_div":
				return true
			case "unwrap", "expect", "ok_or", "ok_or_else", "unwrap_or", "unwrap_or_default":
				x = y.Recv
				continue
			}
			return false
		case *ast.TryExpr:
			x = y.X
		case *ast.ParenExpr:
			x = y.X
		default:
			return false
		}
	}
}

func callsMethod(n ast.Node, name string) bool {
	for _, c := range model.Calls(n) {
		if c.Method == name {
			return true
		}
	}
	return false
}
