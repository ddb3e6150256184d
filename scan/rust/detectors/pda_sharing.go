package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// PDASharing reports a PDA that signs an outflow whose source or destination the caller
// chooses, when nothing ties the instruction to its caller or the accounts to state.
var PDASharing = analyzer(detect.Template{
	ID:         "SOLANA_PDA_SHARING",
	Name:       "PDA shared between users",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> signs an outflow (${cpi}) as a program address that no caller " +
		"or state ties to the accounts it moves value between, so a caller can point it at accounts that belong to " +
		"others.</p><p>Evidence: ${evidence}.</p>",
	Remediation: "<p>Derive authority PDAs from seeds that include the owning user or the withdrawal " +
		"destination (for example <code>[b\"vault\", user.key().as_ref()]</code>), or require a signer matched " +
		"with the state the accounts are bound to.</p>",
	DescriptionKeys: []string{"function_name", "cpi", "evidence"},
	DetectionLogic: "From the account-validation model, per instruction: a CPI the program signs with seeds that " +
		"moves existing holdings (a token or lamport transfer, a burn, a close, an approval, a change of authority), " +
		"when the instruction binds no signer to its caller (no signer's key matched with stored data, none a seed of " +
		"an address the instruction derives, none paying in by a transfer the program does not sign), its destination " +
		"is not the signing PDA's own (matched, through stored keys, with the signing account, or named by the signer " +
		"seeds) nor the party the instruction acts for (whose key seeds, or is recorded in, an account it charges; " +
		"that party's associated or owned token account), and its source or destination is chosen by the caller: not fixed by a constant, the program's id or " +
		"seeds of fixed parts, nor matched with data of an account that is itself fixed that way. Seeds that read the " +
		"account's own data, or instruction arguments, fix nothing. Low severity for a transfer or burn signed by an " +
		"address the program makes a mint's authority and the holder of nothing (no token account recorded as its own, no " +
		"outflow it signs from an account the program binds, nothing sent to it): it moves a caller-chosen account's tokens " +
		"only as far as their owner approved it.",
	CWE:   []string{"CWE-284"},
	Class: "pda",
}, func(p *Pass) {
	seen := map[ast.Node]bool{}
	for _, in := range p.Model.Instructions {
		if signer := boundSigner(in); signer != "" {
			continue
		}
		a := &anchoring{in: in, memo: map[string]int{}}
		for _, c := range in.Facts.CPIs {
			if !signedCPI(c) || !c.Outflow() {
				continue
			}
			t := &tying{in: in, cpi: c, signing: signingAccounts(in, c), parties: parties(in)}
			if t.tied(c.Accounts["destination"]) || t.partys(c.Accounts["destination"]) {
				// The signing PDA is the destination's own (value can only go there), or the
				// destination is the party whose state the instruction charges (on its behalf).
				continue
			}
			for _, role := range []string{"source", "destination"} {
				v := c.Accounts[role]
				if v == nil {
					continue
				}
				free := a.free(v)
				if free == "" {
					continue
				}
				at := c.Site
				if c.SeedsNode != nil {
					at.Node = c.SeedsNode
				}
				delegated := p.onlyDelegated(c)
				f := p.reportAt(seen, p.factNode(in, nil, at), c.Fn, detect.ConfidenceMedium, map[string]string{
					"function_name": in.Name, "cpi": c.Kind,
					"evidence": evidence("signed "+c.Kind+" by "+p.where(c.Site), "its "+role+" "+free+" is not fixed by constants, seeds or state the caller cannot choose",
						"no signer of instruction "+in.Name+" is matched with stored data or seeds", delegated)})
				if f != nil && delegated != "" {
					f.Severity = detect.Low
				}
				break
			}
		}
	}
})

