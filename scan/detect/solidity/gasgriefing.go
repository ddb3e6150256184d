package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// GasGriefing reports relayer-style calls: a public function records that a request was
// executed (replay protection), then forwards it with a low-level call whose failure it does
// not enforce, and nothing guarantees the callee enough gas. A relayer can supply just enough
// gas for the outer function and let the inner call fail: the request is marked executed but
// never ran, and cannot be retried.
var GasGriefing = &detect.Analyzer{
	Template: detect.Template{
		ID:         "INSUFFICIENT_GAS_GRIEFING",
		Name:       "Insufficient gas griefing",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceLow,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> records state and then forwards data ` +
			`with <code>${call}</code> without requiring it to succeed and without checking the gas available. Whoever submits ` +
			`the transaction can give it too little gas for the inner call: the request is consumed but its effect never happens.</p>`,
		Remediation: `<p>Require the call to succeed, or have the caller sign a gas limit that is forwarded and checked ` +
			`(<code>require(gasleft() >= gasLimit)</code> in the callee, or before the call in the relayer).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call"},
		DetectionLogic:  "A public function that writes state and makes a low-level call with calldata to a caller-chosen target, whose success is not enforced by require/assert/if-revert, with no gasleft() check and no gas limit parameter forwarded.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-126"},
		CWE:             []string{"CWE-691"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "dos",
	},
	Run: runGasGriefing,
}

func runGasGriefing(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsEntryPoint() || fn.IsView() {
			continue
		}
		info := p.Info(fn)
		if info == nil || len(p.TransitiveWrites(fn)) == 0 {
			continue
		}
		gasChecked := false
		for _, c := range info.Calls {
			if c.Kind == sema.CallBuiltin && (c.Name == "gasleft" || c.Name == "msg.gas") {
				gasChecked = true
			}
		}
		for _, v := range fn.Params {
			if strings.Contains(strings.ToLower(v.Name), "gas") {
				gasChecked = true
			}
		}
		if gasChecked {
			continue
		}
		reverting := revertingCalls(info, fn)
		for _, c := range info.Calls {
			if !c.IsLowLevel("call") || reverting[c.Expr] || len(c.Args) == 0 || emptyData(c.Args[0]) {
				continue
			}
			if c.Target == nil || !srcOf(info, c.Target).Has(sema.SrcParam|sema.SrcStorage) {
				continue
			}
			end := c.Expr.End()
			if v := boolVarOf(info, fn, c.Expr); v != nil {
				fn.BodyTree().Inspect(func(n ast.Node) bool {
					if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil {
						ast.Inspect(r.Result, func(m ast.Node) bool {
							if id, ok := m.(*ast.Ident); ok && sameVar(info.Uses[id], v) && r.End() > end {
								end = r.End()
							}
							return true
						})
					}
					return true
				})
			}
			f := detect.Finding{Pos: c.Expr.Pos(), End: end, Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn), "call": sourceText(p, c.Expr)}}
			if inTestCode(fn) || p.HasAccessControl(fn) {
				f.Severity = detect.Low // a trusted submitter has no reason to starve its own call
			}
			pass.Report(f)
		}
	}
}

// emptyData reports whether call data is "" (a plain ether transfer).
func emptyData(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && (lit.Value == `""` || lit.Value == `''`)
}
