package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// EcrecoverMalleable reports raw ecrecover calls that accept both s values of a signature: for
// every valid (r, s, v) the pair (r, n - s, v') is valid too. Harmless while replay protection
// keys on the message (SIGNATURE_MALLEABILITY reports the harmful case); a trap as soon as
// anything treats a signature as unique.
var EcrecoverMalleable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ECRECOVER_MALLEABLE",
		Name:       "Raw ecrecover accepts malleable signatures",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>ecrecover</code> ` +
			`without restricting <code>s</code> to the lower half of the curve order. Every signature then has a second valid ` +
			`form, so signatures must never serve as identifiers (of a payment, an order, a used permit).</p>`,
		Remediation: `<p>Use OpenZeppelin's <code>ECDSA.recover</code>, or require ` +
			`<code>uint256(s) &lt;= 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0</code> and <code>v</code> in {27, 28}.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A call to the ecrecover builtin whose s argument (the variable passed, followed into the callers when " +
			"it is a parameter) is never compared with anything by an ordering comparison.",
		Version:   "1.0.0",
		SWC:       nil, // SWC-117 is the harmful use, reported by SIGNATURE_MALLEABILITY
		CWE:       []string{"CWE-347"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "signature",
	},
	Run: runEcrecoverMalleable,
}

func runEcrecoverMalleable(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		for _, c := range info.Calls {
			if c.Kind != sema.CallBuiltin || c.Name != "ecrecover" || len(c.Args) != 4 {
				continue
			}
			if sBounded(p, fn, c.Args[3], 0) {
				continue
			}
			pass.ReportNode(c.Expr, fn, nil)
		}
	}
}

// sBounded reports whether the s value x of fn is range-checked in fn, or, when it is a
// parameter, in every caller.
func sBounded(p *sema.Program, fn *sema.Function, x ast.Expr, depth int) bool {
	if depth > 3 {
		return true
	}
	info := p.Info(fn)
	id, ok := stripConversions(info, x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok {
		return false
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.GTR || b.Op == token.LSS || b.Op == token.GEQ || b.Op == token.LEQ) {
			for _, side := range []ast.Expr{b.X, b.Y} {
				if sid, ok := stripConversions(info, side).(*ast.Ident); ok && info.Uses[sid] == v {
					found = true
				}
			}
		}
		return !found
	})
	if found || v.Kind != sema.ParamVar {
		return found
	}
	callers := 0
	for _, g := range p.Functions() {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		for _, c := range gi.Calls {
			if c.Callee != fn || v.Index >= len(c.Args) {
				continue
			}
			callers++
			if !sBounded(p, g, c.Args[v.Index], depth+1) {
				return false
			}
		}
	}
	return callers > 0
}

// stripConversions removes every type conversion around x: uint256(s), bytes32(x), address(y).
func stripConversions(info *sema.FuncInfo, x ast.Expr) ast.Expr {
	for {
		x = ast.Unparen(x)
		c, ok := x.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return x
		}
		if call := info.CallOf[c]; call == nil || call.Kind != sema.CallConversion && !(call.Kind == sema.CallBuiltin && (call.Name == "payable" || call.Name == "address")) {
			return x
		}
		x = c.Args[0]
	}
}
