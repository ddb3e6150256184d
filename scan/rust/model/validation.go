package model

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
)

// Facts is what an Accounts struct establishes about one of its accounts
// before the handler runs, from the field's Anchor type and the whole
// struct's constraints. Handler code can establish more (see the
// detectors' handler checks); these are the facts Anchor enforces.
type Facts struct {
	Field *AccountField
	// Signer: Signer<'info> or the signer constraint.
	Signer bool
	// OwnerChecked: Anchor checks the owning program (Account, AccountLoader,
	// InterfaceAccount, Program, Sysvar, SystemAccount), or owner =,
	// address = (the address is fixed, so is what lives there), or the
	// account is created here (init, zero).
	OwnerChecked bool
	// Typed: the data's type is checked (a discriminator for the crate's
	// #[account] types; Anchor's own checks for token and mint accounts).
	Typed bool
	// Pinned: the caller cannot choose the address freely: address =, a
	// PDA (seeds), Program, Sysvar, an associated token account, the
	// target of another account's has_one, or a constraint comparing its
	// key with something.
	Pinned bool
	// Mutable: mut, init, init_if_needed, zero, realloc or close.
	Mutable bool
	// Created: init, init_if_needed or zero.
	Created bool
}

// Validation is the account-validation model of one Accounts struct.
type Validation struct {
	Struct *AccountsStruct
	Facts  map[string]*Facts
	// exprs holds every expression the constraints compare or assign
	// (constraint =, address =, token::*, seeds), rendered as paths, so
	// that relations between accounts (holder.field read by a check) can
	// be found whichever field carries the check.
	exprs []string
	// keyEq holds "account|path" for each check that an account's key
	// equals a path (constraint = a.key() == h.f, address = h.f on a,
	// has_one = a on h as "a|h.a").
	keyEq map[string]bool
}

// Validate builds the validation model of an Accounts struct.
func (p *Program) Validate(s *AccountsStruct) *Validation {
	v := &Validation{Struct: s, Facts: map[string]*Facts{}, keyEq: map[string]bool{}}
	for _, f := range s.Fields {
		v.Facts[f.Name] = p.fieldFacts(f)
	}
	for _, f := range s.Fields {
		c := f.Constraints
		for _, h := range c.HasOne {
			if t := v.Facts[ExprPath(h.Value)]; t != nil {
				t.Pinned = true
			}
			v.exprs = append(v.exprs, f.Name+"."+ExprPath(h.Value))
			v.keyEq[ExprPath(h.Value)+"|"+f.Name+"."+ExprPath(h.Value)] = true
		}
		for _, e := range c.Custom {
			v.addComparisons(e.Value)
		}
		if c.Address != nil {
			v.exprs = append(v.exprs, ExprPath(c.Address.Value))
			v.keyEq[f.Name+"|"+ExprPath(c.Address.Value)] = true
		}
		for _, e := range c.Token {
			v.exprs = append(v.exprs, ExprPath(e.Value))
		}
		// Seeds are left out: seeds = [holder.receiver.as_ref()] derive the
		// holder from its own stored field, which ties it to no account passed.
	}
	return v
}

// addComparisons records both sides of the equality tests in a custom
// constraint, and pins the accounts whose key one side reads. A method of
// stored data given an account's key (holder.load()?.is_owner(signer.key()))
// is a check of that relation too.
func (v *Validation) addComparisons(x ast.Expr) {
	ast.Inspect(x, func(n ast.Node) bool {
		mc, ok := n.(*ast.MethodCallExpr)
		if !ok || len(mc.Args) == 0 {
			return true
		}
		recv := ExprPath(mc.Recv)
		if recv == "" || v.Facts[rootName(recv)] == nil {
			return true
		}
		for _, a := range mc.Args {
			if name, ok := keyOf(ExprPath(a)); ok && v.Facts[name] != nil {
				v.keyEq[name+"|"+recv+"."+mc.Name.Name] = true
			}
		}
		return true
	})
	for _, cmp := range Comparisons(x) {
		v.exprs = append(v.exprs, cmp.XPath, cmp.YPath)
		if !cmp.Equal {
			continue
		}
		for _, pair := range [][2]string{{cmp.XPath, cmp.YPath}, {cmp.YPath, cmp.XPath}} {
			if name, ok := keyOf(pair[0]); ok && pair[1] != "" {
				if t := v.Facts[name]; t != nil {
					t.Pinned = true
					v.keyEq[name+"|"+pair[1]] = true
				}
			}
		}
	}
}

