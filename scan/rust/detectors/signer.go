package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// MissingSignerCheck reports authority accounts that are compared with
// stored state but never required to sign.
var MissingSignerCheck = &Analyzer{
	Template: template(detect.Template{
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
	}),
	Run: func(p *Pass) {
		// Anchor.
		checked := map[*model.AccountsStruct]map[string]bool{}
		for _, u := range p.units() {
			if u.Accounts == nil {
				continue
			}
			if checked[u.Accounts] == nil {
				checked[u.Accounts] = map[string]bool{}
			}
			for _, f := range u.Accounts.Fields {
				if checksField(u.Func.Decl.Body, u.Ctx+".accounts."+f.Name, "is_signer") ||
					u.Ctx == "self" && checksField(u.Func.Decl.Body, "self."+f.Name, "is_signer") {
					checked[u.Accounts][f.Name] = true
				}
			}
		}
		for _, as := range p.Program.Accounts {
			for _, f := range as.Fields {
				if !isUnchecked(f) || f.Constraints.Signer || checked[as][f.Name] || !isAuthority(as, f.Name) {
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
			for _, b := range model.AccountBindings(u.Func) {
				if checksField(body, b.Name, "is_signer") || !keyMatched(body, b.Name) {
					continue
				}
				p.Report(b.Node, u.Func, map[string]string{"account_name": b.Name})
			}
		}
	},
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
// field of some other value (stored state), as authorities are.
func keyMatched(body ast.Node, name string) bool {
	for _, c := range model.Comparisons(body) {
		for _, pair := range [][2]string{{c.XPath, c.YPath}, {c.YPath, c.XPath}} {
			if (pair[0] == name+".key" || pair[0] == name+".key()") && strings.Contains(pair[1], ".") && !strings.HasSuffix(pair[1], ".key") &&
				(authorityWord(name) || authorityWord(pair[1][strings.LastIndexByte(pair[1], '.')+1:])) {
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
