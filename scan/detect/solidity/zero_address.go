package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// MissingZeroAddressCheck reports address parameters stored into state without ruling out
// address(0): a forgotten argument or a default value silently sets an owner, treasury or token
// to zero, often with no way back.
var MissingZeroAddressCheck = &detect.Analyzer{
	Template: detect.Template{
		ID:         "MISSING_ZERO_ADDRESS_CHECK",
		Name:       "Missing zero-address check",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> stores parameter ` +
			`<code>${param}</code> in <code>${state_var}</code> without checking that it is not <code>address(0)</code>. ` +
			`A mistaken or default argument sets it to zero: funds sent there are burned, and a zero owner or admin locks ` +
			`the functions it guards.</p>`,
		Remediation:     `<p>Add <code>require(${param} != address(0))</code> (or a custom error) before storing it.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "param", "state_var"},
		DetectionLogic: "A public function or constructor assigns an address parameter (possibly converted) to an address state " +
			"variable, and neither it nor its modifiers compare that parameter with address(0)/0, and it makes no call on it.",
		Version:   "1.0.0",
		SWC:       nil, // no SWC entry covers missing zero checks
		CWE:       []string{"CWE-20"},
		Languages: []string{"solidity"},
		Slither:   "missing-zero-check",
		Class:     "validation",
	},
	Run: runMissingZeroCheck,
}

func runMissingZeroCheck(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsPublic() || fn.IsModifier || isTestContract(fn.Contract) || fn.Contract == nil || fn.Contract.IsLibrary() {
			continue
		}
		info := p.Info(fn)
		reported := map[*sema.Var]bool{}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			a, ok := n.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN {
				return true
			}
			if _, isIndex := ast.Unparen(a.Lhs).(*ast.Ident); !isIndex {
				return true // mappings and struct fields: keyed data, not a configured address
			}
			sv := p.StateVarOf(info, a.Lhs)
			if sv == nil || !sema.IsAddress(sv.Type) && sema.AsContract(sv.Type) == nil {
				return true
			}
			id, ok := unwrapConversion(info, a.Rhs).(*ast.Ident)
			if !ok {
				return true
			}
			param, ok := info.Uses[id].(*sema.Var)
			if !ok || param.Kind != sema.ParamVar || !sema.IsAddress(param.Type) && sema.AsContract(param.Type) == nil || reported[param] {
				return true
			}
			if zeroChecked(p, fn, param) || nonZeroByGuards(p, info, a.Rhs) {
				return true
			}
			reported[param] = true
			pass.ReportNode(a, fn, map[string]string{"param": param.Name, "state_var": sv.Name})
			return true
		})
	}
}

// zeroChecked reports whether fn (or its modifiers, or a helper it passes the parameter to)
// compares param with zero, or calls a function on it (which fails on address(0)).
func zeroChecked(p *sema.Program, fn *sema.Function, param *sema.Var) bool {
	info := p.Info(fn)
	is := func(x ast.Expr) bool {
		id, ok := unwrapConversion(info, x).(*ast.Ident)
		return ok && info.Uses[id] == param
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if e.Op == token.EQL || e.Op == token.NEQ || e.Op == token.GTR {
				if is(e.X) && isZeroAddress(info, e.Y) || is(e.Y) && isZeroAddress(info, e.X) {
					found = true
				}
			}
		case *ast.CallExpr:
			c := info.CallOf[e]
			if c == nil {
				return true
			}
			if c.Target != nil && is(c.Target) && c.Kind == sema.CallExternal {
				found = true
			}
			// a helper that validates: _checkNonZero(param), validAddress(param)
			if c.Kind == sema.CallInternal && c.Callee != nil {
				for i, a := range e.Args {
					if is(a) && i < len(c.Callee.Params) && paramZeroChecked(p, c.Callee, c.Callee.Params[i]) {
						found = true
					}
				}
			}
		}
		return !found
	})
	if found {
		return true
	}
	// A modifier given the parameter: validAddress(_to)
	for i, m := range fn.Modifiers {
		if m == nil || i >= len(fn.Invocations) {
			continue
		}
		for j, a := range fn.Invocations[i].Args {
			if is(a) && j < len(m.Params) && paramZeroChecked(p, m, m.Params[j]) {
				return true
			}
		}
	}
	return false
}

// paramZeroChecked reports whether g compares its parameter with zero.
func paramZeroChecked(p *sema.Program, g *sema.Function, param *sema.Var) bool {
	info := p.Info(g)
	if info == nil || g.Body == nil {
		return false
	}
	found := false
	g.BodyTree().Inspect(func(n ast.Node) bool {
		if e, ok := n.(*ast.BinaryExpr); ok && (e.Op == token.EQL || e.Op == token.NEQ || e.Op == token.GTR) {
			for _, pair := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if id, ok := unwrapConversion(info, pair[0]).(*ast.Ident); ok && info.Uses[id] == param && isZeroAddress(info, pair[1]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
