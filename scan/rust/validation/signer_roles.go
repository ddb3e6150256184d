package validation

import (
	"strings"
)

// What an address the program signs as holds or controls beyond one transaction. A program
// address signs only when the program says so, so what a CPI made with its signature can reach
// is what the program itself gives that address across all its instructions: token accounts it
// owns, lamports sent to it, a mint it is the authority of, a key recorded in some account's
// data, other programs' instructions it signs. An address with no such role holds nothing
// between transactions (a forwarder's signer); one that is a mint's authority but owns no
// token account can move others' tokens only as far as their owners delegated to it.

// SignerRole is one thing an address the program signs as holds or controls.
type SignerRole struct {
	// What says what it holds, for evidence ("it is recorded as vault.owner", "it signs
	// mint_to").
	What string
	// Custody: it holds value (owns token accounts, receives or pays out of accounts the
	// program binds, receives lamports).
	Custody bool
	// Mint: it is a mint's authority (recorded as such, or signing mint_to).
	Mint bool
	Site Site
}

// SignerRoles lists, over every instruction of the crate, the roles of the address derived
// from seeds (compared by their constant parts: an address derived with the same constant
// seeds may be the same one), leaving out the CPIs skip reports (the call being judged).
func (m *Model) SignerRoles(seeds []*Value, skip func(*Instruction, *CPI) bool) []SignerRole {
	want := seedShape(seeds)
	var out []SignerRole
	for _, in := range m.Instructions {
		out = append(out, in.signerRoles(want, skip)...)
	}
	return out
}

func (in *Instruction) signerRoles(want []string, skip func(*Instruction, *CPI) bool) []SignerRole {
	pda := in.pdaAccounts(want)
	is := func(v *Value) bool {
		switch v.Kind {
		case Derived:
			return shapeMatch(seedShape(v.Seeds), want)
		case Key, AccountRef:
			return pda[v.Acc]
		}
		return false
	}
	var out []SignerRole
	for _, r := range in.Facts.Relations {
		if !r.Equal {
			continue
		}
		o, ok := r.Other(is)
		if !ok || o.Kind != Field || pda[o.Acc] {
			continue // an account identified as the address, not something recorded about it
		}
		last := o.Path[strings.LastIndexByte(o.Path, '.')+1:]
		out = append(out, SignerRole{What: "it is recorded as " + o.Acc + "." + o.Path, Custody: last == "owner" || last == "delegate",
			Mint: last == "mint_authority", Site: r.Site})
	}
	for _, c := range in.Facts.CPIs {
		if skip != nil && skip(in, c) {
			continue
		}
		if c.Signed && shapeMatch(seedShape(c.Seeds), want) {
			role := SignerRole{What: "it signs " + kindName(c), Site: c.Site}
			switch {
			case c.Kind == "mint_to" || c.Kind == "mint_to_checked":
				role.Mint = true
			case c.Outflow():
				src := c.Accounts["source"]
				role.Custody = src == nil || is(src) || in.bound(src)
			}
			out = append(out, role)
		}
		for r, v := range c.Accounts {
			if !is(v) || r == "authority" && c.Signed {
				continue
			}
			role := SignerRole{What: "it is handed to " + kindName(c) + " as " + r, Site: c.Site}
			switch r {
			case "destination", "owner":
				role.Custody = true // value or ownership goes to it
			}
			out = append(out, role)
		}
	}
	for _, a := range in.Accounts {
		if pda[a.Name] && len(a.Credits) > 0 {
			out = append(out, SignerRole{What: "it is credited with lamports", Custody: true, Site: a.Credits[0].Site})
		}
	}
	return out
}

// pdaAccounts names the instruction's accounts whose address is derived from seeds of the
// shape.
func (in *Instruction) pdaAccounts(want []string) map[string]bool {
	out := map[string]bool{}
	for _, a := range in.Accounts {
		for _, r := range a.KeyRelations {
			d, ok := r.Other(func(v *Value) bool { return v.Is(Key, a.Name) })
			if ok && r.Equal && d.Kind == Derived && shapeMatch(seedShape(d.Seeds), want) {
				out[a.Name] = true
			}
		}
	}
	return out
}

// bound reports an account whose address the instruction ties to something the caller does
// not choose alone: a constant, seeds, a stored key, another account.
func (in *Instruction) bound(v *Value) bool {
	if v.Kind != Key && v.Kind != AccountRef {
		return false
	}
	a := in.Account(v.Acc)
	return a != nil && (a.KeyBoundTo() != nil || !a.Unchecked())
}

func kindName(c *CPI) string {
	if c.Kind != "" {
		return c.Kind
	}
	return "a CPI"
}

// seedShape renders seeds by their constant parts: a constant by its last path segment, any
// other seed as "?" (a key, an argument, the bump).
func seedShape(seeds []*Value) []string {
	out := make([]string, 0, len(seeds))
	for _, s := range seeds {
		if s.Kind == Const && s.Path != "bump" {
			out = append(out, lastSeg(s.Path))
		} else {
			out = append(out, "?")
		}
	}
	return out
}

// shapeMatch reports seeds that may derive the same address: their constants agree where both
// have one, either possibly carrying the bump as an extra last seed (seedsMatch both ways).
// Seeds without any constant match every shape of their length: nothing tells them apart.
func shapeMatch(a, b []string) bool { return seedsMatch(a, b) || seedsMatch(b, a) }
