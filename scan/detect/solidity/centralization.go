package solidity

import (
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// CentralizationRisk lists the powers a privileged account holds over users: functions only an
// owner or role can call that mint, pause, upgrade, move funds out, burn or freeze others'
// balances, or change fees. They are not bugs, but users must trust whoever holds the key.
var CentralizationRisk = &detect.Analyzer{
	Template: detect.Template{
		ID:         "CENTRALIZATION_RISK",
		Name:       "Privileged function with power over users' funds",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> is restricted to a privileged ` +
			`account and ${powers}. Users depend on that account's key and honesty: if it is compromised or acts ` +
			`maliciously, it can use this power against them.</p>`,
		Remediation: `<p>Put privileged roles behind a multisig and a timelock, document them, and limit what they can do ` +
			`(caps on fees and mints, no withdrawal of user deposits).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "powers"},
		DetectionLogic: "A public function with an access check that (itself or through helpers) increases a supply variable, " +
			"writes a pause switch or an implementation, sends ether or tokens to a caller-chosen address, reduces another " +
			"account's balance, or writes a fee or blacklist variable; or sends a token its caller names (a rescue) while the " +
			"contract keeps a token in state (moved by its own code, or declared with the type the rescue sends through) that " +
			"no condition of the rescue compares the named token with. Low severity when it can move or burn users' tokens.",
		Version:   "1.0.0",
		SWC:       nil, // a trust assumption, not an SWC weakness
		CWE:       []string{"CWE-250", "CWE-269"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "centralization",
	},
	Run: runCentralization,
}

func runCentralization(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if !accessControlled(p, fn) {
			continue
		}
		info := p.Info(fn)
		powers := map[string]bool{}
		userFunds := false
		for _, w := range entryWrites(p, fn) {
			switch {
			case isSupplyVar(w.v) && increaseOf(w.info, w.at) != nil:
				powers["mints tokens"] = true
			case isPauseVar(w.v):
				powers["can pause the contract"] = true
			case isImplementationVar(w.v):
				powers["can replace the contract's code"] = true
			case hasWord(w.v.Name, "blacklist", "blacklisted", "blocklist", "blocked", "banned", "frozen", "freeze", "denylist"):
				powers["can freeze accounts"] = true
			case hasWord(w.v.Name, "fee", "fees", "tax", "taxes") && !w.v.IsConstant():
				powers["sets fees"] = true
			case burnWrite(p, fn, info, w):
				powers["can take other accounts' balances"] = true
				userFunds = true
			}
		}
		for _, n := range info.CFG.Nodes {
			for _, c := range nodeCalls(p, n) {
				if to, _, ok := ethTransfer(c); ok && callerChosen(info, to) {
					powers["can send the contract's ether anywhere"] = true
				}
				name := strings.ToLower(c.Name)
				if (c.Kind == sema.CallExternal || c.Kind == sema.CallLibrary) && (name == "transfer" || name == "safetransfer") {
					if len(c.Args) >= 2 && callerChosen(info, c.Args[len(c.Args)-2]) {
						powers["can send the contract's tokens anywhere"] = true
					}
				}
				if from := transferFromSource(c); from != nil && paramChosen(info, from) {
					powers["can move users' approved tokens"] = true
					userFunds = true
				}
				switch strings.TrimLeft(name, "_") {
				case "pause", "unpause":
					powers["can pause the contract"] = true
				case "mint":
					if c.Kind == sema.CallInternal || c.Kind == sema.CallExternal {
						powers["mints tokens"] = true
					}
				}
			}
		}
		var ev *detect.Evidence
		if held, why := rescuedHeldTokens(p, fn); len(held) > 0 {
			names := make([]string, len(held))
			for i, h := range held {
				names[i] = h.v.Name
			}
			powers["can send out any token it names, "+strings.Join(names, " and ")+" (tokens the contract itself moves or keeps) included"] = true
			userFunds, ev = true, why
		}
		if len(powers) == 0 {
			continue
		}
		var list []string
		for k := range powers {
			list = append(list, k)
		}
		sort.Strings(list)
		f := detect.Finding{Function: fn.Name, Evidence: ev, Details: map[string]string{"function_name": fnName(fn), "powers": strings.Join(list, ", ")}}
		f.Pos, f.End = headerRange(fn)
		if userFunds {
			f.Severity = detect.Low
		}
		pass.Report(f)
	}
}
