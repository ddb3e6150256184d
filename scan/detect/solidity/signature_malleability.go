package solidity

import (
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
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> hashes the signature itself ` +
			`(<code>${signature}</code>) into the key that marks a message as processed. ECDSA signatures are malleable: ` +
			`anyone can turn a valid signature into a different valid one for the same message (negating <code>s</code>), ` +
			`which gives a fresh key and replays the message.</p>`,
		Remediation: `<p>Key replay protection on the signed message (its hash with a nonce), never on the signature bytes, ` +
			`and reject high-<code>s</code> signatures (OpenZeppelin <code>ECDSA.recover</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "signature"},
		DetectionLogic: "A public function that verifies a signature and acts on it (the sites SIGNATURE_REPLAY_NO_NONCE uses), " +
			"whose only replay protection is a location a condition reads and the call marks under a key computed from the " +
			"signature bytes (a parameter that reaches the check as signature, not as digest): no nonce in the digest, no mark " +
			"keyed by the message alone, no expiry.",
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
	for _, fn := range entryFunctions(pass.Functions()) {
		u := signatureUse(p, fn)
		if u == nil || u.effect == "" {
			continue
		}
		r := u.replay
		if r.protected || r.sigKeyed == nil || r.assumed != "" {
			continue
		}
		w := r.sigKeyed
		at := signatureHash(p, fn, u)
		if at == nil {
			at = w.Site
		}
		c := u.checks[0]
		ev := checkEvidence(p, fn, u, c)
		ev.Add("the call marks " + locName(w.Loc) + " under a key computed from the signature itself, and a check reads it back")
		ev.Add("nothing else records the signed message")
		pass.Report(detect.Finding{Pos: at.Pos(), End: at.End(), Function: fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fn), "signature": signatureName(fn, u)}})
	}
}

// signatureHash returns the hash in fn's own code that takes the signature (the key a
// malleable signature changes), or nil.
func signatureHash(p *sema.Program, fn *sema.Function, u *sigUse) ast.Node {
	info := p.Info(fn)
	d := p.DepsOf(info)
	sigOnly := u.sigOnly()
	for _, c := range info.Calls {
		if c.Kind != sema.CallBuiltin || (c.Name != "keccak256" && c.Name != "sha3" && c.Name != "sha256") {
			continue
		}
		for _, a := range c.Args {
			if d.Of(a).Params&sigOnly != 0 {
				return c.Expr
			}
		}
	}
	return nil
}

// signatureName names the parameter of fn that carries the signature.
func signatureName(fn *sema.Function, u *sigUse) string {
	sigOnly := u.sigOnly()
	for i, prm := range fn.Params {
		if i < 63 && sigOnly&(1<<uint(i)) != 0 && prm.Name != "" {
			return prm.Name
		}
	}
	return "the signature"
}
