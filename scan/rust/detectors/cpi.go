package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// ArbitraryCPI reports cross-program invocations whose target program is an account the
// caller chooses.
var ArbitraryCPI = analyzer(detect.Template{
	ID:         "SOLANA_ARBITRARY_CPI",
	Name:       "Arbitrary CPI",
	Severity:   detect.Critical,
	Confidence: detect.ConfidenceHigh,
	Description: "<p><code>${function_name}</code> invokes the program in account " +
		"<code>${account_name}</code> without checking its address, so a caller can substitute a " +
		"malicious program that receives the instruction's accounts and signatures.</p><p>Evidence: ${evidence}.</p>",
	Remediation: "<p>Anchor: type the account as <code>Program&lt;'info, T&gt;</code> or pin it with " +
		"<code>address = ...</code>. Native: compare <code>program.key</code> with the expected id " +
		"before invoking.</p>",
	DescriptionKeys: []string{"function_name", "account_name", "evidence"},
	DetectionLogic: "From the account-validation model, per instruction: an invoke/invoke_signed whose instruction " +
		"takes its program id from an account (Instruction { program_id: *acc.key, .. }, Instruction::new_with_*(acc.key, " +
		"..), a builder given an account's key where it takes the program id), in the handler or any helper it calls, " +
		"when nothing fixes that account's address: no comparison of its key in any form with a constant, the program's " +
		"id, a stored key or a derived address, no Program/Interface type, no address constraint. Builders that fix or " +
		"check the program id are trusted: Anchor's CPI helpers (anchor_spl::token::transfer and friends, " +
		"system_program::*, generated program::cpi::* clients), spl-token-2022's, the system program's, and the " +
		"registry spl-token's from 3.1.1 (its version from Cargo.lock, else the Cargo.toml requirement), whatever name " +
		"the crate is imported under; a vendored or older spl-token, or another crate's builder given an account's key " +
		"as its first argument, is not (confidence low when only the argument's name says it is a program).",
	CWE:   []string{"CWE-829"},
	Class: "cpi",
}, func(p *Pass) {
	seen := map[ast.Node]bool{}
	for _, in := range p.Model.Instructions {
		for _, c := range in.Facts.CPIs {
			if c.Program == nil || c.Program.Acc == "" || c.Program.Kind != validation.Key && c.Program.Kind != validation.AccountRef {
				continue
			}
			a := in.Account(c.Program.Acc)
			if a == nil || a.KeyBoundTo() != nil || !a.Unchecked() {
				continue
			}
			conf := detect.ConfidenceHigh
			what := "invokes the program given by " + a.Name + "'s key"
			if c.Guessed {
				conf = detect.ConfidenceLow
				what = "invokes, by " + c.Kind + ", the program its first argument names (" + a.Name + "'s key)"
			}
			p.reportAt(seen, p.factNode(in, nil, c.Site), c.Fn, conf, map[string]string{"function_name": in.Name, "account_name": a.Name,
				"evidence": evidence(what+" at "+p.where(c.Site), "nothing in instruction "+in.Name+" fixes "+a.Name+"'s address")})
		}
	}
})

// inCrate reports a call that may reach a function of the crate: a
// method, a bare name, or a path that starts in the crate (crate::,
// self::, super::, one of its modules, or an import from it), not
// token_2022::burn when the crate has its own burn.
func (p *Pass) inCrate(caller *model.Function, c *model.Call) bool {
	if c.Method != "" || !strings.Contains(c.Path, "::") {
		return true
	}
	path := caller.File.Resolve(c.Path)
	first, _, _ := strings.Cut(path, "::")
	switch first {
	case "crate", "self", "super", "Self":
		return true
	}
	return p.isModule(first)
}
