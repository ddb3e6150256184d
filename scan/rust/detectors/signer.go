package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// MissingSignerCheck reports authority accounts that are compared with
// stored state but never required to sign.
var MissingSignerCheck = analyzer(detect.Template{
	ID:         "SOLANA_MISSING_SIGNER_CHECK",
	Name:       "Missing signer check",
	Severity:   detect.Critical,
	Confidence: detect.ConfidenceMedium,
	Description: "<p>Account <code>${account_name}</code> acts as an authority (its key is matched " +
		"against stored state) but nothing requires it to sign the transaction, so anyone can pass " +
		"the real authority's address and act in its name.</p>",
	Remediation: "<p>Anchor: type the field as <code>Signer&lt;'info&gt;</code> or add the " +
		"<code>signer</code> constraint. Native: return <code>MissingRequiredSignature</code> unless " +
		"<code>account.is_signer</code>.</p>",
	DescriptionKeys: []string{"account_name"},
	DetectionLogic:  "Anchor: AccountInfo/UncheckedAccount fields that are a has_one target or compared by key in a constraint, without the signer constraint, whose handlers never test <field>.is_signer in a condition. Native: accounts bound from the account list whose key is compared in the function while <name>.is_signer is never tested in a condition.",
	CWE:             []string{"CWE-862"},
	Class:           "access-control",
},
	func(p *Pass) {
		// Anchor.
		byStruct := map[*model.AccountsStruct][]unit{}
		for _, u := range p.units() {
			if u.Accounts != nil {
				byStruct[u.Accounts] = append(byStruct[u.Accounts], u)
			}
		}
		passedOn := handedOffFields(p.units())
		for _, as := range p.Program.Accounts {
			v := p.validation(as)
			for _, f := range as.Fields {
				t := v.Facts[f.Name]
				if !isUnchecked(f) || t.Signer {
					continue
				}
				// An authority: the key a mutable account's has_one or
				// constraint matches, or an account named as one that nothing
				// else pins (no seeds, address, has_one or key comparison) and
				// that the code does not merely record or pass on (a new
				// authority being set, a recipient).
				// (The naming rule holds for instruction accounts only: a struct
				// no handler takes is a CPI accounts list for other programs.)
				if !isAuthority(as, f.Name) && !(authorityWord(f.Name) && !t.Pinned && !v.Mentions(f.Name) &&
					!passedOn[as][f.Name] && len(byStruct[as]) > 0) {
					continue
				}
				if p.signedInCode(byStruct[as], f.Name) {
					continue
				}
				// Accounts converted into another instruction's struct
				// (ctx.accounts.to_settle_funds()) are checked by its code.
				converted := false
				for _, other := range convertsTo(p.Program, as) {
					if other.Field(f.Name) != nil && p.signedInCode(byStruct[other], f.Name) {
						converted = true
					}
				}
				if converted {
					continue
				}
				p.Report(fieldNode(f), nil, map[string]string{"account_name": f.Name})
			}
		}
		// Native.
		for _, u := range p.units() {
			if u.Ctx != "" {
				continue
			}
			body := u.Func.Decl.Body
			env := lets(body)
			for _, b := range model.AccountBindings(u.Func) {
				if !keyMatched(body, b.Name, func(stored string) bool { return guardsWrite(body, u, env, stored) }) ||
					p.checkedIn(u.Func, b.Name, PropSigner) || p.checkedIn(u.Func, b.Name, PropSignedPDA) {
					continue
				}
				p.Report(b.Node, u.Func, map[string]string{"account_name": b.Name})
			}
		}
	})

// guardsWrite reports a stored path (state.authority) read from data of
// an account the function writes: the key comparison then authorizes a
// change to the program's own state. Comparing a wallet with a foreign
// token account's owner field authorizes nothing by itself.
func guardsWrite(body ast.Node, u unit, env map[string]ast.Expr, stored string) bool {
	root := stored
	if i := strings.IndexByte(root, '.'); i >= 0 {
		root = root[:i]
	}
	init, ok := env[root]
	if !ok {
		// A parameter (state passed in by the caller) may well be written
		// later; a value bound by a pattern (if let Ok(x) = ..) is read-only
		// here as far as can be told.
		return fnParams(u.Func)[root]
	}
	for _, acc := range accountsIn(init, u, env) {
		if writesAccount(body, acc) {
			return true
		}
	}
	return false
}

// convertsTo lists the Accounts structs that methods of as return (fn
// to_settle_funds(&self) -> SettleFunds), the way one instruction reuses
// another's code.
func convertsTo(prog *model.Program, as *model.AccountsStruct) []*model.AccountsStruct {
	var out []*model.AccountsStruct
	for _, m := range as.Methods {
		if m.Decl.Result == nil {
			continue
		}
		if other := prog.AccountsStruct(typeLast(m.Decl.Result)); other != nil && other != as {
			out = append(out, other)
		}
	}
	return out
}

// signedInCode reports an account that the handlers of its struct check
// for a signature (is_signer, directly or in a helper) or sign for
// themselves as a PDA.
func (p *Pass) signedInCode(us []unit, name string) bool {
	for _, u := range us {
		if p.accountChecked(u, name, PropSigner) || p.accountChecked(u, name, PropSignedPDA) {
			return true
		}
	}
	return false
}

// isAuthority reports an Accounts field whose key another field's
// constraints match: a has_one target, or a constraint comparing
// field.key().
func isAuthority(as *model.AccountsStruct, name string) bool {
	for _, f := range as.Fields {
		// Only a change to the holder's state needs its authority: a
		// read-only has_one (a deposit into a vault) does not.
		c := f.Constraints
		if !c.Mut && c.Close == nil && c.Realloc == nil {
			continue
		}
		if c.HasOneTarget(name) {
			return true
		}
		for _, c := range f.Constraints.Custom {
			for _, cmp := range model.Comparisons(c.Value) {
				if cmp.XPath == name+".key()" || cmp.YPath == name+".key()" {
					return true
				}
			}
		}
	}
	return false
}

// keyMatched reports a native account whose key is compared with a
// field of some other value (stored state), as authorities are; relevant
// (when given) filters the stored paths that matter.
func keyMatched(body ast.Node, name string, relevant func(stored string) bool) bool {
	for _, c := range model.Comparisons(body) {
		for _, pair := range [][2]string{{c.XPath, c.YPath}, {c.YPath, c.XPath}} {
			if (pair[0] == name+".key" || pair[0] == name+".key()") && strings.Contains(pair[1], ".") && !strings.HasSuffix(pair[1], ".key") &&
				(authorityWord(name) || authorityWord(pair[1][strings.LastIndexByte(pair[1], '.')+1:])) &&
				(relevant == nil || relevant(pair[1])) {
				return true
			}
		}
	}
	return false
}

var authorityWords = []string{"authority", "admin", "owner", "signer", "manager", "operator", "governor",
	"guardian", "creator", "controller", "delegate", "multisig"}

// authorityWord reports names that denote who may act: authority,
// admin, owner, ...
func authorityWord(name string) bool {
	name = strings.ToLower(name)
	for _, w := range authorityWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
