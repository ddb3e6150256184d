package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// SelfComparison reports an expression compared with itself: x == x, a.b >= a.b,
// msg.sender == msg.sender, eq(x, x) in assembly. The result never depends on the value (==,
// <=, >= always hold; !=, <, > never do), so a guard written this way checks nothing: the
// comparison meant had another operand (owner == msg.sender, newValue != oldValue).
var SelfComparison = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SELF_COMPARISON",
		Name:       "Expression compared with itself",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> ` +
			`compares an expression with itself, so it is always ${outcome}. ${consequence}</p>`,
		Remediation: `<p>Compare with the value that was meant (the other operand is usually a state variable, a ` +
			`parameter or <code>msg.sender</code>), or remove the comparison.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "outcome", "consequence"},
		DetectionLogic: "A ==, !=, <, <=, > or >= (or Yul eq, lt, gt, slt, sgt) whose two operands have the same source " +
			"text once blanks and parentheses are removed, and whose operands cannot change between the two evaluations " +
			"(no call other than a type conversion, no assignment, ++ or --). Medium inside a require, assert, if, loop or " +
			"ternary condition (or a Yul if or switch), low elsewhere.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-123"},
		CWE:       []string{"CWE-570", "CWE-571"},
		Languages: []string{"solidity"},
		Slither:   "tautological-compare",
		Class:     "logic",
	},
	Run: runSelfComparison,
}

func runSelfComparison(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		inCond := conditionNodes(p, fn)
		report := func(n ast.Node, op string, cond bool) {
			outcome := "true"
			switch op {
			case "!=", "<", ">", "lt", "gt", "slt", "sgt":
				outcome = "false"
			}
			consequence := "The value it was meant to check is not checked."
			sev := detect.Low
			if cond {
				consequence = "The condition it sits in does not depend on it: the check it was meant to make is not made."
				sev = detect.Medium
			}
			reportAt(pass, n, fn, map[string]string{"expression": sourceText(p, n), "outcome": outcome,
				"consequence": consequence}, sev, "")
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BinaryExpr:
				if isRelational(x.Op) && stableOperand(info, x.X) && normText(p, x.X) == normText(p, x.Y) && normText(p, x.X) != "" {
					report(x, x.Op.String(), inCond[x])
				}
			case *ast.AssemblyStmt:
				yulSelfComparisons(p, x.Body, report)
			}
			return true
		})
	}
}

// stableOperand reports whether evaluating x twice gives the same value: no call other than a
// type conversion (a call may read gasleft, a counter or a fresh random), no assignment, ++ or --.
func stableOperand(info *sema.FuncInfo, x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if c := info.CallOf[e]; c == nil || c.Kind != sema.CallConversion {
				ok = false
			}
		case *ast.AssignExpr:
			ok = false
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// yulSelfComparisons reports Yul comparisons of a name or literal with itself; those in the
// condition of an if or the value of a switch decide a branch.
func yulSelfComparisons(p *sema.Program, body *ast.YulBlock, report func(ast.Node, string, bool)) {
	conds := map[ast.Node]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.YulIf:
			markYulCalls(s.Cond, conds)
		case *ast.YulSwitch:
			markYulCalls(s.X, conds)
		case *ast.YulFor:
			markYulCalls(s.Cond, conds)
		case *ast.YulCall:
			switch s.Name.Name {
			case "eq", "lt", "gt", "slt", "sgt":
				if len(s.Args) == 2 && yulLeaf(s.Args[0]) && yulLeaf(s.Args[1]) &&
					sourceText(p, s.Args[0]) == sourceText(p, s.Args[1]) {
					report(s, s.Name.Name, conds[s])
				}
			}
		}
		return true
	})
}

// markYulCalls marks the calls inside a Yul condition.
func markYulCalls(x ast.Node, set map[ast.Node]bool) {
	if x == nil {
		return
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok {
			set[c] = true
		}
		return true
	})
}

// yulLeaf reports whether x is a Yul name or literal (a call could differ between evaluations).
func yulLeaf(x ast.YulExpr) bool {
	switch x.(type) {
	case *ast.YulIdent, *ast.YulLit:
		return true
	}
	return false
}
