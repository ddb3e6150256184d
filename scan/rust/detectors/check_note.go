package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// CheckNote reports UncheckedAccount and AccountInfo fields of Accounts
// structs that carry no "/// CHECK:" note.
var CheckNote = analyzer(detect.Template{
	ID:         "SOLANA_UNCHECKED_ACCOUNT_WITHOUT_CHECK_NOTE",
	Name:       "Unchecked account without a CHECK note",
	Severity:   detect.Low,
	Confidence: detect.ConfidenceHigh,
	Description: "<p>Field <code>${account_name}</code> of <code>${struct_name}</code> is an " +
		"<code>${account_type}</code>, which Anchor does not validate, and no <code>/// CHECK:</code> " +
		"note explains why that is safe.</p>",
	Remediation: "<p>Use a typed account (<code>Account</code>, <code>Program</code>, <code>Signer</code>, " +
		"<code>SystemAccount</code>) or add a <code>/// CHECK:</code> doc comment stating the checks the " +
		"program performs on the account.</p>",
	DescriptionKeys: []string{"account_name", "struct_name", "account_type"},
	DetectionLogic:  "Fields of #[derive(Accounts)] structs typed AccountInfo or UncheckedAccount (also inside Box or Option) whose doc comments have no line starting with CHECK.",
	CWE:             []string{"CWE-1059"},
	Class:           "account-validation",
},
	func(p *Pass) {
		for _, as := range p.Program.Accounts {
			for _, f := range as.Fields {
				if isUnchecked(f) && !f.HasCheck && f.Field.Name != nil {
					p.Report(fieldNode(f), nil, map[string]string{
						"account_name": f.Name, "struct_name": as.Name, "account_type": f.Type.Name,
					})
				}
			}
		}
	})

var _ = model.KindAccount
