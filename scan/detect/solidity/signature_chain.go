package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
)

// SignatureNoChainID reports signatures whose signed data does not name the chain: a signature
// valid on one chain (or a testnet, or a fork) is valid on every chain the contract is deployed.
var SignatureNoChainID = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SIGNATURE_REPLAY_NO_CHAIN_ID",
		Name:       "Signature can be replayed on another chain",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> verifies a signature over data ` +
			`that includes neither the chain id nor an EIP-712 domain separator. The same signature is accepted by this ` +
			`contract on every chain it is deployed to (and on forks), so an action signed for one chain can be replayed on another.</p>`,
		Remediation: `<p>Sign EIP-712 typed data whose domain separator includes <code>block.chainid</code> and ` +
			`<code>address(this)</code> (OpenZeppelin <code>EIP712</code>), recomputing it if the chain id changes.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A public state-changing function that recovers a signer and, once the check has run, writes state, sends " +
			"ether or calls out (the signature authorises an action here; a verifier that only returns its verdict is left " +
			"to its caller), where neither it, its helpers nor the contract's functions mention block.chainid, chainid(), " +
			"a domain separator, EIP712 or typed-data hashing.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-121"},
		CWE:       []string{"CWE-294", "CWE-347"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "signature",
	},
	Run: runSignatureNoChainID,
}

func runSignatureNoChainID(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		sites := signatureSites(p, fn)
		if len(sites) == 0 || bindsChain(p, fn) {
			continue
		}
		s := sites[0]
		if !authorisesEffect(p, fn, s) {
			continue
		}
		pass.Report(detect.Finding{Pos: s.call.Expr.Pos(), End: s.call.Expr.End(), Function: fn.Name,
			Details: map[string]string{"function_name": fnName(fn)}})
	}
}
