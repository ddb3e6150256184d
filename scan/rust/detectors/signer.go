package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// MissingSignerCheck reports accounts that act as an authority, their key matched against
// stored state to allow a change, without being required to sign.
var MissingSignerCheck = analyzer(detect.Template{
	ID:         "SOLANA_MISSING_SIGNER_CHECK",
	Name:       "Missing signer check",
	Severity:   detect.Critical,
	Confidence: detect.ConfidenceHigh,
	Description: "<p>Account <code>${account_name}</code> acts as an authority (its key is matched " +
		"against stored state to allow a change) but nothing requires it to sign the transaction, so anyone can pass " +
		"the real authority's address and act in its name.</p><p>Evidence: ${evidence}.</p>",
	Remediation: "<p>Anchor: type the field as <code>Signer&lt;'info&gt;</code> or add the " +
		"<code>signer</code> constraint. Native: return <code>MissingRequiredSignature</code> unless " +
		"<code>account.is_signer</code>.</p>",
	DescriptionKeys: []string{"account_name", "evidence"},
	DetectionLogic: "From the account-validation model, per instruction: an account whose type checks nothing " +
		"(AccountInfo, UncheckedAccount, a native account) that acts as an authority: its key is compared (has_one, " +
		"a constraint, code or a helper the instruction calls, in any form) with a field of another account's data, " +
		"and the instruction changes that holder or what it controls (a write of its data, a debit of its lamports, an " +
		"outflow CPI from it, from an account tied to it, or signed by it). Not an authority: an " +
		"account that receives (credited lamports, a close target, a CPI destination), a data source (its data is read), " +
		"a PDA (address derived from seeds, or the program signs for it), or an account handed to a CPI (the invoked " +
		"program checks what it is given, an authority's signature included). Not reported when the instruction checks is_signer (directly or in a helper) or types it Signer. " +
		"Confidence is medium when the account is also handed to code the model cannot follow.",
	CWE:   []string{"CWE-862"},
	Class: "access-control",
}, func(p *Pass) {
	seen := map[ast.Node]bool{}
	roles := storedKeyRoles(p.Model)
	for _, in := range p.Model.Instructions {
		change := changeIn(in)
		for _, a := range in.Accounts {
			if strings.HasPrefix(a.Name, remainingAccounts) || !a.Unchecked() || a.IsSigner() || len(a.SignedFor) > 0 {
				continue
			}
			bind := storedBinding(a)
			if bind == nil || !authorityRole(a) {
				continue
			}
			holder, _ := bind.Other(func(v *validation.Value) bool { return v.Is(validation.Key, a.Name) })
			h := in.Account(holder.Acc)
			if h == nil || created(h) || p.foreignData(h) {
				// The holder is being created (the key is what it is set to), or is another
				// program's account (a token account's owner is the token program's to check).
				continue
			}
			if roles[dataType(h)+"."+holder.Path] == keyReference {
				// The stored key names an account other instructions read or pay into (an
				// oracle, a vault), never one that signs: a reference, not an authority.
				continue
			}
			what := change(holder.Acc)
			if what == "" {
				continue
			}
			conf := detect.ConfidenceHigh
			if a.Unresolved {
				conf = detect.ConfidenceMedium
			}
			p.reportAccount(seen, a, conf, map[string]string{"account_name": a.Name,
				"evidence": evidence("instruction "+in.Name, "its key is matched with stored state by "+p.where(bind.Site),
					"the instruction changes "+what+" (its holder)", "nothing checks is_signer")})
		}
	}
})

// storedBinding returns a comparison of the account's key with a field of another account's
// data.
func storedBinding(a *validation.Account) *validation.Relation {
	for _, r := range a.KeyRelations {
		if !r.Equal {
			continue
		}
		o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, a.Name) })
		if ok && o.Kind == validation.Field && o.Acc != a.Name {
			return r
		}
	}
	return nil
}

// authorityRole reports an account used for its address alone: not one that receives value,
// whose data is read, whose address is derived from seeds, or that is handed to a CPI.
func authorityRole(a *validation.Account) bool {
	if len(a.Credits) > 0 || len(a.ClosedInto) > 0 || len(a.Reads) > 0 {
		return false
	}
	if r := a.KeyFixed(); r != nil {
		return false
	}
	// Handed to a CPI, it is checked by the invoked program: as the authority of a CPI the
	// program does not sign, by its signature; of one it signs, it must be the PDA signing.
	return len(a.CPIs) == 0
}

