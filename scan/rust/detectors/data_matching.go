package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// AccountDataMatching reports accounts whose stored relations are never compared with the
// accounts actually passed.
var AccountDataMatching = analyzer(detect.Template{
	ID:         "SOLANA_ACCOUNT_DATA_MATCHING",
	Name:       "Account data not matched",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p>Account <code>${account_name}</code> stores or implies a relation to " +
		"<code>${related}</code> that is never checked against the accounts passed to the " +
		"instruction, so a caller can substitute an unrelated account.</p><p>Evidence: ${evidence}.</p>",
	Remediation: "<p>Anchor: add <code>has_one = ${related}</code>, <code>token::authority = ...</code> or a " +
		"<code>constraint</code> comparing keys. Native: compare the stored key with " +
		"<code>account.key</code> before use.</p>",
	DescriptionKeys: []string{"account_name", "related", "evidence"},
	DetectionLogic: "From the account-validation model, per instruction (medium confidence when another instruction " +
		"matches the same stored key with an account of that name, low when only the names pair them). Anchor: an Account/AccountLoader of one of " +
		"the crate's types, not created there, with a Pubkey field named like another account of the instruction, " +
		"when nothing relates them: no comparison of that stored key in any form (has_one, a constraint, code, a helper " +
		"or accessor the instruction calls), no seeds derived from it or from any of the holder's fields, no check from " +
		"the other side (a field of the related account matched with the holder's key), the instruction does not set that " +
		"stored key itself (unless the related account is the signer), the related account's key " +
		"is not otherwise fixed (a constant, seeds, a program type) or matched with data of an account of another type; " +
		"nor when the related account is the signer and every instruction of the struct only credits the holder by what " +
		"the signer pays into a pinned account. A token account whose data the code reads, in an instruction with a " +
		"signer, with no authority constraint or comparison of its owner, not handed to a CPI and not pinned. Native: an " +
		"SPL token account unpacked in an instruction with a signer, whose balance or delegation the code reads, with no " +
		"comparison of its owner field and not handed to the token program.",
	CWE:   []string{"CWE-639"},
	Class: "account-validation",
}, func(p *Pass) {
	seen := map[ast.Node]bool{}
	for _, in := range p.Model.Instructions {
		hasSigner := false
		for _, a := range in.Accounts {
			hasSigner = hasSigner || a.IsSigner()
		}
		for _, h := range in.Accounts {
			p.storedRelations(seen, in, h)
			if hasSigner {
				p.tokenOwnerMatched(seen, in, h)
			}
			if hasSigner {
				p.nativeTokenOwner(seen, in, h)
			}
		}
	}
})

// storedRelations checks the Pubkey fields of an Anchor holder that name other accounts of
// the instruction.
func (p *Pass) storedRelations(seen map[ast.Node]bool, in *validation.Instruction, h *validation.Account) {
	if h.Field == nil || created(h) || (!h.Has(model.KindAccount) && !h.Has(model.KindAccountLoader)) {
		return
	}
	ds := p.Program.DataStruct(h.Field.Type.Inner)
	if ds == nil || !actedOn(h) {
		return // an instruction that does nothing with the holder relies on none of its relations
	}
	prefix := ""
	if i := strings.LastIndexByte(h.Name, '.'); i >= 0 {
		prefix = h.Name[:i+1]
	}
	for _, sf := range ds.Item.Fields {
		if sf.Name == nil || typeLast(sf.Type) != "Pubkey" {
			continue
		}
		rel := in.Account(prefix + sf.Name.Name)
		if rel == nil || rel == h || !rel.IsSigner() && !actedOn(rel) {
			continue // an account the instruction only passes along is not taken for what h names
		}
		if related(in, h, rel, sf.Name.Name) || counterparty(in, h, rel, sf.Name.Name) || !rel.IsSigner() && overwrites(h, sf.Name.Name) {
			continue
		}
		if in.Struct != nil && p.creditOnlySignerFunded(in.Struct, h.Field, sf.Name.Name) {
			continue
		}
		// The stored key is taken for rel's by their names; other instructions that match
		// the two show it is the program's own relation.
		conf, why := detect.ConfidenceLow, "paired by name: no instruction matches "+h.Name+"."+sf.Name.Name+" with "+rel.Name+"'s key"
		if site, ok := p.pairedElsewhere(in, h.Name, dataType(h), sf.Name.Name, lastDotted(rel.Name)); ok {
			conf, why = detect.ConfidenceMedium, "instruction "+site+" matches them"
		}
		p.reportAt(seen, fieldNode(h.Field), nil, conf, map[string]string{"account_name": h.Name, "related": rel.Name,
			"evidence": evidence("instruction "+in.Name, h.Name+"."+sf.Name.Name+" is never compared with "+rel.Name+"'s key, nor is "+rel.Name+" fixed or tied to "+h.Name+" otherwise", why)})
		return
	}
}

