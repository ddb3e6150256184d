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
		"as its first argument, is not (confidence low when only the argument's name says it is a program). Severity by what the " +
		"call can take: critical when the program address it signs as has another role in the program (owns token accounts, " +
		"receives value, is a mint's authority, is recorded in an account's data, signs other CPIs) or the instruction does " +
		"anything else around the call (writes, lamport changes, closes, other CPIs); low for a forwarder: unsigned or signed " +
		"by an address with no other role, in an instruction that does nothing else.",
	CWE:   []string{"CWE-829"},
	Class: "cpi",
}, func(p *Pass) {
	seen := map[ast.Node]bool{}
	for _, in := range p.Model.Instructions {
		for _, c := range in.Facts.CPIs {
			a := arbitraryProgram(in, c)
			if a == nil {
				continue
			}
			conf := detect.ConfidenceHigh
			what := "invokes the program given by " + a.Name + "'s key"
			if c.Guessed {
				conf = detect.ConfidenceLow
				what = "invokes, by " + c.Kind + ", the program its first argument names (" + a.Name + "'s key)"
			}
			stake, held := p.cpiStake(in, c)
			f := p.reportAt(seen, p.factNode(in, nil, c.Site), c.Fn, conf, map[string]string{"function_name": in.Name, "account_name": a.Name,
				"evidence": evidence(what+" at "+p.where(c.Site), "nothing in instruction "+in.Name+" fixes "+a.Name+"'s address", stake)})
			if f != nil && !held {
				f.Severity = detect.Low
			}
		}
	}
})

// arbitraryProgram returns the account an invocation takes its program from when nothing
// fixes that account's address, or nil.
func arbitraryProgram(in *validation.Instruction, c *validation.CPI) *validation.Account {
	if c.Program == nil || c.Program.Acc == "" || c.Program.Kind != validation.Key && c.Program.Kind != validation.AccountRef {
		return nil
	}
	a := in.Account(c.Program.Acc)
	if a == nil || a.KeyBoundTo() != nil || !a.Unchecked() {
		return nil
	}
	return a
}

// cpiStake says what a caller-chosen program can take through the call c, and whether it is
// anything (the Solidity ARBITRARY_EXTERNAL_CALL's question: does the contract carry authority
// beyond the transaction). Signed, the call lends it the signature of a program address: at
// stake is whatever the program makes that address hold or control in any instruction (token
// accounts it owns, lamports sent to it, a mint it is the authority of, a key recorded in some
// account's data, other instructions it signs). Signed or not, the instruction may rely on what
// the call did: its writes, lamport changes, closes and other CPIs. A call with neither at
// stake is a forwarder's: the caller could invoke that program itself, and an address that
// holds nothing between transactions loses nothing.
func (p *Pass) cpiStake(in *validation.Instruction, c *validation.CPI) (string, bool) {
	if signedCPI(c) {
		roles := p.Model.SignerRoles(c.Seeds, func(in *validation.Instruction, o *validation.CPI) bool { return arbitraryProgram(in, o) != nil })
		if len(roles) > 0 {
			return "the address it signs as has another role in the program, which the called program can use: " + roles[0].What + " (" + p.where(roles[0].Site) + ")", true
		}
	}
	if s, ok := otherEffect(in); ok {
		return "instruction " + in.Name + " relies on the call around " + p.where(s), true
	}
	if signedCPI(c) {
		return "the address it signs as has no other role in the program (it owns no token account, is no mint's authority, receives nothing, is recorded nowhere, signs nothing else) and the instruction does nothing else: a forwarder that holds nothing between transactions, so what is left with that address can be moved by any caller", false
	}
	return "it signs as no program address and the instruction does nothing else: the caller's own accounts and signatures go to the program it names, which it could invoke itself", false
}

// otherEffect returns the first thing the instruction does besides calling caller-chosen
// programs: a write, a lamport change, a close or another CPI.
func otherEffect(in *validation.Instruction) (validation.Site, bool) {
	f := &in.Facts
	switch {
	case len(f.Writes) > 0:
		return f.Writes[0].Site, true
	case len(f.Lamports) > 0:
		return f.Lamports[0].Site, true
	case len(f.Closes) > 0:
		return f.Closes[0].Site, true
	}
	for _, o := range f.CPIs {
		if arbitraryProgram(in, o) == nil {
			return o.Site, true
		}
	}
	return validation.Site{}, false
}

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