// onlyDelegated says why an outflow the PDA signs can only spend what the source's owner
// delegated to it, or "": the program makes the signing address a mint's authority and nowhere
// the holder of anything (no token account it owns or is recorded as owning, no outflow it
// signs from an account the program binds, nothing sent to it). The token program lets an
// authority move an account's tokens only as the account's owner or its approved delegate, so
// a caller-chosen source can be spent only as far as its owner approved the PDA: the shared
// custody this class is about is not there. An approval left outstanding can still be spent by
// any caller, which is what the finding then says, at low severity.
func (p *Pass) onlyDelegated(c *validation.CPI) string {
	if c.Kind != "transfer" && c.Kind != "transfer_checked" && c.Kind != "burn" && c.Kind != "burn_checked" {
		return ""
	}
	mint := ""
	for _, r := range p.Model.SignerRoles(c.Seeds, func(_ *validation.Instruction, o *validation.CPI) bool { return o == c }) {
		if r.Custody {
			return ""
		}
		if r.Mint && mint == "" {
			mint = r.What + " (" + p.where(r.Site) + ")"
		}
	}
	if mint == "" {
		return ""
	}
	return "the address it signs as is a mint's authority (" + mint + ") and holds nothing the program gives it: the token " +
		"program lets it move a caller-chosen account's tokens only as that account's approved delegate, so only an approval " +
		"its owner left outstanding is at stake"
}

// signedCPI reports a CPI the program signs with seeds (invoke_signed with no seeds signs
// nothing).
func signedCPI(c *validation.CPI) bool { return c.Signed && len(c.Seeds) > 0 }

// boundSigner returns a signer of the instruction that binds it to its caller: its key matched
// with stored data, a seed of an address the instruction derives, or the authority of a
// transfer the program does not sign (the caller pays in: an exchange); "" when none is.
func boundSigner(in *validation.Instruction) string {
	for _, a := range in.Accounts {
		for _, c := range a.HandedAs("authority") {
			if !signedCPI(c) && c.Outflow() {
				return a.Name // whoever it is, the invoked program makes it sign: the caller pays
			}
		}
		if !a.IsSigner() {
			continue
		}
		if len(a.Seeds) > 0 {
			return a.Name
		}
		for _, r := range a.KeyRelations {
			o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, a.Name) })
			if ok && r.Equal && o.Kind == validation.Field {
				return a.Name
			}
		}
		// A seed of an address the accounts struct or the code derives (user-specific state).
		for _, r := range in.Facts.Relations {
			for _, v := range []*validation.Value{r.X, r.Y} {
				if v.Kind == validation.Derived && seedsHold(v.Seeds, func(s *validation.Value) bool { return s.Is(validation.Key, a.Name) }) {
					return a.Name
				}
			}
		}
	}
	return ""
}

func seedsHold(seeds []*validation.Value, is func(*validation.Value) bool) bool {
	for _, s := range seeds {
		if is(s) {
			return true
		}
		if s.Kind == validation.Struct {
			for _, f := range s.Fields {
				if is(f) {
					return true
				}
			}
		}
	}
	return false
}

// tying decides whether an account is the signing PDA's own.
type tying struct {
	in      *validation.Instruction
	cpi     *validation.CPI
	signing map[string]bool // the accounts that sign: the PDA, or the CPI's authority holder
	parties map[string]bool // accounts whose state the instruction charges, by their key
}

// parties lists the accounts the instruction acts for: those whose key seeds the address of
// an account it writes, debits or closes (the claim of recipient, seeds [b"claim",
// recipient]), or is recorded in such an account's data.
func parties(in *validation.Instruction) map[string]bool {
	out := map[string]bool{}
	charged := func(a *validation.Account) bool {
		return a != nil && (len(a.Writes) > 0 || len(a.Debits) > 0 || len(a.Closed) > 0)
	}
	for _, h := range in.Accounts {
		if !charged(h) {
			continue
		}
		for _, r := range h.KeyRelations {
			o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, h.Name) })
			if !ok || !r.Equal || o.Kind != validation.Derived {
				continue
			}
			for _, sd := range o.Seeds {
				if sd.Kind == validation.Key && sd.Acc != h.Name {
					out[sd.Acc] = true
				}
			}
		}
	}
	for _, r := range in.Facts.Relations {
		if !r.Equal {
			continue
		}
		for _, pair := range [][2]*validation.Value{{r.X, r.Y}, {r.Y, r.X}} {
			if pair[0].Kind == validation.Field && pair[1].Kind == validation.Key && charged(in.Account(pair[0].Acc)) {
				out[pair[1].Acc] = true
			}
		}
	}
	return out
}

// partys reports a destination that is a party's: the party itself, its associated token
// account (an address derived from its key), or a token account it owns.
func (t *tying) partys(v *validation.Value) bool {
	return everyAccount(v, t.partysAccount)
}

