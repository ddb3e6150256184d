package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// MissingOwnerCheck reports account data deserialized without any fact establishing which
// program owns the account.
var MissingOwnerCheck = analyzer(detect.Template{
	ID:         "SOLANA_MISSING_OWNER_CHECK",
	Name:       "Missing owner check",
	Severity:   detect.Critical,
	Confidence: detect.ConfidenceHigh,
	Description: "<p>Instruction <code>${function_name}</code> reads the data of account <code>${account_name}</code> " +
		"without checking its owner, so an attacker can pass an account owned by another program " +
		"with forged contents.</p><p>Evidence: ${evidence}.</p>",
	Remediation: "<p>Anchor: use <code>Account&lt;'info, T&gt;</code> (or the <code>owner = ...</code> " +
		"constraint). Native: compare <code>account.owner</code> with the expected program id before " +
		"deserializing.</p>",
	DescriptionKeys: []string{"function_name", "account_name", "evidence"},
	DetectionLogic: "From the account-validation model, per instruction: an account whose type checks nothing " +
		"(AccountInfo, UncheckedAccount, remaining accounts, a native account) whose data the instruction's code (its " +
		"handler, or any helper it calls) deserializes with a reader that does not check the owner (try_from_slice, " +
		"deserialize, unpack, try_deserialize, bytemuck casts, ...), when nothing in the instruction establishes the " +
		"owner: no comparison of its owner in any form, no reader that checks it (Account::try_from, AccountLoader), no " +
		"write of its data or debit of its lamports (only the owner may), no fixed or stored address for its key, its key " +
		"seeds no address the program signs as (forged data would only steer the program's signature as an address of " +
		"that account's own), and it is not handed to the token program (which checks what it owns). Reported at the read when its code belongs to that " +
		"instruction alone, else at the account's binding or the instruction's entry (a shared reader is not at fault " +
		"for one caller), with the read in the evidence. Severity by whose funds a forged account can move: low in an " +
		"instruction that only sets up new state (every account it writes is created there, or written after a test of its " +
		"initialisation flag or type tag) and moves no existing holdings " +
		"(no outflow or lamport debit of an older account, no CPI signed as an address the new " +
		"state does not own), when every later instruction that takes an account by the key it records hands that account " +
		"to the token program or checks its owner: the forged data can only spoil the state its own caller sets up.",
	CWE:   []string{"CWE-345"},
	Class: "account-validation",
}, func(p *Pass) {
	seen := map[ast.Node]bool{}
	for _, in := range p.Model.Instructions {
		for _, a := range in.Accounts {
			if !a.Unchecked() {
				continue
			}
			read := unownedRead(a)
			if read == nil {
				continue
			}
			if _, ok := a.OwnerEstablished(); ok || a.KeyBoundTo() != nil || handedToTokenProgram(a) {
				continue
			}
			if len(a.Seeds) > 0 {
				// Its key seeds the addresses the program signs as: forged data can only
				// steer the program's signature as an address of that account's own.
				continue
			}
			conf := detect.ConfidenceHigh
			if a.Unresolved {
				conf = detect.ConfidenceMedium
			}
			own, low := p.initialisationOnly(in, a)
			f := p.reportAt(seen, p.factNode(in, a, read.Site), read.Fn, conf, map[string]string{"account_name": a.Name, "function_name": in.Name,
				"evidence": evidence("read as "+read.Type+" by "+p.where(read.Site), "no owner check, owner-checking reader, write or fixed address in instruction "+in.Name, own)})
			if f != nil && low {
				f.Severity = detect.Low
			}
		}
	}
})

// unownedRead returns a read of the account's data into a type by a reader that does not
// check the owner, or nil.
func unownedRead(a *validation.Account) *validation.DataRead {
	for _, r := range a.Reads {
		if r.How != validation.ReadRaw && !r.OwnerChecked {
			return r
		}
	}
	return nil
}

// handedToTokenProgram reports an account handed to a CPI of a token program as anything
// but the authority: the token program checks that it owns the accounts it operates on.
func handedToTokenProgram(a *validation.Account) bool {
	for role, cpis := range a.CPIs {
		if role == "authority" || role == "program" {
			continue
		}
		for _, c := range cpis {
			if isTokenCPI(c) {
				return true
			}
		}
	}
	return false
}

// isTokenCPI reports a CPI whose builder fixes or checks a token program's id.
func isTokenCPI(c *validation.CPI) bool {
	return c.Fixed != "" && (strings.Contains(c.Fixed, "spl_token") || strings.Contains(c.Fixed, "anchor_spl::token"))
}

// writesAccount reports code that mutates acc's data or debits its lamports: the runtime then
// rejects accounts the program does not own.
func writesAccount(body ast.Node, acc string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		mc, ok := n.(*ast.MethodCallExpr)
		if !ok {
			return true
		}
		switch mc.Name.Name {
		case "try_borrow_mut_data", "try_borrow_mut_lamports":
			found = found || mentions(model.ExprPath(mc.Recv), acc)
		case "borrow_mut":
			if f, ok := mc.Recv.(*ast.FieldExpr); ok && (f.Name.Name == "data" || f.Name.Name == "lamports") {
				found = found || mentions(model.ExprPath(f.X), acc)
			}
		}
		return !found
	})
	return found
}

// deserializersNeedingOwner are the data readers that do not check the
// owning program themselves (AccountLoader::load and Sysvar readers do).
var deserializersNeedingOwner = map[string]bool{
	"try_from_slice": true, "try_from_slice_unchecked": true, "deserialize": true,
	"try_deserialize": true, "try_deserialize_unchecked": true, "unpack": true,
	"unpack_unchecked": true, "unpack_from_slice": true, "from_bytes": true,
	"try_from_bytes": true, "pod_from_bytes": true,
}

// passedToTokenProgram reports accounts handed to an SPL token
// instruction, whose program checks their ownership itself.
func passedToTokenProgram(body ast.Node, acc string) bool {
	for _, c := range model.Calls(body) {
		if c.Macro || !(strings.HasPrefix(c.Path, "spl_token::instruction::") || strings.HasPrefix(c.Path, "spl_token_2022::instruction::")) {
			continue
		}
		for _, a := range c.Args {
			if containsName(a, acc) {
				return true
			}
		}
	}
	return false
}
