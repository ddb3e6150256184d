package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
)

// SignatureReplay reports public functions that act on a signature but record nothing that
// stops the same signature from being submitted again: no nonce, no used-hash mapping.
var SignatureReplay = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SIGNATURE_REPLAY_NO_NONCE",
		Name:       "Signature can be replayed (no nonce)",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> acts on a signed message but ` +
			`keeps no record that it was used: no nonce is consumed and no hash is marked as spent. Anyone who sees the ` +
			`signature once can submit it again and repeat the action (a transfer, a withdrawal, a mint).</p>`,
		Remediation: `<p>Include a per-signer nonce in the signed data and increment it on use (<code>nonces[signer]++</code>), ` +
			`or mark the message hash as used (<code>require(!used[digest]); used[digest] = true;</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A public state-changing function that recovers a signer (ecrecover, ECDSA.recover, isValidSignature, " +
			"directly or through helpers) and, itself or through helpers, writes no nonce/used/executed-like state, no " +
			"bytes32-keyed mapping, no counter, and calls no nonce manager.",
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
		sites := signatureSites(p, fn)
		if len(sites) == 0 || recordsUse(p, fn) {
			continue
		}
		s := sites[0]
		f := detect.Finding{Pos: s.call.Expr.Pos(), End: s.call.Expr.End(), Function: fn.Name,
			Details: map[string]string{"function_name": fnName(fn)}}
		if callerRestrictedAt(p, fn, s.node) {
			f.Severity = detect.Medium // only a trusted submitter (a relayer) can replay
		}
		pass.Report(f)
	}
}
