package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// AssertMisuse reports assert() used for something other than an invariant that can never
// fail: conditions with side effects, conditions on caller input or external results, and
// invariants on state that any caller can break. A failing assert is a Panic (before 0.8 it
// also burned all remaining gas), and a reachable one means either a bug or a denial of
// service.
var AssertMisuse = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ASSERT_MISUSE",
		Name:       "Assertion that callers can violate",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>The <code>assert</code> in <code>${function_name}</code> of <code>${contract_name}</code> ${problem}. ` +
			`<code>assert</code> is for invariants that can never fail; a failing one signals a bug, raises a Panic and, ` +
			`before Solidity 0.8, consumes all remaining gas.</p>`,
		Remediation: `<p>Validate inputs and external results with <code>require</code> (or a custom error), keep side ` +
			`effects out of conditions, and make sure no caller can put the contract in a state that breaks an invariant.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "problem"},
		DetectionLogic: "assert(c) where c assigns, increments or calls a state-changing function (medium); c is a constant " +
			"false; c depends on parameters of a public function, msg.sender, msg.value or an external call's result other than as a mapping key; or " +
			"c reads a state variable that a public function without access control sets from caller input, or increases " +
			"without checking it while c bounds it from above by a constant.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-110"},
		CWE:       []string{"CWE-670"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "assert",
	},
	Run: runAssertMisuse,
}

func runAssertMisuse(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return // property tests (Echidna, Foundry) assert on their inputs by design
	}
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || (fn.Contract != nil && fn.Contract.IsLibrary()) {
			continue // library asserts check the arithmetic of their callers' values (SafeMath)
		}
		// Parameters are caller input only in functions callers reach directly.
		inputs := sema.SrcSender | sema.SrcValue | sema.SrcCallRet | sema.SrcData
		if fn.IsEntryPoint() {
			inputs |= sema.SrcParam
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok || len(c.Args) == 0 {
				return true
			}
			id, ok := c.Fun.(*ast.Ident)
			if !ok || id.Name != "assert" {
				return true
			}
			if _, builtin := info.Uses[id].(*sema.Builtin); !builtin && info.Uses[id] != nil {
				return true
			}
			cond := c.Args[0]
			problem, sev := "", detect.Severity("")
			switch {
			case hygHasSideEffect(p, info, cond):
				problem, sev = "changes state inside its condition, so the effect depends on assertions being evaluated", detect.Medium
			case hygIsFalseLiteral(cond):
				problem = "always fails; use revert() for unreachable branches"
			case hygInputTaint(info, cond).Has(inputs):
				problem = "checks caller input or the result of an external call, which any caller can make false"
			default:
				if v := hygBreakableState(p, fn, info, cond); v != nil {
					problem = "checks state variable " + v.Name + ", which any caller can set to a value that breaks it"
				}
			}
			if problem == "" {
				return true
			}
			f := detect.Finding{Pos: c.Pos(), End: c.End(), Function: fn.Name, Severity: sev,
				Details: map[string]string{"function_name": fnName(fn), "problem": problem}}
			pass.Report(f)
			return true
		})
	}
}

func hygIsFalseLiteral(x ast.Expr) bool {
	l, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && (l.Kind == token.FALSE || (l.Kind == token.NUMBER && l.Value == "0"))
}