func (t *tying) partysAccount(v *validation.Value) bool {
	if t.parties[v.Acc] {
		return true
	}
	isParty := func(x *validation.Value) bool { return x.Kind == validation.Key && t.parties[x.Acc] }
	for _, r := range t.in.Facts.Relations {
		if !r.Equal {
			continue
		}
		if o, ok := r.Other(func(x *validation.Value) bool { return x.Is(validation.Key, v.Acc) }); ok {
			if isParty(o) || o.Kind == validation.Derived && seedsHold(o.Seeds, isParty) {
				return true
			}
		}
		if o, ok := r.Other(func(x *validation.Value) bool {
			return x.Kind == validation.Field && x.Acc == v.Acc && x.Path == "owner"
		}); ok && isParty(o) {
			return true
		}
	}
	return false
}

// signingAccounts are the accounts a signed CPI signs as: those whose address its seeds derive,
// and its authority when that is not a signer of the transaction (then it can only be the PDA).
func signingAccounts(in *validation.Instruction, c *validation.CPI) map[string]bool {
	out := map[string]bool{}
	for _, a := range in.Accounts {
		for _, sf := range a.SignedFor {
			if sf == c {
				out[a.Name] = true
			}
		}
	}
	if v := c.Accounts["authority"]; v != nil && v.Acc != "" {
		if a := in.Account(v.Acc); a != nil && !a.IsSigner() {
			out[v.Acc] = true
		}
	}
	return out
}

// tied reports a source or destination the signing PDA is specific to: its key (or what it is
// matched with) among the signer seeds, or bound, through stored keys, to the signing account
// (vault == pool.vault with pool signing; vault == bank.vault with bank.group == group and group
// signing), or owned, as a token account, by the signing PDA.
func (t *tying) tied(v *validation.Value) bool {
	return everyAccount(v, func(v *validation.Value) bool { return t.bound(v.Acc, 3) })
}

// everyAccount reports whether ok holds for the account (or key of an account) a value is,
// and for each alternative of a joined value (either account): false for anything else.
func everyAccount(v *validation.Value, ok func(*validation.Value) bool) bool {
	if v == nil {
		return false
	}
	if v.Kind == validation.Struct && v.Type == "|" {
		for _, f := range v.Fields {
			if !everyAccount(f, ok) {
				return false
			}
		}
		return len(v.Fields) > 0
	}
	if v.Acc == "" || v.Kind != validation.AccountRef && v.Kind != validation.Key {
		return false
	}
	return ok(v)
}

func (t *tying) inSeeds(is func(*validation.Value) bool) bool { return seedsHold(t.cpi.Seeds, is) }

// signingAddress reports a derived address of the CPI's own seeds.
func (t *tying) signingAddress(v *validation.Value) bool {
	return v.Kind == validation.Derived && sameSeeds(v.Seeds, t.cpi.Seeds)
}

func (t *tying) bound(name string, depth int) bool {
	if t.signing[name] || t.inSeeds(func(s *validation.Value) bool { return s.Is(validation.Key, name) }) {
		return true
	}
	acc := t.in.Account(name)
	if acc == nil || depth == 0 {
		return false
	}
	for _, r := range acc.KeyRelations {
		o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, name) })
		if !ok || !r.Equal {
			continue
		}
		switch o.Kind {
		case validation.Derived:
			if t.signingAddress(o) {
				return true
			}
			// An address derived from data of an account of the signing PDA's domain (the
			// associated token account of an owner recorded there).
			for _, sd := range o.Seeds {
				if sd.Kind == validation.Field && sd.Acc != name && t.domain(sd.Acc, depth-1) {
					return true
				}
			}
		case validation.Field:
			stored := o
			if t.inSeeds(func(s *validation.Value) bool {
				return s.Is(validation.Key, stored.Acc) || s.Kind == validation.Field && s.Acc == stored.Acc && s.Path == stored.Path
			}) || o.Acc != name && (t.bound(o.Acc, depth-1) || t.pointsToSigning(o.Acc)) {
				return true
			}
		}
	}
	// A token account owned by the signing PDA.
	for _, r := range t.in.Facts.Relations {
		if !r.Equal {
			continue
		}
		o, ok := r.Other(func(v *validation.Value) bool {
			return v.Kind == validation.Field && v.Acc == name && v.Path == "owner"
		})
		if ok && (t.signingAddress(o) || (o.Kind == validation.Key || o.Kind == validation.AccountRef) && t.signing[o.Acc] ||
			o.Kind == validation.Field && o.Acc != name && t.domain(o.Acc, depth-1)) {
			return true
		}
	}
	return false
}

