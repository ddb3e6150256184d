package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// UncheckedLowLevelCall and UncheckedSend report low-level calls whose success flag is dropped
// or stored and never read: a failed call then goes unnoticed.
var UncheckedLowLevelCall = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_LOW_LEVEL_CALL",
		Name:       "Unchecked low-level call",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> makes a low-level ` +
			`<code>${call_kind}</code> and ignores whether it succeeded. Low-level calls do not revert on failure: the function ` +
			`goes on as if the call had worked.</p>`,
		Remediation:     `<p>Check the returned success flag: <code>(bool ok, ) = target.call(data); require(ok);</code>, or use OpenZeppelin's <code>Address.functionCall</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call_kind"},
		DetectionLogic: "A call/delegatecall/staticcall/callcode whose success flag no check reads: not required, not " +
			"branched on (assembly if iszero(ok) / switch included), not handed back to the caller, and no check tests the " +
			"returned data; in assembly, a call/callcode/delegatecall whose flag is popped (medium confidence: written so on " +
			"purpose) or put in a variable nothing reads",
		Version:   "1.0.0",
		SWC:       []string{"SWC-104"},
		CWE:       []string{"CWE-252"},
		Languages: []string{"solidity"},
		Slither:   "unchecked-lowlevel",
		Class:     "unchecked-call",
	},
	Run: func(pass *detect.Pass) { runUnchecked(pass, "call", "delegatecall", "staticcall", "callcode") },
}

var UncheckedSend = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_SEND",
		Name:       "Unchecked send",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> uses <code>send</code> and ignores ` +
			`its result. <code>send</code> returns false instead of reverting, so the ether may silently stay in the contract ` +
			`while the function records the payment as done.</p>`,
		Remediation:     `<p>Check the result (<code>require(to.send(amount))</code>), or use <code>call{value: amount}("")</code> with a check.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "A send whose boolean result is discarded or never read.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-104"},
		CWE:             []string{"CWE-252"},
		Languages:       []string{"solidity"},
		Slither:         "unchecked-send",
		Class:           "unchecked-call",
	},
	Run: func(pass *detect.Pass) { runUnchecked(pass, "send") },
}

func runUnchecked(pass *detect.Pass, names ...string) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		for _, c := range info.Calls {
			if !c.IsLowLevel(names...) || checked(p, info, fn, c) {
				continue
			}
			pass.ReportNode(c.Expr, fn, map[string]string{"call_kind": c.Name})
		}
		if pass.Analyzer.ID == "UNCHECKED_LOW_LEVEL_CALL" {
			reportUncheckedYulCalls(pass, info, fn)
			for _, x := range neverCalled(fn) {
				pass.ReportNode(x, fn, map[string]string{"call_kind": "call that is never executed (the final parentheses are missing)"})
			}
		}
	}
}

// checked reports whether the success flag of a low-level call is used, and used to handle a
// failure: a check whose branches both do nothing, a condition made constant (|| 1 == 1), or a
// check that reverts on success and carries on after a failure does not count.
//
// A flag handed back to the caller (a named result, or returned) is the caller's to check; a
// call whose returned data the function tests (require(data.length == 0), a call expected to
// revert) checks its outcome through the data.
func checked(p *sema.Program, info *sema.FuncInfo, fn *sema.Function, c *sema.Call) bool {
	if !resultUsed(fn, c.Expr) {
		return dataTested(p, info, fn, c.Expr)
	}
	flag := boolVarOf(info, fn, c.Expr)
	if flag != nil && flag.Kind == sema.ReturnVar {
		return true
	}
	if flag != nil && !varRead(info, fn, flag) {
		return false
	}
	effective := true
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || !mentions(info, ifs.Cond, c.Expr, flag) {
			return true
		}
		if constantCondition(ifs.Cond) {
			effective = false
			return false
		}
		onFailure, onSuccess := ifs.Else, ifs.Then
		if negates(info, ifs.Cond, c.Expr, flag) {
			onFailure, onSuccess = ifs.Then, ifs.Else
		}
		switch {
		case isEmpty(onFailure) && isEmpty(onSuccess):
			effective = false
		case onSuccess != nil && sema.AlwaysReverts(onSuccess) && !sema.AlwaysReverts(onFailure):
			effective = false
		}
		return effective
	})
	return effective
}

// mentions reports whether cond contains the call or reads its success flag.
func mentions(info *sema.FuncInfo, cond ast.Expr, call *ast.CallExpr, flag *sema.Var) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			found = found || x == call
		case *ast.Ident:
			found = found || (flag != nil && info.Uses[x] == flag)
		}
		return !found
	})
	return found
}