// keyOf reads "x.key()" or "x.key" as account x.
func keyOf(path string) (string, bool) {
	for _, suffix := range []string{".key()", ".key"} {
		if strings.HasSuffix(path, suffix) && !strings.Contains(strings.TrimSuffix(path, suffix), ".") {
			return strings.TrimSuffix(path, suffix), true
		}
	}
	return "", false
}

func rootName(path string) string {
	if i := strings.IndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return path
}

// ReadsStored reports whether a constraint of the struct reads field rel
// of account holder (holder.rel, holder.load()?.rel, has_one = rel on
// holder): the relation between holder and the account named rel is then
// checked, whichever side carries the constraint.
func (v *Validation) ReadsStored(holder, rel string) bool {
	for _, e := range v.exprs {
		if StoredRead(e, holder, rel) {
			return true
		}
	}
	return false
}

// StoredRead reports a rendered path that reads field rel of account
// holder: "holder.rel", "holder.load().rel", "ctx.accounts.holder.rel",
// "self.holder.rel".
func StoredRead(path, holder, rel string) bool {
	if path == "" || !strings.HasSuffix(path, "."+rel) {
		return false
	}
	base := strings.TrimSuffix(path, "."+rel)
	for _, m := range []string{".load()", ".load_mut()", ".try_borrow()", ".borrow()", ".data"} {
		base = strings.TrimSuffix(base, m)
	}
	return base == holder || strings.HasSuffix(base, ".accounts."+holder) || base == "self."+holder
}

// KeyMatchedTo reports a check that account's key equals data stored in
// holder (any field): account's identity is then tied to holder.
func (v *Validation) KeyMatchedTo(account, holder string) bool {
	for k := range v.keyEq {
		acc, path, _ := strings.Cut(k, "|")
		if acc != account {
			continue
		}
		base := path
		if i := strings.LastIndexByte(base, '.'); i >= 0 {
			base = base[:i]
		}
		if StoredRead(path, holder, path[strings.LastIndexByte(path, '.')+1:]) || base == holder {
			return true
		}
	}
	return false
}

// KeyFixedApartFrom reports a check tying account's key to something
// other than an account of type holderType: a constant address
// (address = ADMIN), or data of an account of another type. Such an
// account's identity is established on its own, so a same-named field of
// a holderType account is not what authorizes it.
func (v *Validation) KeyFixedApartFrom(account, holderType string) bool {
	for k := range v.keyEq {
		acc, path, _ := strings.Cut(k, "|")
		if acc != account || path == "" {
			continue
		}
		other := v.Struct.Field(rootName(path))
		if other == nil || other.Type.Inner != holderType {
			return true
		}
	}
	return false
}

// Mentions reports whether a constraint reads account name at all.
func (v *Validation) Mentions(name string) bool {
	for _, e := range v.exprs {
		if rootName(e) == name {
			return true
		}
	}
	return false
}

var ownerCheckedKinds = map[AccountKind]bool{
	KindAccount: true, KindAccountLoader: true, KindInterfaceAccount: true, KindProgram: true,
	KindSysvar: true, KindSystemAccount: true, KindInterface: true, KindSigner: false,
}

func (p *Program) fieldFacts(f *AccountField) *Facts {
	c := f.Constraints
	k := f.Type.Kind
	t := &Facts{Field: f}
	t.Signer = k == KindSigner || c.Signer
	t.Created = c.Init || c.InitIfNeeded || c.Zero
	t.OwnerChecked = ownerCheckedKinds[k] || c.Owner != nil || c.Address != nil || t.Created
	t.Pinned = c.Address != nil || c.SeedsSet || k == KindProgram || k == KindSysvar || k == KindInterface ||
		c.Token["associated_token::mint"] != nil || c.Token["associated_token::authority"] != nil
	t.Mutable = c.Mut || t.Created || c.Realloc != nil || c.Close != nil
	switch k {
	case KindAccount, KindAccountLoader, KindInterfaceAccount:
		if d := p.DataStruct(f.Type.Inner); d != nil {
			t.Typed = d.HasDiscriminator
		} else {
			// Types from other crates (TokenAccount, Mint, ...) are checked by
			// their own Owner and AccountDeserialize implementations.
			t.Typed = true
		}
	}
	return t
}

// ProgramOwned reports an Account/AccountLoader field whose data type is
// one of the crate's own #[account] types: the program writes its data
// directly, unlike token accounts, which it changes only through CPIs.
func (p *Program) ProgramOwned(f *AccountField) bool {
	if f.Type.Kind != KindAccount && f.Type.Kind != KindAccountLoader {
		return false
	}
	d := p.DataStruct(f.Type.Inner)
	return d != nil && (d.Kind == DataAccount || d.Kind == DataZeroCopyAccount)
}
