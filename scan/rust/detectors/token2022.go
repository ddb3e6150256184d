package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
)

// uncheckedTransfers are the Token-2022 (and token interface) transfer
// entry points that take no mint and no decimals.
var uncheckedTransfers = []string{
	"token_2022::transfer", "token_interface::transfer", "spl_token_2022::instruction::transfer",
}

// Token2022UncheckedTransfer reports transfer (not transfer_checked) through
// the Token-2022 program or the token interface.
var Token2022UncheckedTransfer = analyzer(detect.Template{
	ID:         "SOLANA_TOKEN_2022_UNCHECKED_TRANSFER",
	Name:       "Token-2022 transfer without transfer_checked",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceHigh,
	Description: "<p><code>${function_name}</code> moves tokens with <code>${call}</code>, which names no mint " +
		"and no decimals. Token-2022 deprecates it: mints with extensions (transfer fees, transfer " +
		"hooks) reject it or move a different amount than the program accounts for.</p>",
	Remediation: "<p>Use <code>transfer_checked</code> with the mint account and its decimals, and account " +
		"for transfer fees (the amount received can be less than the amount sent).</p>",
	DescriptionKeys: []string{"function_name", "call"},
	DetectionLogic:  "Calls whose path, resolved through the file's imports, is token_2022::transfer, token_interface::transfer or spl_token_2022::instruction::transfer.",
	CWE:             []string{"CWE-477"},
	Class:           "cpi",
},
	func(p *Pass) {
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			for _, c := range fn.Calls() {
				if c.Macro || c.Path == "" || c.Name() != "transfer" {
					continue
				}
				path := fn.File.Resolve(c.Path)
				for _, u := range uncheckedTransfers {
					if path == u || strings.HasSuffix(path, "::"+u) {
						p.Report(c.Node, fn, map[string]string{"call": u})
						break
					}
				}
			}
		}
	})
