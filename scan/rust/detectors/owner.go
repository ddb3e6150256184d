package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// deserializersNeedingOwner are the data readers that do not check the
// owning program themselves (AccountLoader::load and Sysvar readers do).
var deserializersNeedingOwner = map[string]bool{
	"try_from_slice": true, "try_from_slice_unchecked": true, "deserialize": true,
	"try_deserialize": true, "try_deserialize_unchecked": true, "unpack": true,
	"unpack_unchecked": true, "unpack_from_slice": true, "from_bytes": true,
	"try_from_bytes": true, "pod_from_bytes": true,
}

// MissingOwnerCheck reports account data deserialized without checking
// which program owns the account.
var MissingOwnerCheck = analyzer(detect.Template{
	ID:         "SOLANA_MISSING_OWNER_CHECK",
	Name:       "Missing owner check",
	Severity:   detect.Critical,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> reads the data of account <code>${account_name}</code> " +
		"without checking its owner, so an attacker can pass an account owned by another program " +
		"with forged contents.</p>",
	Remediation: "<p>Anchor: use <code>Account&lt;'info, T&gt;</code> (or the <code>owner = ...</code> " +
		"constraint). Native: compare <code>account.owner</code> with the expected program id before " +
		"deserializing.</p>",
	DescriptionKeys: []string{"function_name", "account_name"},
	DetectionLogic:  "Calls of try_from_slice, try_deserialize, unpack and similar over the data of an account (followed through local variables) that is an AccountInfo/UncheckedAccount field without an owner constraint, or a native account binding, when the function never compares <account>.owner.",
	CWE:             []string{"CWE-345"},
	Class:           "account-validation",
},
	func(p *Pass) {
		facts := map[*model.AccountsStruct]*model.Validation{}
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := lets(body)
			for _, c := range model.Calls(body) {
				if c.Macro || !deserializersNeedingOwner[c.Name()] || len(c.Args) == 0 {
					continue
				}
				for _, acc := range accountsIn(c.Args[len(c.Args)-1], u, env) {
					switch {
					case acc == remainingAccounts:
						// Anchor checks nothing about remaining accounts.
					case u.Ctx != "":
						f := fieldOf(u.Accounts, acc)
						if f == nil {
							continue
						}
						if facts[u.Accounts] == nil {
							facts[u.Accounts] = p.validation(u.Accounts)
						}
						// Anchor checked the owner, or the address is fixed
						// (a PDA, address =, a has_one target).
						if t := facts[u.Accounts].Facts[acc]; t.OwnerChecked || t.Pinned {
							continue
						}
					case !u.Bindings[acc]:
						continue
					}
					// The account's own owner, not the owner field of data read
					// from it (an unpacked token account's owner is a wallet).
					if p.accountChecked(u, acc, PropOwner) || p.accountChecked(u, acc, PropKey) ||
						p.accountChecked(u, acc, PropWritten) || passedToTokenProgram(body, acc) ||
						u.Ctx == "" && fnParams(u.Func)[acc] && p.ownerEstablishedByCallers(u.Func, acc, 0) {
						continue
					}
					p.Report(c.Node, u.Func, map[string]string{"account_name": acc})
					break
				}
			}
		}
	})

// writesAccount reports code that mutates acc's data or debits its
// lamports: the runtime then rejects accounts the program does not own.
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
