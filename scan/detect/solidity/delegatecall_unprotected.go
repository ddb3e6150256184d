package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// DelegatecallUnprotectedWrite reports a contract that passes any caller's call on to other
// code by delegatecall (a proxy's fallback) when a function of that code, callable by anyone,
// writes a slot holding one of the contract's own control variables: the address it delegates
// to, a variable its own checks compare the caller with, or a role. Run in the proxy's storage,
// the write is the proxy's: anyone repoints it or makes themselves its owner.
var DelegatecallUnprotectedWrite = &detect.Analyzer{
	Template: detect.Template{
		ID:       "DELEGATECALL_UNPROTECTED_WRITE",
		Name:     "Anyone can rewrite a proxy's control state through the code it delegates to",
		Severity: detect.High,
		// Calibrated: no finding on the 26 audited projects; a role recognised by its name
		// alone lowers a finding to low.
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> passes any caller's call on to ` +
			`<code>${library}</code> by delegatecall, so that code runs in <code>${contract_name}</code>'s storage. ` +
			`<code>${library}.${callee}</code>, which anyone may call, writes <code>${library_var}</code> with a value the ` +
			`caller chooses; in <code>${contract_name}</code> that slot holds <code>${contract_var}</code>, ${role}. Anyone ` +
			`can overwrite it through the proxy.</p>`,
		Remediation: `<p>Restrict the function in the delegated code (a check of the caller that reads the same storage), or ` +
			`keep the proxy's own variables out of the slots its implementation uses (ERC-1967 slots for the admin and the ` +
			`implementation).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "library", "callee", "library_var", "contract_var", "role"},
		DetectionLogic: "A delegatecall that passes the caller's calldata on (msg.data, calldatasize() in assembly, a fallback) " +
			"to a contract identified by the target's type or by the selectors used with it; a public function of that " +
			"contract, not an initializer, writes with a caller-chosen value and no check of the caller a state variable whose " +
			"slot (solc's packing) holds, in the delegating contract, the delegatecall's own target or a variable its checks " +
			"compare the caller with (high), or a variable named for a role (low).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-112", "SWC-105"},
		CWE:       []string{"CWE-284", "CWE-829"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runDelegatecallUnprotectedWrite,
}

func runDelegatecallUnprotectedWrite(pass *detect.Pass) {
	reportDelegateSites(pass, true, unprotectedThroughSite)
}

// unprotectedThroughSite finds, among the public functions of the code behind forwarding site
// s, an unguarded write with a caller-chosen value to a slot holding a control variable of c.
func unprotectedThroughSite(p *sema.Program, c *sema.Contract, mine map[*sema.Var]slotPos, s delegateSite) *detect.Finding {
	theirs := storageLayout(s.impl)
	for _, g := range s.impl.AllFunctions() {
		if g.Body == nil || g.IsView() || !g.IsPublic() || isInitializerLike(g) || p.RunsOnce(g) || accessControlled(p, g) {
			continue
		}
		for _, w := range unguardedWrites(p, g) {
			pos, ok := theirs[w.v]
			if !ok {
				continue
			}
			other := overlapping(mine, pos, slotSize(w.v.Type))
			if other == nil {
				continue
			}
			if _, chosen := callerChoice(p, g, writeValueProv(p, g, w)); !chosen {
				continue
			}
			ev := siteEvidence(c, s)
			role := ""
			switch {
			case other == s.target:
				role = "the address it delegatecalls to"
				ev.Add(c.Name + "." + other.Name + " is the target of the delegatecall itself")
			case usedForAuth(p, c, other, ""):
				role = "which its own checks compare the caller with"
				ev.Add(c.Name + "'s checks compare the caller with " + other.Name)
			case isRoleVar(other) || hasWord(other.Name, strongRoleWords...):
				role = "named for a role"
				ev.Guess(other.Name + " is named for a role; " + c.Name + "'s own code does not check it")
			default:
				continue
			}
			ev.Add(s.impl.Name + "." + g.Name + " writes " + w.v.Name + " with a value the caller chooses and checks nothing about the caller")
			f := &detect.Finding{Pos: s.at.Pos(), End: s.at.End(), Evidence: ev, Details: map[string]string{
				"function_name": siteFunction(s), "library": s.impl.Name, "callee": g.Name,
				"library_var": w.v.Name, "contract_var": other.Name, "role": role}}
			if s.fn != nil {
				f.Function = s.fn.Name
			}
			return f
		}
	}
	return nil
}
