package detectors

import (
	"strings"

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
var UncheckedSysvar = analyzer(detect.Template{
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
	DetectionLogic:  "Calls of load_instruction_at and load_current_index over data of an account (followed through locals) that has no address constraint and whose key the function never compares; and AccountInfo/UncheckedAccount fields named as a sysvar (rent, clock, instructions, ...) with no address constraint, whose key the handlers never compare or check_id, and that they never read through Sysvar::from_account_info or a checked reader.",
	CWE:             []string{"CWE-345"},
	Class:           "account-validation",
},
	func(p *Pass) {
		// Anchor fields named as a sysvar but typed AccountInfo or
		// UncheckedAccount: nothing checks the address.
		byStruct := map[*model.AccountsStruct][]unit{}
		for _, u := range p.units() {
			if u.Accounts != nil {
				byStruct[u.Accounts] = append(byStruct[u.Accounts], u)
			}
		}
		for as, us := range byStruct {
			for _, f := range as.Fields {
				if !isUnchecked(f) || f.Constraints.Address != nil || !sysvarNames[f.Name] || sysvarChecked(p, us, f.Name) {
					continue
				}
				// The finding is the field's; the description names the instructions taking it.
				var handlers []string
				for _, u := range us {
					handlers = append(handlers, u.Func.Name)
				}
				p.Report(fieldNode(f), nil, map[string]string{"call": "its key or data", "account_name": f.Name,
					"function_name": strings.Join(handlers, ", ")})
			}
		}
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := u.Func.Lets()
			for _, c := range u.Func.Calls() {
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
	})

// sysvarNames are the field names programs give sysvar accounts.
var sysvarNames = map[string]bool{
	"rent": true, "clock": true, "instructions": true, "instructions_sysvar": true, "ix_sysvar": true,
	"sysvar_instructions": true, "slot_hashes": true, "recent_slothashes": true, "stake_history": true,
	"epoch_schedule": true, "recent_blockhashes": true, "rent_sysvar": true, "clock_sysvar": true,
}

// sysvarChecked reports a sysvar field whose key the handlers compare or
// check (sysvar::rent::check_id), that they read through a checked reader
// (Rent::from_account_info, load_instruction_at_checked), or through an
// unchecked reader, which the detector reports at the call.
func sysvarChecked(p *Pass, us []unit, name string) bool {
	for _, u := range us {
		if p.accountChecked(u, name, PropKey) {
			return true
		}
		env := u.Func.Lets()
		for _, c := range u.Func.Calls() {
			switch c.Name() {
			case "check_id", "from_account_info", "load_instruction_at_checked", "load_current_index_checked",
				"get_instruction_relative",
				"load_instruction_at", "load_current_index": // reported at the read instead
				for _, a := range c.Args {
					for _, acc := range accountsIn(a, u, env) {
						if acc == name {
							return true
						}
					}
				}
			}
		}
	}
	return false
}
