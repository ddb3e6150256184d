package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// SignatureMalleability reports signatures used as their own identifier: the signature bytes
// (or r, s, v) are hashed into a key that marks the message as used. For every valid ECDSA
// signature (r, s, v) there is a second one, (r, n - s, v'), valid for the same message; it
// hashes to another key, so the "used" mark does not stop the replay.
var SignatureMalleability = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SIGNATURE_MALLEABILITY",
		Name:       "Malleable signature used as a replay key",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> hashes the signature itself ` +
			`(<code>${signature}</code>) into the key that marks a message as processed. ECDSA signatures are malleable: ` +
			`anyone can turn a valid signature into a different valid one for the same message (negating <code>s</code>), ` +
			`which gives a fresh key and replays the message.</p>`,
		Remediation: `<p>Key replay protection on the signed message (its hash with a nonce), never on the signature bytes, ` +
			`and reject high-<code>s</code> signatures (OpenZeppelin <code>ECDSA.recover</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "signature"},
		DetectionLogic: "A keccak256/sha256 whose arguments (also inside abi.encodePacked/encode) include a variable that the " +
			"function hands to a signature recovery (ecrecover or a helper that reaches it) or a bytes variable named like a " +
			"signature, and whose result indexes a state mapping.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-117"},
		CWE:       []string{"CWE-347"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "signature",
	},
	Run: runSignatureMalleability,
}

func runSignatureMalleability(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		sigVars := signatureVars(p, info, fn)
		if len(sigVars) == 0 {
			continue
		}
		for _, c := range info.Calls {
			if c.Kind != sema.CallBuiltin || (c.Name != "keccak256" && c.Name != "sha3" && c.Name != "sha256") {
				continue
			}
			var hit *sema.Var
			for _, a := range c.Args {
				ast.Inspect(a, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*sema.Var); ok && sigVars[v] {
							hit = v
						}
					}
					return hit == nil
				})
			}
			if hit == nil || !usedAsKey(info, fn, c.Expr) {
				continue
			}
			pass.ReportNode(c.Expr, fn, map[string]string{"signature": hit.Name})
		}
	}
}

// signatureVars returns the variables of fn that hold a signature: passed to ecrecover or to a
// call that reaches a recovery, or bytes named sig/signature.
func signatureVars(p *sema.Program, info *sema.FuncInfo, fn *sema.Function) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	for _, c := range info.Calls {
		if !reachesRecover(p, c) {
			continue
		}
		for i, a := range c.Args {
			if c.Kind == sema.CallBuiltin && c.Name == "ecrecover" && i == 0 {
				continue // the digest, not the signature
			}
			if id, ok := ast.Unparen(a).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind != sema.StateVar && isSignatureTyped(v) {
					out[v] = true
				}
			}
		}
	}
	for _, v := range append(append([]*sema.Var(nil), fn.Params...), fn.Locals...) {
		if e, ok := v.Type.(*sema.Elementary); ok && e.Name == "bytes" && hasWord(v.Name, "sig", "signature", "signatures", "sign") {
			out[v] = true
		}
	}
	return out
}

// isSignatureTyped reports whether v can hold a signature or a part of one.
func isSignatureTyped(v *sema.Var) bool {
	e, ok := v.Type.(*sema.Elementary)
	if !ok {
		return false
	}
	return e.Name == "bytes" || e.Name == "uint8" || e.Name == "bytes32" && (v.Name == "r" || v.Name == "s" || strings.HasPrefix(v.Name, "_r") || strings.HasPrefix(v.Name, "_s"))
}

// usedAsKey reports whether the hash x (or the local it is stored in) indexes a state mapping.
func usedAsKey(info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr) bool {
	holders := holdersOf(info, fn, x)
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && ix.Index != nil && refersTo(info, ix.Index, x, holders) {
			if root := info.RootVar(ix.X); root != nil && root.Kind == sema.StateVar {
				found = true
			}
		}
		return !found
	})
	return found
}
