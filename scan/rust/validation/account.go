package validation

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Account is what one instruction establishes about one of its accounts, and the roles the
// account plays there, each with the facts that show it.
type Account struct {
	Name string
	// Field is the Accounts struct's field of an Anchor account, nil for native ones.
	Field *model.AccountField
	// Node is where the account is declared or bound; Fn the native function binding it.
	Node  ast.Node
	Fn    *model.Function
	Index int // a native account's position in the list (-1 unknown)

	// Signed: checks that it signed (is_signer, Signer, signer constraint).
	Signed []*SignerCheck
	// OwnerRelations compare its owner with something; OwnerReads are reads that check the
	// owner themselves (Anchor's Account, AccountLoader::load, Account::try_from).
	OwnerRelations []*Relation
	OwnerReads     []*DataRead
	// KeyRelations compare its key with something.
	KeyRelations []*Relation
	// Reads and Writes of its data; Credits and Debits of its lamports.
	Reads   []*DataRead
	Writes  []*DataWrite
	Credits []*LamportsChange
	Debits  []*LamportsChange
	// CPIs hands it to: by role ("source", "destination", "authority", "program", "#i").
	CPIs map[string][]*CPI
	// Closed: closes of it (close = x on it); ClosedInto: closes whose lamports it receives.
	Closed     []*Close
	ClosedInto []*Close
	// SignedFor: signed CPIs whose signer seeds derive its address (the program signs as it).
	SignedFor []*CPI
	// Seeds: facts where its key is a seed of an address of the program (a signer seed of a
	// signed CPI, or a seed of a program address compared with an account's key): what the
	// program signs for on its behalf is an address of its own.
	Seeds []Site
	// FieldReads: fields of its data the code reads.
	FieldReads []*FieldRead
	// Unresolved: handed to code the walk did not follow.
	Unresolved bool

	in *Instruction
}

// In returns the instruction the account belongs to.
func (a *Account) In() *Instruction { return a.in }

// summarize files the instruction's facts under its accounts.
func (in *Instruction) summarize() {
	get := func(name string) *Account {
		if name == "" {
			return nil
		}
		if a := in.byName[name]; a != nil {
			return a
		}
		if in.Struct != nil && !strings.HasPrefix(name, remaining) {
			return nil // not one of the struct's fields: a local of helper code
		}
		return in.addAccount(name, nil, nil)
	}
	f := &in.Facts
	for _, s := range f.Signers {
		if a := get(s.Acc); a != nil {
			a.Signed = append(a.Signed, s)
		}
	}
	for _, r := range f.Relations {
		for _, v := range []*Value{r.X, r.Y} {
			switch v.Kind {
			case Owner:
				if a := get(v.Acc); a != nil {
					a.OwnerRelations = append(a.OwnerRelations, r)
				}
			case Key:
				if a := get(v.Acc); a != nil {
					a.KeyRelations = append(a.KeyRelations, r)
				}
			}
		}
	}
	for _, rd := range f.Reads {
		if a := get(rd.Acc); a != nil {
			a.Reads = append(a.Reads, rd)
			if rd.OwnerChecked {
				a.OwnerReads = append(a.OwnerReads, rd)
			}
		}
	}
	for _, fr := range f.Fields {
		if a := get(fr.Acc); a != nil {
			a.FieldReads = append(a.FieldReads, fr)
		}
	}
	for _, wr := range f.Writes {
		if a := get(wr.Acc); a != nil {
			a.Writes = append(a.Writes, wr)
		}
	}
	for _, l := range f.Lamports {
		if a := get(l.Acc); a != nil {
			if l.Credit {
				a.Credits = append(a.Credits, l)
			} else {
				a.Debits = append(a.Debits, l)
			}
		}
	}
	for _, c := range f.Closes {
		if a := get(c.Acc); a != nil {
			a.Closed = append(a.Closed, c)
		}
		if a := get(c.To); a != nil {
			a.ClosedInto = append(a.ClosedInto, c)
		}
	}
	for _, c := range f.CPIs {
		hand := func(role string, v *Value) {
			accs := map[string]bool{}
			accountsIn(v, accs, 0)
			for name := range accs {
				if a := get(name); a != nil {
					if a.CPIs == nil {
						a.CPIs = map[string][]*CPI{}
					}
					a.CPIs[role] = append(a.CPIs[role], c)
				}
			}
		}
		if c.Program != nil && (c.Program.Kind == Key || c.Program.Kind == AccountRef) {
			hand("program", c.Program)
		}
		for role, v := range c.Accounts {
			hand(role, v)
		}
	}
	for _, c := range f.CPIs {
		if c.Signed {
			for _, sd := range c.Seeds {
				if sd.Kind == Key {
					if a := get(sd.Acc); a != nil {
						a.Seeds = append(a.Seeds, c.Site)
					}
				}
			}
		}
	}
	for _, r := range f.Relations {
		for _, v := range []*Value{r.X, r.Y} {
			if v.Kind != Derived || v.Program == nil || v.Program.Kind != ProgramID {
				continue
			}
			for _, sd := range v.Seeds {
				if sd.Kind == Key {
					if a := get(sd.Acc); a != nil {
						a.Seeds = append(a.Seeds, r.Site)
					}
				}
			}
		}
	}
	for name := range f.Unresolved {
		if a := get(name); a != nil {
			a.Unresolved = true
		}
	}
	in.signedFor()
}

