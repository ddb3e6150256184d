package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UncheckedERC20Transfer reports ERC20 transfer/transferFrom calls whose boolean result is
// dropped: tokens that return false instead of reverting (many older tokens) fail silently
// while the contract books the transfer as done.
var UncheckedERC20Transfer = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_ERC20_TRANSFER",
		Name:       "Unchecked ERC20 transfer",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>${call}</code> on a ` +
			`token and ignores the returned boolean. Tokens that signal failure by returning <code>false</code> leave the ` +
			`transfer undone while this contract carries on as if it happened (crediting deposits that never arrived, or ` +
			`marking payouts as paid).</p>`,
		Remediation: `<p>Use OpenZeppelin's <code>SafeERC20</code> (<code>safeTransfer</code>, <code>safeTransferFrom</code>) or ` +
			`<code>require(token.transfer(to, amount))</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call"},
		DetectionLogic: "An external call named transfer (2 arguments) or transferFrom (3 arguments) on a contract-typed or " +
			"unresolved receiver, whose declared return is bool (or unknown), used as a bare statement. Low severity when the " +
			"contract already uses SafeERC20/SafeTransferLib for its tokens.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-104"},
		CWE:       []string{"CWE-252"},
		Languages: []string{"solidity"},
		Slither:   "unchecked-transfer",
		Class:     "unchecked-call",
	},
	Run: runUncheckedERC20,
}

func runUncheckedERC20(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		for _, c := range info.Calls {
			if c.Kind != sema.CallExternal || isThis(c.Target) {
				continue
			}
			if !(c.Name == "transfer" && len(c.Args) == 2 || c.Name == "transferFrom" && len(c.Args) == 3) {
				continue
			}
			if c.Callee != nil && (len(c.Callee.Returns) == 0 || !isBoolType(c.Callee.Returns[0].Type)) {
				continue // declared without a bool result: nothing to check (USDT-style interface)
			}
			if resultUsed(fn, c.Expr) || insideTry(fn, c.Expr) {
				continue
			}
			f := detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn), "call": c.Name}}
			if usesSafeERC20(fn.Contract) {
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

func isBoolType(t sema.Type) bool {
	e, ok := t.(*sema.Elementary)
	return ok && e.Name == "bool"
}

// insideTry reports whether the call is the call of a try statement (its result is handled).
func insideTry(fn *sema.Function, c *ast.CallExpr) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if t, ok := n.(*ast.TryStmt); ok && unwrapCall(t.Call) == c {
			found = true
		}
		return !found
	})
	return found
}

// usesSafeERC20 reports whether a contract binds SafeERC20 or SafeTransferLib with using-for.
func usesSafeERC20(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	for _, b := range c.Linearization {
		for _, u := range b.Usings {
			if u.Library != nil {
				name := strings.ToLower(u.Library.String())
				if strings.Contains(name, "safeerc20") || strings.Contains(name, "safetransferlib") || strings.Contains(name, "transferhelper") {
					return true
				}
			}
		}
	}
	return false
}