// pairedElsewhere returns an instruction that matches a stored key field of another account
// of type typ than holder with the key of an account named rel (has_one, a constraint, code).
func (p *Pass) pairedElsewhere(in *validation.Instruction, holder, typ, field, rel string) (string, bool) {
	for _, other := range p.Model.Instructions {
		for _, r := range other.Facts.Relations {
			if !r.Equal {
				continue
			}
			o, ok := r.Other(func(v *validation.Value) bool {
				if v.Kind != validation.Field || v.Path != field {
					return false
				}
				h := other.Account(v.Acc)
				return h != nil && dataType(h) == typ && (other != in || v.Acc != holder)
			})
			if ok && o.Kind == validation.Key && lastDotted(o.Acc) == rel {
				return other.Name, true
			}
		}
	}
	return "", false
}

// lastDotted is the last part of a nested account's name (accounts.pool for pool).
func lastDotted(name string) string { return name[strings.LastIndexByte(name, '.')+1:] }

// related reports a fact tying the holder's stored key field to the related account.
func related(in *validation.Instruction, h, rel *validation.Account, fieldName string) bool {
	stored := func(v *validation.Value) bool {
		return v.Kind == validation.Field && v.Acc == h.Name && (v.Path == fieldName || strings.HasPrefix(v.Path, fieldName+"."))
	}
	for _, r := range in.Facts.Relations {
		if _, ok := r.Other(stored); ok {
			return true // the stored key is compared with something
		}
		for _, v := range []*validation.Value{r.X, r.Y} {
			if v.Kind != validation.Derived || !r.Equal {
				continue
			}
			o, _ := r.Other(func(x *validation.Value) bool { return x == v })
			for _, s := range v.Seeds {
				switch {
				case s.Is(validation.Key, rel.Name) && o.Is(validation.Key, h.Name):
					return true // the holder's address is derived from rel's key
				case s.Kind == validation.Field && s.Acc == h.Name && o.Is(validation.Key, rel.Name):
					return true // rel's address is derived from the holder's data
				}
				// Seeds of the holder's own address read from its own data tie it to nothing.
			}
		}
		// From the other side: a field of rel's data matched with the holder's key.
		if o, ok := r.Other(func(v *validation.Value) bool { return v.Kind == validation.Field && v.Acc == rel.Name }); ok && o.Is(validation.Key, h.Name) {
			return true
		}
	}
	if rel.KeyFixed() != nil {
		return true
	}
	for _, r := range rel.KeyRelations {
		o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, rel.Name) })
		if !ok || !r.Equal || o.Kind != validation.Field || o.Acc == h.Name {
			continue
		}
		// Tied to data of an account of another type: its identity is established apart.
		if other := in.Account(o.Acc); other != nil && dataType(other) != dataType(h) {
			return true
		}
	}
	return false
}

// actedOn reports an account the instruction's code uses: reads or writes its data, moves
// its lamports, hands it to a CPI or to code the walk cannot follow, or closes it. What only
// Anchor's constraints and types read is not a use.
func actedOn(a *validation.Account) bool {
	if len(a.Writes) > 0 || len(a.Credits) > 0 || len(a.Debits) > 0 || len(a.CPIs) > 0 || len(a.Closed) > 0 || len(a.ClosedInto) > 0 || a.Unresolved {
		return true
	}
	for _, r := range a.Reads {
		if !r.Constraint {
			return true
		}
	}
	for _, f := range a.FieldReads {
		if !f.Constraint {
			return true
		}
	}
	for _, r := range a.KeyRelations {
		if !r.Constraint {
			return true
		}
	}
	return false
}

