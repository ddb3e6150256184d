package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
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
		DetectionLogic:  "A conversion uintN(x)/intN(x) to a narrower integer type where x's type is known to be wider and x depends on parameters, msg.value, balances or call results, with no comparison of x (or of the same operands in another order) with a bound in the function or in an internal function called before with x's operands as arguments; medium when the result is stored in state by a function anyone can call, low otherwise.",
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
		if info == nil || (fn.Contract != nil && fn.Contract.IsLibrary()) || fn.Contract == nil || !hasIntConversion(fn) {
			continue // the value flow and the ancestor walk only for functions converting to an integer
		}
		conds := conditionsOf(p, fn)
		flow := newValueFlow(info)
		ancestors(fn, func(n ast.Node, stack []ast.Node) {
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
			if !flow.Of(arg).Has(callerInfluence) || boundChecked(p, arg, conds, stack) || boundByCallee(p, info, arg, call) {
				return
			}
			sev := detect.Low
			// A state write of a truncated value is medium, unless only a trusted role can
			// choose the value: it could store any value of the narrow type directly, so the
			// truncation gives it nothing, and what remains is a configuration mistake.
			if writesStateAt(p, info, call, stack) && !p.HasAccessControl(fn) {
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

// hasIntConversion reports whether fn's body converts a value to an integer type (uint8(x)),
// the calls runUnsafeDowncast judges.
func hasIntConversion(fn *sema.Function) bool {
	for n := range fn.BodyTree().Preorder(callKinds) {
		call := n.(*ast.CallExpr)
		if et, ok := call.Fun.(*ast.ElementaryType); ok && len(call.Args) == 1 && isIntTypeName(et.Name) {
			return true
		}
	}
	return false
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
	leaves := operandLeaves(p, x, nil)
	for _, e := range exprs {
		for _, cmp := range comparisonsIn(e) {
			if normText(p, cmp.X) == text || normText(p, cmp.Y) == text {
				return true
			}
			// The same sum written in another order: require(a + b <= MAX) before uint16(b + a).
			if sameLeaves(leaves, operandLeaves(p, smallerSide(cmp, false), nil)) {
				return true
			}
		}
	}
	return false
}

// smallerSide returns the operand a comparison bounds from above when it holds (a in a <= b,
// b in a > b), or, with negated, when it fails (the condition of if (...) revert). It returns
// nil for == and !=.
func smallerSide(cmp *ast.BinaryExpr, negated bool) ast.Expr {
	switch cmp.Op {
	case token.LSS, token.LEQ:
		if negated {
			return cmp.Y
		}
		return cmp.X
	case token.GTR, token.GEQ:
		if negated {
			return cmp.X
		}
		return cmp.Y
	}
	return nil
}

// boundByCallee reports whether an internal function called before the conversion checks a
// bound on the converted value, written in its own parameters: _check(d, total) requiring
// d.weight + total <= MAX before uint16(total + d.weight). The callee's parameters are
// replaced by the caller's arguments before the operands are compared.
func boundByCallee(p *sema.Program, info *sema.FuncInfo, x ast.Expr, conv *ast.CallExpr) bool {
	leaves := operandLeaves(p, x, nil)
	if len(leaves) == 0 {
		return false
	}
	for _, c := range info.Calls {
		callee := c.Callee
		if c.Kind != sema.CallInternal || callee == nil || callee.Body == nil || c.Expr.Pos() >= conv.Pos() ||
			len(callee.Params) != len(c.Args) {
			continue
		}
		subst := map[string]ast.Expr{}
		for i, v := range callee.Params {
			if v != nil && v.Name != "" {
				subst[v.Name] = c.Args[i]
			}
		}
		for _, cond := range conditionsOf(p, callee) {
			negated := !cond.assertion
			if negated && !revertsWhenTrue(callee, cond.expr) {
				continue
			}
			for _, cmp := range comparisonsIn(cond.expr) {
				if sameLeaves(leaves, operandLeaves(p, smallerSide(cmp, negated), subst)) {
					return true
				}
			}
		}
	}
	return false
}

// revertsWhenTrue reports whether cond is the condition of an if statement of fn whose branch
// always reverts (if (total > MAX) revert TooMuch();).
func revertsWhenTrue(fn *sema.Function, cond ast.Expr) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if s, ok := n.(*ast.IfStmt); ok && s.Cond == cond {
			found = sema.AlwaysReverts(s.Then)
		}
		return !found
	})
	return found
}

// operandLeaves lists the variable operands of an arithmetic expression by their text,
// looking through parentheses and integer conversions and leaving constants out: a + (b - c)
// has leaves {a, b, c}. subst replaces a name (and the name's members: d.weight for d) with
// the expression given for it, for reading a callee's condition in the caller's terms.
func operandLeaves(p *sema.Program, x ast.Expr, subst map[string]ast.Expr) map[string]bool {
	out := map[string]bool{}
	if x == nil {
		return out
	}
	var walk func(e ast.Expr, subst map[string]ast.Expr)
	walk = func(e ast.Expr, subst map[string]ast.Expr) {
		e = withoutIntConversions(ast.Unparen(e))
		if b, ok := e.(*ast.BinaryExpr); ok {
			switch b.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.EXP:
				walk(b.X, subst)
				walk(b.Y, subst)
				return
			}
		}
		if litValue(e) != nil {
			return
		}
		text := normText(p, e)
		if id, ok := e.(*ast.Ident); ok && subst[id.Name] != nil {
			walk(subst[id.Name], nil) // the argument is in the caller's terms already
			return
		}
		for name, arg := range subst {
			if len(text) > len(name) && text[:len(name)] == name && text[len(name)] == '.' {
				text = normText(p, arg) + text[len(name):]
				break
			}
		}
		out[text] = true
	}
	walk(x, subst)
	return out
}

func sameLeaves(a, b map[string]bool) bool {
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
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