// domain reports a holder of the signing PDA's domain: the signing account, one bound to it,
// or one whose stored key names it (account.group == group, the group signing).
func (t *tying) domain(holder string, depth int) bool {
	return t.signing[holder] || t.pointsToSigning(holder) || depth > 0 && t.bound(holder, depth)
}

// pointsToSigning reports a holder whose stored key is matched with a signing account's key
// (bank.group == group, the group signing).
func (t *tying) pointsToSigning(holder string) bool {
	for _, r := range t.in.Facts.Relations {
		if !r.Equal {
			continue
		}
		o, ok := r.Other(func(v *validation.Value) bool { return v.Kind == validation.Field && v.Acc == holder })
		if ok && o.Kind == validation.Key && t.signing[o.Acc] {
			return true
		}
	}
	return false
}

// sameSeeds compares two seed lists, a trailing bump aside.
func sameSeeds(a, b []*validation.Value) bool {
	trim := func(s []*validation.Value) []*validation.Value {
		if n := len(s); n > 0 && isBump(s[n-1]) {
			return s[:n-1]
		}
		return s
	}
	a, b = trim(a), trim(b)
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			return false
		}
	}
	return true
}

// anchoring decides which accounts of an instruction the caller cannot choose.
type anchoring struct {
	in   *validation.Instruction
	memo map[string]int // 1 fixed, 2 free, 3 being decided
}

// free names the account a value is when the caller chooses it freely, or returns "".
func (a *anchoring) free(v *validation.Value) string {
	accs := map[string]bool{}
	switch v.Kind {
	case validation.AccountRef, validation.Key:
		accs[v.Acc] = true
	case validation.Struct:
		if v.Type == "|" {
			for _, f := range v.Fields {
				if n := a.free(f); n != "" {
					return n
				}
			}
			return ""
		}
	default:
		return ""
	}
	for name := range accs {
		if !a.fixed(name) {
			return name
		}
	}
	return ""
}

// fixed reports an account whose address the caller cannot choose: fixed by a constant, the
// program's id, seeds of fixed parts (an associated token account of fixed accounts
// included), or matched with data of a fixed account.
func (a *anchoring) fixed(name string) bool {
	switch a.memo[name] {
	case 1:
		return true
	case 2, 3:
		return false
	}
	a.memo[name] = 3
	ok := a.decide(name)
	a.memo[name] = 2
	if ok {
		a.memo[name] = 1
	}
	return ok
}

func (a *anchoring) decide(name string) bool {
	acc := a.in.Account(name)
	if acc == nil {
		return false
	}
	if created(acc) {
		return true // made by this instruction, not chosen among others'
	}
	for _, r := range acc.KeyRelations {
		o, ok := r.Other(func(v *validation.Value) bool { return v.Is(validation.Key, name) })
		if !ok || !r.Equal {
			continue
		}
		switch o.Kind {
		case validation.Const, validation.ProgramID:
			return true
		case validation.Derived:
			if a.seedsFixed(o.Seeds, name) {
				return true
			}
		case validation.Field:
			if o.Acc != name && a.fixed(o.Acc) {
				return true
			}
		case validation.Key:
			if o.Acc != name && a.fixed(o.Acc) {
				return true
			}
		}
	}
	return false
}

// seedsFixed reports seeds made of constants and keys or data of fixed accounts (other than
// the account they derive, whose own data fixes nothing); a one-byte array of the bump aside.
func (a *anchoring) seedsFixed(seeds []*validation.Value, self string) bool {
	for i, s := range seeds {
		if i == len(seeds)-1 && isBump(s) {
			continue
		}
		switch s.Kind {
		case validation.Const, validation.ProgramID:
		case validation.Key:
			if s.Acc == self || !a.fixed(s.Acc) {
				return false
			}
		case validation.Field:
			if s.Acc == self || !a.fixed(s.Acc) {
				return false
			}
		default:
			return false
		}
	}
	return len(seeds) > 0
}

// isBump reports a seed that is the bump: &[bump] (a one-element array), a bump field or
// constant.
func isBump(s *validation.Value) bool {
	if s.Kind == validation.Struct && s.Type == "[]" && len(s.Fields) == 1 {
		return true
	}
	return s.Kind == validation.Field && strings.HasSuffix(s.Path, "bump") || s.Kind == validation.Const && s.Path == "bump"
}