// negates reports whether the condition is true when the call failed (!ok, ok == false).
func negates(info *sema.FuncInfo, cond ast.Expr, call *ast.CallExpr, flag *sema.Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return !negates(info, e.X, call, flag)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR, token.LAND:
			if mentions(info, e.X, call, flag) {
				return negates(info, e.X, call, flag)
			}
			return negates(info, e.Y, call, flag)
		case token.EQL:
			if lit, ok := ast.Unparen(e.Y).(*ast.BasicLit); ok {
				return lit.Kind == token.FALSE
			}
		case token.NEQ:
			if lit, ok := ast.Unparen(e.Y).(*ast.BasicLit); ok {
				return lit.Kind == token.TRUE
			}
		}
	}
	return false
}

// constantCondition reports a condition whose value does not depend on its variable part:
// x || true, x || 1 == 1, x && false.
func constantCondition(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return constBool(b.X) == 1 || constBool(b.Y) == 1 || constantCondition(b.X) || constantCondition(b.Y)
	case token.LAND:
		return constBool(b.X) == 0 || constBool(b.Y) == 0 || constantCondition(b.X) || constantCondition(b.Y)
	}
	return false
}

// constBool evaluates a constant boolean expression: 1 for true, 0 for false, -1 when not constant.
func constBool(x ast.Expr) int {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.TRUE:
			return 1
		case token.FALSE:
			return 0
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			if v := constBool(e.X); v >= 0 {
				return 1 - v
			}
		}
	case *ast.BinaryExpr:
		l, lok := ast.Unparen(e.X).(*ast.BasicLit)
		r, rok := ast.Unparen(e.Y).(*ast.BasicLit)
		if lok && rok && l.Kind == token.NUMBER && r.Kind == token.NUMBER && l.Unit == nil && r.Unit == nil {
			switch e.Op {
			case token.EQL:
				return boolInt(l.Value == r.Value)
			case token.NEQ:
				return boolInt(l.Value != r.Value)
			}
		}
	}
	return -1
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isEmpty reports whether a branch does nothing (absent, or a block of no statements).
func isEmpty(s ast.Stmt) bool {
	switch s := s.(type) {
	case nil:
		return true
	case *ast.BlockStmt:
		for _, x := range s.List {
			if !isEmpty(x) {
				return false
			}
		}
		return true
	}
	return false
}

// neverCalled finds `x.call.value(v);` statements: the old value/gas decoration applied without
// the final call, so no call is made at all.
func neverCalled(fn *sema.Function) []ast.Node {
	var out []ast.Node
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		es, ok := n.(*ast.ExprStmt)
		if !ok {
			return true
		}
		c, ok := es.X.(*ast.CallExpr)
		if !ok {
			return true
		}
		if m, ok := c.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "value" || m.Name.Name == "gas") {
			if inner, ok := m.X.(*ast.MemberExpr); ok {
				switch inner.Name.Name {
				case "call", "delegatecall", "callcode":
					out = append(out, c)
				}
			}
		}
		return true
	})
	return out
}

// dataTested reports whether the data a call returns ((, bytes memory data) = x.call(...)) is
// read in a condition of the function (if, require, a require helper's argument).
func dataTested(p *sema.Program, info *sema.FuncInfo, fn *sema.Function, c *ast.CallExpr) bool {
	var data *sema.Var
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if s, ok := n.(*ast.VarDeclStmt); ok && unwrapCall(s.Value) == c && len(s.Vars) == 2 && s.Vars[1] != nil {
			for _, v := range fn.Locals {
				if v.Decl == s.Vars[1] {
					data = v
				}
			}
		}
		return data == nil
	})
	if data == nil {
		return false
	}
	tested := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		var cond ast.Expr
		switch s := n.(type) {
		case *ast.IfStmt:
			cond = s.Cond
		case *ast.CallExpr:
			if len(s.Args) > 0 && c != s {
				if cc := info.CallOf[s]; cc != nil && (cc.Kind == sema.CallBuiltin && (cc.Name == "require" || cc.Name == "assert") ||
					cc.Kind == sema.CallInternal && cc.Callee != nil && p.RequiresArg(cc.Callee, 0)) {
					cond = s.Args[0]
				}
			}
		}
		if cond != nil {
			ast.Inspect(cond, func(x ast.Node) bool {
				if id, ok := x.(*ast.Ident); ok && info.Uses[id] == data {
					tested = true
				}
				return !tested
			})
		}
		return !tested
	})
	return tested
}
