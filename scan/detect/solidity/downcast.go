package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UnsafeDowncast reports explicit conversions of a caller-influenced integer to a narrower
// integer type (uint128(amount) of a uint256 amount) with no bound check on the value. Type
// conversions are never checked, not even in Solidity 0.8: the high bits are dropped
// silently, so 2^128 + 1 becomes 1 and an accounting entry is credited far less (or more,
// for signed values) than what was paid.
var UnsafeDowncast = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNSAFE_DOWNCAST",
		Name:       "Unchecked integer downcast",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> converts a ` +
			`${from_type} the caller influences to ${to_type} without checking that it fits. Conversions are never checked, ` +
			`even in Solidity 0.8: the high bits are dropped silently.</p>`,
		Remediation:     `<p>Use a checked cast (OpenZeppelin <code>SafeCast.toUint128</code>) or <code>require(x &lt;= type(uint128).max)</code> before converting.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "from_type", "to_type"},
		DetectionLogic:  "A conversion uintN(x)/intN(x) to a narrower integer type where x's type is known to be wider and x depends on parameters, msg.value, balances or call results, with no comparison of x with a bound in the function; medium when the result is stored in state, low otherwise.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-101"},
		CWE:             []string{"CWE-197"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "arithmetic",
	},
	Run: runUnsafeDowncast,
}

func runUnsafeDowncast(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || (fn.Contract != nil && fn.Contract.IsLibrary()) || fn.Contract == nil {
			continue
		}
		conds := conditionsOf(fn)
		flow := newValueFlow(info)
		ancestors(fn.Body, func(n ast.Node, stack []ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return
			}
			et, ok := call.Fun.(*ast.ElementaryType)
			if !ok || !isIntTypeName(et.Name) {
				return
			}
			to := &sema.Elementary{Name: et.Name}
			arg := call.Args[0]
			from, ok := intType(info, arg)
			if !ok || from.Bits() <= to.Bits() || isConstExpr(info, arg) {
				return
			}
			if !flow.Of(arg).Has(callerInfluence) || boundChecked(p, arg, conds, stack) {
				return
			}
			sev := detect.Low
			if writesStateAt(p, info, call, stack) {
				sev = detect.Medium
			}
			if inTestCode(fn) {
				sev = detect.Low
			}
			reportAt(pass, call, fn, map[string]string{"expression": sourceText(p, call),
				"from_type": from.Name, "to_type": canonicalIntName(et.Name)}, sev, "")
		})
	}
}

// boundChecked reports whether some condition of the function (or a ternary around the
// conversion) compares x with anything: require(x <= type(uint128).max), x < 2**96, ...
func boundChecked(p *sema.Program, x ast.Expr, conds []condition, stack []ast.Node) bool {
	text := normText(p, x)
	exprs := make([]ast.Expr, 0, len(conds))
	for _, c := range conds {
		exprs = append(exprs, c.expr)
	}
	for _, a := range stack {
		if c, ok := a.(*ast.CondExpr); ok {
			exprs = append(exprs, c.Cond)
		}
	}
	for _, e := range exprs {
		for _, cmp := range comparisonsIn(e) {
			if normText(p, cmp.X) == text || normText(p, cmp.Y) == text {
				return true
			}
		}
	}
	return false
}

func canonicalIntName(name string) string {
	switch name {
	case "uint":
		return "uint256"
	case "int":
		return "int256"
	}
	return name
}
