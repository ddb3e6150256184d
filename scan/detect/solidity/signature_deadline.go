package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// SignatureNoDeadline reports signatures that never expire: the signed data carries no
// deadline, or the contract never compares one with the time. A signature that was not used
// at once (a failed relay, an order the signer changed their mind about) stays valid forever,
// and whoever holds it can submit it years later.
var SignatureNoDeadline = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SIGNATURE_NO_DEADLINE",
		Name:       "Signature without expiry",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> acts on a signed message ` +
			`but neither it nor its helpers compare a deadline with <code>block.timestamp</code> (or the block number). ` +
			`A signature that was not used at once stays valid forever: the signer cannot let it lapse, only revoke it ` +
			`(if the contract offers that), and anyone holding it can submit it when it suits them.</p>`,
		Remediation: `<p>Include a deadline in the signed data and check <code>require(block.timestamp &lt;= deadline)</code> ` +
			`before acting on the signature (as EIP-2612 permits do).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A public state-changing function that verifies a signature and acts on it (the sites the other signature " +
			"detectors use), whose signed digest includes no block value and none of whose signed values is compared with " +
			"block.timestamp, now or block.number in the code it runs.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-121"},
		CWE:       []string{"CWE-294", "CWE-613"},
		Languages: []string{"solidity"},
		Class:     "signature",
	},
	Run: runSignatureNoDeadline,
}

func runSignatureNoDeadline(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		u := signatureUse(p, fn)
		if u == nil || u.effect == "" || u.digest.Has(sema.SrcCallRet|sema.SrcFixedRet) || expiry(u, p.EntryConds(fn)) != "" {
			continue
		}
		c := u.checks[0]
		ev := checkEvidence(p, fn, u, c)
		ev.Add("no signed value is compared with block.timestamp or block.number, and the digest includes neither")
		pass.Report(detect.Finding{Pos: c.Site.Pos(), End: c.Site.End(), Function: fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fn)}})
	}
}