// changeIn returns, for an instruction, a function naming a change it makes to the holder of
// an authority's stored key, or to what the holder controls ("" when none): a write of the
// holder's data, a debit of its lamports, or an outflow CPI from it, from an account tied to
// it, or signed by it.
func changeIn(in *validation.Instruction) func(holder string) string {
	return func(holder string) string {
		h := in.Account(holder)
		if h == nil {
			return ""
		}
		if len(h.Writes) > 0 {
			return "the data of " + holder
		}
		if len(h.Debits) > 0 {
			return "the lamports of " + holder
		}
		for _, c := range in.Facts.CPIs {
			if !c.Outflow() {
				continue
			}
			if src := c.Accounts["source"]; src != nil && src.Acc != "" && (src.Acc == holder || tiedTo(in.Account(src.Acc), holder)) {
				return "the balance of " + src.Acc + " (" + c.Kind + ")"
			}
			for _, sf := range h.SignedFor {
				if sf == c {
					return "balances the holder signs for (" + c.Kind + ")"
				}
			}
		}
		return ""
	}
}

// tiedTo reports an account whose key or token owner is matched with the holder's data or
// key.
func tiedTo(a *validation.Account, holder string) bool {
	if a == nil {
		return false
	}
	for _, r := range a.KeyRelations {
		if o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, a.Name) }); ok && r.Equal && o.Acc == holder {
			return true
		}
	}
	for _, r := range a.In().Facts.Relations {
		if !r.Equal {
			continue
		}
		if o, ok := r.Other(func(v *validation.Value) bool {
			return v.Kind == validation.Field && v.Acc == a.Name && v.Path == "owner"
		}); ok &&
			o.Kind == validation.Key && o.Acc == holder {
			return true
		}
	}
	return false
}

// created reports an account the instruction creates (init, init_if_needed, zero).
func created(a *validation.Account) bool {
	c := a.Field
	return c != nil && (c.Constraints.Init || c.Constraints.InitIfNeeded || c.Constraints.Zero)
}

// foreignData reports an account whose data is another program's type (a token account, a
// mint): an Anchor account of a type the crate does not declare, or data read by a path into
// another crate (spl_token::state::Account::unpack).
func (p *Pass) foreignData(a *validation.Account) bool {
	if a.Field != nil && a.Field.Type.Inner != "" && !a.Unchecked() {
		return p.Program.DataStruct(a.Field.Type.Inner) == nil
	}
	for _, r := range a.Reads {
		if r.How == validation.ReadRaw || !strings.Contains(r.Type, "::") {
			continue
		}
		first, _, _ := strings.Cut(r.Type, "::")
		switch first {
		case "crate", "self", "super", "Self":
			continue
		}
		if !p.isModule(first) && p.Program.DataStruct(lastSegment(r.Type)) == nil {
			return true
		}
	}
	return false
}

// Roles of a stored key field, from the accounts bound to it across the crate's instructions.
const (
	keyUnknown   = iota
	keyIdentity  // some instruction binds a signer to it: it names who may act
	keyReference // bound only to accounts read as data or paid into: it names a resource
)

// storedKeyRoles classifies each stored key field ("Type.field") by the accounts the crate's
// instructions bind to it.
func storedKeyRoles(m *validation.Model) map[string]int {
	out := map[string]int{}
	for _, in := range m.Instructions {
		for _, a := range in.Accounts {
			for _, o := range a.StoredKeys() {
				h := in.Account(o.Acc)
				if h == nil {
					continue
				}
				k := dataType(h) + "." + o.Path
				switch {
				case a.IsSigner():
					out[k] = keyIdentity
				case out[k] == keyIdentity:
				case len(a.Reads) > 0 || len(a.Credits) > 0 || len(a.ClosedInto) > 0 || len(a.HandedAs("destination")) > 0:
					out[k] = keyReference
				}
			}
		}
	}
	return out
}

// dataType names an account's data type: its Anchor type's, or the type its code reads it as.
func dataType(a *validation.Account) string {
	if a.Field != nil && a.Field.Type.Inner != "" {
		return a.Field.Type.Inner
	}
	for _, r := range a.Reads {
		if r.How != validation.ReadRaw && r.Type != "" {
			return lastSegment(r.Type)
		}
	}
	return ""
}
