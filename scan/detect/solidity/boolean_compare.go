package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// BooleanConstantComparison reports booleans misused in comparisons and conditions: a
// comparison with true or false (x == true), a boolean constant that decides a logical
// operation (require(isOwner || true) passes for everyone, x && false never holds), a
// condition that is a constant, and an ordering comparison of booleans (a < b). The last three
// are not style: a guard written with one of them checks nothing, or a branch never runs.
var BooleanConstantComparison = &detect.Analyzer{
	Template: detect.Template{
		ID:         "BOOLEAN_CONSTANT_COMPARISON",
		Name:       "Boolean constant or comparison misused",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> ` +
			`${problem}.</p>`,
		Remediation: `<p>Use the boolean directly: <code>x</code> instead of <code>x == true</code>, <code>!x</code> instead ` +
			`of <code>x == false</code>. Remove constants from logical operations and conditions, and write the check ` +
			`that was meant (a leftover <code>|| true</code> disables the guard it sits in).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "problem"},
		DetectionLogic: "In function and modifier bodies: == or != with the literal true or false on either side " +
			"(informational); && or || with a literal operand (medium when the operation is always true or always false " +
			"inside a require, assert, if, loop or ternary condition, low elsewhere, informational when the literal is " +
			"merely redundant); an if or require whose whole condition is a literal (informational; require(false) and " +
			"assert(false), deliberate failures, and while (true) are not reported); <, <=, > or >= between two booleans (low).",
		Version:   "1.1.0",
		SWC:       []string{},
		CWE:       []string{"CWE-398", "CWE-570", "CWE-571"},
		Languages: []string{"solidity"},
		Slither:   "boolean-equal",
		Class:     "style",
	},
	Run: runBooleanConstantComparison,
}

func runBooleanConstantComparison(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		// The expressions inside a condition: a constant there decides a branch or a guard.
		inCond := conditionNodes(p, fn)
		report := func(n ast.Node, problem string, sev detect.Severity) {
			reportAt(pass, n, fn, map[string]string{"expression": sourceText(p, n), "problem": problem}, sev, "")
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BinaryExpr:
				checkBooleanBinary(info, x, inCond[x], report)
			case *ast.IfStmt:
				if lit, ok := boolLit(x.Cond); ok {
					report(x.Cond, "is the whole condition of an if statement: the branch "+map[bool]string{
						true: "always runs", false: "never runs"}[lit], detect.Informational)
				}
			case *ast.CallExpr:
				if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "require" && len(x.Args) > 0 {
					if lit, ok := boolLit(x.Args[0]); ok && lit {
						report(x.Args[0], "is the whole condition of a require: it checks nothing", detect.Informational)
					}
				}
			}
			return true
		})
	}
}

// checkBooleanBinary judges one binary expression.
func checkBooleanBinary(info *sema.FuncInfo, b *ast.BinaryExpr, inCond bool, report func(ast.Node, string, detect.Severity)) {
	switch b.Op {
	case token.EQL, token.NEQ:
		if hygIsBoolLit(b.X) || hygIsBoolLit(b.Y) {
			report(b, "compares with a boolean constant", detect.Informational)
		}
	case token.LAND, token.LOR:
		lit, ok := boolLit(b.X)
		if !ok {
			lit, ok = boolLit(b.Y)
		}
		if !ok {
			return
		}
		// x || true is always true and x && false always false: the other operand is never
		// decisive. x && true and x || false are merely redundant.
		decided := (b.Op == token.LOR && lit) || (b.Op == token.LAND && !lit)
		if !decided {
			report(b, "has a boolean constant that changes nothing", detect.Informational)
			return
		}
		outcome := "always true"
		if !lit {
			outcome = "always false"
		}
		if inCond {
			report(b, "is "+outcome+" because of its boolean constant, so the condition it sits in checks nothing", detect.Medium)
		} else {
			report(b, "is "+outcome+" because of its boolean constant", detect.Low)
		}
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if isBoolTyped(info, b.X) && isBoolTyped(info, b.Y) {
			report(b, "orders two booleans, which have no order (the compiler rejects it; the comparison meant is unclear)", detect.Low)
		}
	}
}

func hygIsBoolLit(x ast.Expr) bool {
	_, ok := boolLit(x)
	return ok
}

// boolLit returns the value of a true or false literal.
func boolLit(x ast.Expr) (value, ok bool) {
	l, isLit := ast.Unparen(x).(*ast.BasicLit)
	if !isLit || (l.Kind != token.TRUE && l.Kind != token.FALSE) {
		return false, false
	}
	return l.Kind == token.TRUE, true
}

// isBoolTyped reports whether x is a boolean: typed bool, a literal, a comparison or a logical
// operation.
func isBoolTyped(info *sema.FuncInfo, x ast.Expr) bool {
	x = ast.Unparen(x)
	if e, ok := info.Types[x].(*sema.Elementary); ok && e.Name == "bool" {
		return true
	}
	switch e := x.(type) {
	case *ast.BasicLit:
		return e.Kind == token.TRUE || e.Kind == token.FALSE
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
			return true
		}
	case *ast.UnaryExpr:
		return e.Op == token.NOT
	}
	return false
}