// hygHasSideEffect reports whether x assigns, increments, deletes or calls something that
// changes state.
func hygHasSideEffect(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.AssignExpr:
			found = true
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				found = true
			}
		case *ast.CallExpr:
			if c := info.CallOf[e]; c != nil && (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil &&
				!c.Callee.IsView() && len(p.TransitiveWrites(c.Callee)) > 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// hygInputTaint returns the sources x depends on, leaving out mapping and array keys (m[a] == 0
// reads storage; the key only selects which slot).
func hygInputTaint(info *sema.FuncInfo, x ast.Expr) sema.Source {
	var src sema.Source
	var walk func(ast.Expr)
	walk = func(e ast.Expr) {
		switch t := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			walk(t.X)
		case *ast.BinaryExpr:
			walk(t.X)
			walk(t.Y)
		case *ast.UnaryExpr:
			walk(t.X)
		case *ast.CondExpr:
			walk(t.Cond)
			walk(t.Then)
			walk(t.Else)
		case *ast.MemberExpr:
			if _, ok := t.X.(*ast.Ident); ok {
				src |= info.Flow.Of(t)
				return
			}
			walk(t.X)
		case *ast.CallExpr:
			if c := info.CallOf[t]; c != nil && c.IsExternal() {
				src |= sema.SrcCallRet
				return
			}
			for _, a := range t.Args {
				walk(a)
			}
		default:
			src |= info.Flow.Of(e)
		}
	}
	walk(x)
	return src
}

// hygBreakableState returns a state variable read in cond that a public function without access
// control (other than fn and constructors) sets from caller input with a plain assignment
// (accumulations such as total += x are what overflow invariants guard).
func hygBreakableState(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, cond ast.Expr) *sema.Var {
	read := map[*sema.Var]bool{}
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar {
				read[v] = true
			}
		}
		return true
	})
	if len(read) == 0 || fn.Contract == nil {
		return nil
	}
	capped := hygUpperBounded(info, cond)
	for _, g := range fn.Contract.AllFunctions() {
		if g == fn || !g.IsEntryPoint() || p.HasAccessControl(g) {
			continue
		}
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		var hit *sema.Var
		ast.Inspect(g.Body, func(n ast.Node) bool {
			// An unchecked increase breaks an upper bound the assertion claims.
			if v := hygIncreased(p, gi, n); v != nil && capped[v] && !hygChecksVar(gi, g.Body, v) {
				hit = v
				return false
			}
			a, ok := n.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN {
				return hit == nil
			}
			if v := p.StateVarOf(gi, a.Lhs); v != nil && read[v] &&
				gi.Flow.Of(a.Rhs).Has(sema.SrcParam|sema.SrcSender|sema.SrcValue|sema.SrcCallRet) {
				hit = v
			}
			return hit == nil
		})
		if hit != nil {
			return hit
		}
	}
	return nil
}

// hygUpperBounded returns the state variables cond bounds from above by a constant
// (x <= 1000, x < K, 1000 >= x).
func hygUpperBounded(info *sema.FuncInfo, cond ast.Expr) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	ast.Inspect(cond, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return true
		}
		var x, k ast.Expr
		switch b.Op {
		case token.LEQ, token.LSS:
			x, k = b.X, b.Y
		case token.GEQ, token.GTR:
			x, k = b.Y, b.X
		default:
			return true
		}
		if l, ok := ast.Unparen(k).(*ast.BasicLit); !ok || l.Kind != token.NUMBER {
			return true
		}
		if v := hygStateVarOfExpr(info, ast.Unparen(x)); v != nil {
			out[v] = true
		}
		return true
	})
	return out
}

// hygIncreased returns the state variable n increases (x += e, x++, ++x), or nil.
func hygIncreased(p *sema.Program, info *sema.FuncInfo, n ast.Node) *sema.Var {
	switch e := n.(type) {
	case *ast.AssignExpr:
		if e.Op == token.ADD_ASSIGN {
			return p.StateVarOf(info, e.Lhs)
		}
	case *ast.UnaryExpr:
		if e.Op == token.INC {
			return p.StateVarOf(info, e.X)
		}
	}
	return nil
}

// hygChecksVar reports whether a require, assert or if condition in body mentions v.
func hygChecksVar(info *sema.FuncInfo, body ast.Node, v *sema.Var) bool {
	found := false
	mentions := func(x ast.Expr) {
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if w, ok := info.Uses[id].(*sema.Var); ok && w == v {
					found = true
				}
			}
			return !found
		})
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			mentions(s.Cond)
		case *ast.CallExpr:
			if id, ok := s.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(s.Args) > 0 {
				mentions(s.Args[0])
			}
		}
		return !found
	})
	return found
}
