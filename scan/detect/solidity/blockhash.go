package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// BlockhashMisuse reports blockhash calls that return zero: blockhash(block.number) (the
// current block's hash is not known yet) and blockhash(n) for a block number stored earlier
// without checking that it is among the last 256 blocks. A player who waits 256 blocks knows
// the "random" hash is 0.
var BlockhashMisuse = &detect.Analyzer{
	Template: detect.Template{
		ID:         "BLOCKHASH_MISUSE",
		Name:       "blockhash of the current or a too old block",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> ${reason} ` +
			`blockhash only knows the 256 most recent blocks, not counting the current one, and returns 0 otherwise: a predictable value.</p>`,
		Remediation:     `<p>Check <code>block.number - n &lt;= 256</code> (and <code>n &lt; block.number</code>) before using <code>blockhash(n)</code>, and expire bets that were not settled in time; better, use a VRF oracle.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "reason"},
		DetectionLogic: "blockhash(block.number), or blockhash of a stored block number in a function with no comparison " +
			"against 256 (or 255); low when the hash is only returned to the caller (a getter that decides nothing).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-120"},
		CWE:       []string{"CWE-330"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "randomness",
	},
	Run: runBlockhashMisuse,
}

func runBlockhashMisuse(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		windowChecked := false
		for _, c := range conditionsOf(p, fn) {
			for _, cmp := range comparisonsIn(c.expr) {
				for _, side := range []ast.Expr{cmp.X, cmp.Y} {
					if v := litValue(side); v != nil && v.IsInt64() && (v.Int64() == 256 || v.Int64() == 255) {
						windowChecked = true
					}
				}
			}
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || blockValueKind(info, call) != blockHash || len(call.Args) != 1 {
				return true
			}
			arg := ast.Unparen(call.Args[0])
			var reason string
			switch {
			case blockValueKind(info, arg) == blockNumber:
				reason = "asks for the hash of the current block, which is always 0."
			case !windowChecked && storedBlockNumber(p, info, arg):
				reason = "uses a block number stored earlier without checking it is still among the last 256 blocks."
			default:
				return true
			}
			var sev detect.Severity
			if onlyHandedBack(info, call) {
				// Returned and used for nothing here: a getter reporting the value, whose
				// caller decides what to do with a zero.
				sev = detect.Low
				reason += " The function only returns it: nothing here decides on it."
			}
			reportAt(pass, call, fn, map[string]string{"expression": sourceText(p, call), "reason": reason}, sev, "")
			return true
		})
	}
}

// storedBlockNumber reports whether x reads a block number from storage (bets[msg.sender].block,
// guesses[id].blockNumber): not block.number - k computed now.
func storedBlockNumber(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	if b, ok := x.(*ast.BinaryExpr); ok && (b.Op == token.SUB || b.Op == token.ADD) {
		return false
	}
	v := info.RootVar(x)
	if v == nil {
		return false
	}
	if v.Kind == sema.StateVar || v.IsStorageRef() {
		return true
	}
	return false
}