// overwrites reports an instruction that sets the holder's stored key: it records a relation
// rather than trusting one (unless the related account is the signer, acting on a holder it
// was never matched with).
func overwrites(h *validation.Account, fieldName string) bool {
	for _, w := range h.Writes {
		if w.Path == fieldName || strings.HasSuffix(w.Path, "."+fieldName) {
			return true
		}
	}
	return false
}

// counterparty reports a holder that is the other party's: another holder of the same type in
// the instruction has its stored key matched with rel (the caller's), and this one's own
// address is fixed apart (by data of another account, a constant or seeds), not chosen with
// rel.
func counterparty(in *validation.Instruction, h, rel *validation.Account, fieldName string) bool {
	if r := h.KeyBoundTo(); r == nil {
		return false
	}
	for _, other := range in.Accounts {
		if other != h && dataType(other) == dataType(h) && related(in, other, rel, fieldName) {
			return true
		}
	}
	return false
}

// tokenOwnerMatched reports a token account whose data the code reads as the signer's while
// nothing ties its owner to anyone.
func (p *Pass) tokenOwnerMatched(seen map[ast.Node]bool, in *validation.Instruction, h *validation.Account) {
	if h.Field == nil || h.Field.Type.Inner != "TokenAccount" || (!h.Has(model.KindAccount) && !h.Has(model.KindInterfaceAccount)) {
		return
	}
	read := ""
	for _, fr := range h.FieldReads {
		switch fr.Path {
		case "amount", "owner", "delegate", "delegated_amount", "mint", "state":
			if !fr.Constraint {
				read = fr.Path
			}
		}
	}
	if read == "" || len(h.CPIs) > 0 || h.KeyBoundTo() != nil || ownerFieldMatched(in, h.Name) {
		return
	}
	p.reportAt(seen, fieldNode(h.Field), nil, detect.ConfidenceMedium, map[string]string{"account_name": h.Name, "related": "its owner",
		"evidence": evidence("instruction "+in.Name+" reads "+h.Name+"."+read+" and has a signer", "nothing compares the token account's owner with anyone (token::authority, a constraint, code)")})
}

// nativeTokenOwner reports an SPL token account unpacked by hand whose owner field nothing
// compares, and that is not handed to the token program.
func (p *Pass) nativeTokenOwner(seen map[ast.Node]bool, in *validation.Instruction, h *validation.Account) {
	if !h.Unchecked() {
		return
	}
	for _, r := range h.Reads {
		if r.How == validation.ReadRaw || !isTokenAccountType(r.Type) {
			continue
		}
		if !readsHoldings(h) || ownerFieldMatched(in, h.Name) || handedToTokenProgram(h) || h.KeyBoundTo() != nil {
			return
		}
		p.reportAt(seen, p.factNode(in, h, r.Site), r.Fn, detect.ConfidenceMedium, map[string]string{"account_name": h.Name, "related": "its owner",
			"evidence": evidence("read as a token account by "+p.where(r.Site), "its owner field is compared with nothing and it is not handed to the token program")})
		return
	}
}

// readsHoldings reports code reading a token account's balance or delegation: what it holds,
// taken as its owner's.
func readsHoldings(a *validation.Account) bool {
	for _, f := range a.FieldReads {
		switch f.Path {
		case "amount", "delegate", "delegated_amount", "state":
			if !f.Constraint {
				return true
			}
		}
	}
	return false
}

// ownerFieldMatched reports a comparison of a token account's owner field.
func ownerFieldMatched(in *validation.Instruction, acc string) bool {
	for _, r := range in.Facts.Relations {
		if _, ok := r.Other(func(v *validation.Value) bool { return v.Kind == validation.Field && v.Acc == acc && v.Path == "owner" }); ok {
			return true
		}
	}
	return false
}

// isTokenAccountType reports SPL token's account type, however the path names it.
func isTokenAccountType(t string) bool {
	return strings.HasSuffix(t, "spl_token::state::Account") || strings.HasSuffix(t, "spl_token_2022::state::Account") ||
		t == "TokenAccount" || t == "Account"
}

func typeLast(t ast.Type) string {
	if pt, ok := t.(*ast.PathType); ok {
		if l := pt.Path.Last(); l != nil {
			return l.Name.Name
		}
	}
	return ""
}
