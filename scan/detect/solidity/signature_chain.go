package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// SignatureNoChainID reports signatures whose signed data does not name the chain: a signature
// valid on one chain (or a testnet, or a fork) is valid on every chain the contract is deployed.
var SignatureNoChainID = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SIGNATURE_REPLAY_NO_CHAIN_ID",
		Name:       "Signature can be replayed on another chain",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> verifies a signature over data ` +
			`that includes neither the chain id nor an EIP-712 domain separator. The same signature is accepted by this ` +
			`contract on every chain it is deployed to (and on forks), so an action signed for one chain can be replayed on another.</p>`,
		Remediation: `<p>Sign EIP-712 typed data whose domain separator includes <code>block.chainid</code> and ` +
			`<code>address(this)</code> (OpenZeppelin <code>EIP712</code>), recomputing it if the chain id changes.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A public state-changing function that verifies a signature (the sites SIGNATURE_REPLAY_NO_NONCE uses) and " +
			"acts on it (a verifier that only returns its verdict is left to its caller), whose signed digest, followed through " +
			"locals, helpers and libraries, includes neither block.chainid (chainid() in assembly) nor a state variable written " +
			"with a value computed from it (a cached domain separator or chain id), and none of whose signed values must equal " +
			"such a value or an immutable for the call to go on. Skipped when code the scan cannot read, or another contract, " +
			"builds the digest.",
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
		u := signatureUse(p, fn)
		if u == nil || u.effect == "" {
			continue
		}
		if u.opaque || u.vetted || handedByTrustedCaller(p, fn, u) || selfSigned(u) {
			continue // code the scan cannot read builds or vets the signed data: it may well name the chain
		}
		if bindsChain(p, fn, u) {
			continue
		}
		c := u.checks[0]
		ev := checkEvidence(p, fn, u, c)
		ev.Add("the call then " + u.effect)
		ev.Add("the signed digest includes neither block.chainid nor a value computed from it, and no signed value must match one")
		pass.Report(detect.Finding{Pos: c.Site.Pos(), End: c.Site.End(), Function: fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fn)}})
	}
}

// bindsChain reports whether u's signed digests name the chain: they hash the chain id, or a
// stored value computed from it (a cached EIP-712 domain separator), or a signed value must
// equal such a value, an immutable of the deployment (a bridge's endpoint id for this chain), or
// a digest only the deployment's administrators set (an oracle network's configuration digest)
// for the call to go on.
func bindsChain(p *sema.Program, fn *sema.Function, u *sigUse) bool {
	if chainy(p, u.digest) {
		return true
	}
	const chosen = sema.SrcSender | sema.SrcOrigin | sema.SrcData | sema.SrcCallRet | sema.SrcUnknown | sema.SrcBlock | sema.SrcParam
	for _, ec := range p.EntryConds(fn) {
		for _, cmp := range ec.Cmps {
			if !isEquality(cmp) {
				continue
			}
			for _, side := range [2]struct {
				signed, other sema.Prov
				expr          ast.Expr
			}{{cmp.X, cmp.Y, cmp.YExpr}, {cmp.Y, cmp.X, cmp.XExpr}} {
				if side.signed.Params&u.digest.Params == 0 || side.other.Params != 0 || side.other.Has(chosen) {
					continue
				}
				if chainy(p, side.other) || side.other.Has(sema.SrcImmutable) ||
					isBytes32(cmp.Info, side.expr) && len(side.other.Vars) > 0 && allAdminSet(p, fn.Contract, side.other.Vars) {
					return true
				}
			}
		}
	}
	return false
}

// chainy reports whether a value comes from the chain id, directly or through state computed
// from it.
func chainy(p *sema.Program, pv sema.Prov) bool {
	if pv.Has(sema.SrcChain) {
		return true
	}
	for _, v := range pv.Vars {
		if p.ChainBound(v) {
			return true
		}
	}
	return false
}

func allAdminSet(p *sema.Program, c *sema.Contract, vars []*sema.Var) bool {
	for _, v := range vars {
		if !p.AdminSet(c, v) {
			return false
		}
	}
	return true
}

// isBytes32 reports whether x is typed bytes32.
func isBytes32(info *sema.FuncInfo, x ast.Expr) bool {
	e, ok := info.Types[x].(*sema.Elementary)
	return ok && e.Name == "bytes32"
}
