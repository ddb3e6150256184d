package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// SignatureReplay reports public functions that act on a signature but record nothing that
// stops the same signature from being submitted again: no nonce, no used-hash mapping.
var SignatureReplay = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SIGNATURE_REPLAY_NO_NONCE",
		Name:       "Signature can be replayed (no nonce)",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> acts on a signed message but ` +
			`keeps no record that it was used: no nonce is consumed and no hash is marked as spent. Anyone who sees the ` +
			`signature once can submit it again and repeat the action (a transfer, a withdrawal, a mint).</p>`,
		Remediation: `<p>Include a per-signer nonce in the signed data and increment it on use (<code>nonces[signer]++</code>), ` +
			`or mark the message hash as used (<code>require(!used[digest]); used[digest] = true;</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A public state-changing function that verifies a signature (ecrecover, a static call to the precompile at " +
			"address 1, ERC-1271 isValidSignature; in its own code or in the helpers, libraries and modifiers it runs; a missing " +
			"library's recover known by name only at low confidence) and acts on it (writes storage, sends ether or calls out on a " +
			"path through the check), with no replay protection in the code it runs: the signed digest includes no state the call " +
			"changes (a nonce), no location a condition reads is marked under a key of the signed message or its signer (a used " +
			"hash, a bitmap, a filled or cancelled order, a one-time claim), nothing is recorded under everything the digest is " +
			"made of, no signed value is compared with the block time, and no nonce is kept in code the scan cannot read. " +
			"Medium when only a checked caller can submit it; skipped when another contract computes the digest.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-121"},
		CWE:       []string{"CWE-294", "CWE-347"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "signature",
	},
	Run: runSignatureReplay,
}

func runSignatureReplay(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		u := signatureUse(p, fn)
		if u == nil || u.effect == "" {
			continue
		}
		if u.digest.Has(sema.SrcCallRet|sema.SrcFixedRet) || handedByTrustedCaller(p, fn, u) || selfSigned(u) {
			continue // another contract computes the digest: its nonce may be in it (a wallet's transaction hash)
		}
		r := u.replay
		if r.protected || r.sigKeyed != nil || r.assumed != "" {
			continue // a record keyed by the signature itself is SIGNATURE_MALLEABILITY's
		}
		c := u.checks[0]
		ev := checkEvidence(p, fn, u, c)
		ev.Add("the call then " + u.effect)
		ev.Add("no nonce is in the signed digest, nothing the call marks is read back by a check, and the digest carries no expiry")
		f := detect.Finding{Pos: c.Site.Pos(), End: c.Site.End(), Function: fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fn)}}
		if p.IsCallerGuarded(fn, c.Node) {
			f.Severity = detect.Medium // only a trusted submitter (a relayer) can replay
			ev.Add("only a caller that passes a check can submit it")
		}
		pass.Report(f)
	}
}
