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
	DetectionLogic:  "a / b * c (also with parentheses), x.checked_div(b)...checked_mul(c) chains, and checked_div(..).and_then(|v| v.checked_mul(..)), in all non-test functions; not a / b * b, which rounds a down to a multiple of b on purpose.",
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
					if (x.Op == token.STAR) && isDivision(x.X) && !p.roundsToMultiple(divisor(x.X), x.Y) {
						p.ReportRange(x.OpPos, x.End(), fn, nil)
					}
				case *ast.AssignExpr:
					if x.Op == token.STAR_EQ && isDivision(x.X) {
						p.ReportRange(x.OpPos, x.End(), fn, nil)
					}
				case *ast.MethodCallExpr:
					switch {
					case x.Name.Name == "checked_mul" && afterDiv(x.Recv) && !(len(x.Args) == 1 && p.roundsToMultiple(divisor(x.Recv), x.Args[0])):
						p.ReportRange(x.Name.Pos(), x.End(), fn, nil)
					case x.Name.Name == "and_then" && afterDiv(x.Recv) && len(x.Args) == 1 && callsMethod(x.Args[0], "checked_mul") &&
						!p.mulRoundsToMultiple(divisor(x.Recv), x.Args[0]):
						p.ReportRange(x.Name.Pos(), x.End(), fn, nil)
					}
				}
				return true
			})
		}
	})

// roundsToMultiple reports x / b * b: the truncation is the point, rounding x down to a
// multiple of b (a window's start, a tick spacing), not a loss of precision.
func (p *Pass) roundsToMultiple(div, mul ast.Expr) bool {
	return div != nil && mul != nil && p.Program.Source(unparen(div)) == p.Program.Source(unparen(mul))
}

// mulRoundsToMultiple reports a closure whose checked_mul multiplies by the divisor d
// (checked_div(w).and_then(|n| n.checked_mul(w))).
func (p *Pass) mulRoundsToMultiple(d ast.Expr, closure ast.Node) bool {
	for _, c := range model.Calls(closure) {
		if c.Method == "checked_mul" && len(c.Args) == 1 && !p.roundsToMultiple(d, c.Args[0]) {
			return false
		}
	}
	return d != nil
}

// divisor returns b of a / b, or of a chain ending in checked_div(b), or nil.
func divisor(x ast.Expr) ast.Expr {
	for {
		switch y := x.(type) {
		case *ast.BinaryExpr:
			if y.Op == token.SLASH {
				return y.Y
			}
			return nil
		case *ast.ParenExpr:
			x = y.X
		case *ast.CastExpr:
			x = y.X
		case *ast.TryExpr:
			x = y.X
		case *ast.MethodCallExpr:
			switch y.Name.Name {
			case "checked_div", "saturating_div", "div", "wrapping_div":
				if len(y.Args) == 1 {
					return y.Args[0]
				}
				return nil
			case "unwrap", "expect", "ok_or", "ok_or_else", "unwrap_or", "unwrap_or_default":
				x = y.Recv
				continue
			}
			return nil
		default:
			return nil
		}
	}
}

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
