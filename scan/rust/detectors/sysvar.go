package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// uncheckedSysvarReaders read sysvar data without checking the account's
// address (deprecated in favour of their _checked forms).
var uncheckedSysvarReaders = map[string]bool{
	"load_instruction_at": true, "load_current_index": true,
}

// UncheckedSysvar reports sysvars read from accounts whose address is not
// checked.
var UncheckedSysvar = &Analyzer{
	Template: template(detect.Template{
		ID:         "SOLANA_UNCHECKED_SYSVAR_ACCOUNT",
		Name:       "Unchecked sysvar account",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: "<p><code>${function_name}</code> reads a sysvar with <code>${call}</code> from account " +
			"<code>${account_name}</code> without checking its address, so a forged account is trusted " +
			"(the flaw behind the Wormhole exploit).</p>",
		Remediation: "<p>Use the checked readers (<code>load_instruction_at_checked</code>, " +
			"<code>load_current_index_checked</code>, <code>Sysvar::from_account_info</code>), type the " +
			"field as <code>Sysvar&lt;'info, T&gt;</code>, or pin it with <code>address = sysvar::...::ID</code>.</p>",
		DescriptionKeys: []string{"function_name", "call", "account_name"},
		DetectionLogic:  "Calls of load_instruction_at and load_current_index over data of an account (followed through locals) that has no address constraint and whose key the function never compares.",
		CWE:             []string{"CWE-345"},
		Class:           "account-validation",
	}),
	Run: func(p *Pass) {
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := lets(body)
			for _, c := range model.Calls(body) {
				if c.Macro || !uncheckedSysvarReaders[c.Name()] || len(c.Args) == 0 {
					continue
				}
				accs := accountsIn(c.Args[len(c.Args)-1], u, env)
				for _, acc := range accs {
					if f := fieldOf(u.Accounts, acc); f != nil && (f.Constraints.Address != nil || f.Type.Kind == model.KindSysvar) {
						continue
					}
					if comparesAny(body, names(u, env, acc), "key") {
						continue
					}
					p.Report(c.Node, u.Func, map[string]string{"call": c.Name(), "account_name": acc})
					break
				}
			}
		}
	},
}
