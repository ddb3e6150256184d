package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// HardcodedGasAmount reports calls that forward a fixed amount of gas: an explicit gas option
// with a constant, and transfer/send with their 2300 gas stipend. Gas costs of opcodes change
// with forks (EIP-1884 made SLOAD dearer), so a call that fits today may fail tomorrow, and
// recipients that are contracts (multisigs, proxies) may need more.
var HardcodedGasAmount = &detect.Analyzer{
	Template: detect.Template{
		ID:         "HARDCODED_GAS_AMOUNT",
		Name:       "Call with a fixed gas amount",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, ${what}. Opcode prices change ` +
			`with network upgrades and recipients may be contracts that need more gas, so the call can start failing.</p>`,
		Remediation: `<p>Forward all gas with <code>call{value: v}("")</code>, check its result, and protect against ` +
			`reentrancy (checks-effects-interactions or a guard) instead of relying on a gas limit.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "what"},
		DetectionLogic: "A call with a {gas: N} or .gas(N) option where N is a constant (low); transfer or send, which forward " +
			"2300 gas (informational).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-134"},
		CWE:       []string{"CWE-655"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "hardcoded-gas",
	},
	Run: runHardcodedGasAmount,
}

func runHardcodedGasAmount(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			switch {
			case c.Gas != nil && hygIsConstantGas(info, c.Gas) && (c.IsExternal() || c.Kind == sema.CallUnknown):
				pass.ReportNode(c.Expr, fn, map[string]string{"what": "the call forwards a fixed amount of gas (" + sourceText(p, c.Gas) + ")"})
			case c.IsLowLevel("transfer", "send"):
				pass.Report(detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name, Severity: detect.Informational, Confidence: detect.ConfidenceLow,
					Details: map[string]string{"function_name": fnName(fn), "what": c.Name + " forwards a fixed stipend of 2300 gas"}})
			}
		}
	}
}

// hygIsConstantGas reports whether a gas amount is a literal or a constant.
func hygIsConstantGas(info *sema.FuncInfo, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return e.Kind == token.NUMBER
	case *ast.Ident:
		v, ok := info.Uses[e].(*sema.Var)
		return ok && v.Decl != nil && v.Decl.Constant
	case *ast.BinaryExpr:
		return hygIsConstantGas(info, e.X) && hygIsConstantGas(info, e.Y)
	}
	return false
}
