package solidity

import (
	"strconv"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// The gas detectors of this file look at revert reasons.

// GasCustomErrors reports require and revert with reason strings where custom errors exist.
var GasCustomErrors = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_CUSTOM_ERRORS",
		Name:       "Revert string instead of custom error",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p><code>${function_name}</code> of <code>${contract_name}</code> reverts with a reason string. ` +
			`Custom errors (Solidity 0.8.4 and later) are cheaper to deploy and to revert with, and can carry parameters.</p>`,
		Remediation:     `<p>Declare <code>error Unauthorized();</code> and write <code>if (!ok) revert Unauthorized();</code> (or <code>require(ok, Unauthorized())</code> from 0.8.26).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "require(cond, \"...\") or revert(\"...\") in a file whose pragma requires 0.8.4 or later.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "gas",
	},
	Run: runGasCustomErrors,
}

// GasLongRevertString reports reason strings longer than 32 bytes.
var GasLongRevertString = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_LONG_REVERT_STRING",
		Name:       "Revert string longer than 32 bytes",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>A revert reason in <code>${function_name}</code> of <code>${contract_name}</code> is ${length} bytes ` +
			`long. Reasons over 32 bytes take more than one word in the bytecode and in memory when reverting.</p>`,
		Remediation:     `<p>Shorten the reason to 32 bytes or less, or use a custom error.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "length"},
		DetectionLogic:  "The string reason of require(cond, \"...\") or revert(\"...\") is longer than 32 bytes.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "gas",
	},
	Run: runGasLongRevertString,
}

// hygRevertReasons calls visit for each require/revert reason literal in the pass.
func hygRevertReasons(pass *detect.Pass, visit func(fn *hygFn, call *ast.CallExpr, lit *ast.BasicLit)) {
	for _, fn := range hygBodies(pass.Functions()) {
		info := pass.Program.Info(fn)
		visitKinds(fn.BodyTree(), callKinds, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if lit := hygRequireMessage(info, c); lit != nil {
					visit(fn, c, lit)
				}
			}
			return true
		})
	}
}

func runGasCustomErrors(pass *detect.Pass) {
	f := hygFileOfPass(pass)
	if f == nil || !f.Version.AtLeast(hygV0_8_4) || hygPassIsTest(pass) {
		return
	}
	hygRevertReasons(pass, func(fn *hygFn, call *ast.CallExpr, lit *ast.BasicLit) {
		pass.ReportNode(call, fn, nil)
	})
}

func runGasLongRevertString(pass *detect.Pass) {
	if hygPassIsTest(pass) {
		return
	}
	hygRevertReasons(pass, func(fn *hygFn, call *ast.CallExpr, lit *ast.BasicLit) {
		if n := hygStringLitLen(lit); n > 32 {
			pass.ReportNode(lit, fn, map[string]string{"length": strconv.Itoa(n)})
		}
	})
}