// signedFor links signed CPIs to the accounts whose address their signer seeds derive: an
// Anchor account whose seeds constraint lists the same seeds, or a native account whose key
// the code compares with an address derived from them.
func (in *Instruction) signedFor() {
	for _, c := range in.Facts.CPIs {
		if !c.Signed || len(c.Seeds) == 0 {
			continue
		}
		want := seedsKey(c.Seeds)
		for _, a := range in.Accounts {
			for _, r := range a.KeyRelations {
				d, ok := r.Other(func(v *Value) bool { return v.Is(Key, a.Name) })
				if ok && d.Kind == Derived && seedsMatch(seedsKey(d.Seeds), want) {
					a.SignedFor = append(a.SignedFor, c)
					break
				}
			}
		}
	}
}

// seedsKey renders seeds for comparison, without the bump (a stored bump, ctx.bumps.x or a
// found one derive the same address).
func seedsKey(seeds []*Value) []string {
	out := make([]string, 0, len(seeds))
	for _, s := range seeds {
		out = append(out, s.String())
	}
	return out
}

// seedsMatch compares signer seeds with an account's seeds: equal, the signer seeds having the
// bump as an extra last seed.
func seedsMatch(account, signer []string) bool {
	if len(signer) == len(account)+1 {
		signer = signer[:len(account)]
	}
	if len(account) != len(signer) || len(account) == 0 {
		return false
	}
	for i := range account {
		if account[i] != signer[i] && account[i] != "?" && signer[i] != "?" {
			return false
		}
	}
	return true
}

// IsSigner reports checks that the account signed.
func (a *Account) IsSigner() bool { return len(a.Signed) > 0 }

// Has reports an account of an Anchor type kind.
func (a *Account) Has(k model.AccountKind) bool { return a.Field != nil && a.Field.Type.Kind == k }

// Unchecked reports an AccountInfo or UncheckedAccount field, or a native account: nothing
// about it is checked by its type.
func (a *Account) Unchecked() bool {
	return a.Field == nil || a.Field.Type.Kind == model.KindAccountInfo || a.Field.Type.Kind == model.KindUncheckedAccount
}

// KeyFixed returns a relation that fixes the account's address independently of what the
// caller passes: equal to a constant, the program's id, an address derived from seeds, or the
// Program/Sysvar types.
func (a *Account) KeyFixed() *Relation {
	for _, r := range a.KeyRelations {
		if !r.Equal {
			continue
		}
		o, _ := r.Other(func(v *Value) bool { return v.Is(Key, a.Name) })
		switch o.Kind {
		case Const, ProgramID, Derived:
			return r
		}
	}
	return nil
}

// KeyBoundTo returns a relation tying the account's key to another value that is not
// instruction data: a constant, a derived address, another account's key or a field of its
// data.
func (a *Account) KeyBoundTo() *Relation {
	for _, r := range a.KeyRelations {
		if !r.Equal {
			continue
		}
		o, _ := r.Other(func(v *Value) bool { return v.Is(Key, a.Name) })
		switch o.Kind {
		case Const, ProgramID, Derived, Field, Data:
			return r
		case Key:
			if o.Acc != a.Name {
				return r
			}
		}
	}
	return nil
}

// StoredKeys lists the stored keys the account's key must equal: fields of accounts' data
// (has_one, a constraint or code comparing it with vault.authority).
func (a *Account) StoredKeys() []*Value {
	var out []*Value
	for _, r := range a.KeyRelations {
		o, ok := r.Other(func(v *Value) bool { return v.Is(Key, a.Name) })
		if ok && r.Equal && o.Kind == Field {
			out = append(out, o)
		}
	}
	return out
}

// OwnerEstablished returns the first fact that establishes the account's owner: a comparison
// of its owner, a reader that checks it, a write of its data or a debit of its lamports (the
// runtime allows those only to the owner), or a fixed address.
func (a *Account) OwnerEstablished() (Site, bool) {
	for _, r := range a.OwnerRelations {
		if r.Equal {
			return r.Site, true
		}
	}
	if len(a.OwnerReads) > 0 {
		return a.OwnerReads[0].Site, true
	}
	if len(a.Writes) > 0 {
		return a.Writes[0].Site, true
	}
	if len(a.Debits) > 0 {
		return a.Debits[0].Site, true
	}
	if r := a.KeyFixed(); r != nil {
		return r.Site, true
	}
	return Site{}, false
}

// Accounts of the instruction given to a role of its CPIs.
func (a *Account) HandedAs(roles ...string) []*CPI {
	var out []*CPI
	for _, r := range roles {
		out = append(out, a.CPIs[r]...)
	}
	return out
}
