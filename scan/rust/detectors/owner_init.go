package detectors

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// Whose funds a forged account can move. An account read without an owner check can hold
// anything its supplier writes; what that costs depends on what the instruction does with it.
// In an instruction that only sets up new state (every account it writes is created there or
// checked to hold nothing yet) and moves no existing holdings (no outflow it signs, no mint it
// signs for other than the new state's own), the forged data can only shape the state its own
// caller sets up: the pool a creator initialises with a forged reserve is that creator's pool.
// The forged account's key may be recorded in that state for later; then what matters is how
// later instructions use it: if every account they take by that recorded key is handed to the
// token program (which refuses accounts it does not own) or has its owner checked, the forged
// account never passes for a real one there. An attacker's forged account that moves others'
// funds (read where holdings go out, or recorded and trusted later) stays critical.

// initialisationOnly says why a's unowned data can only spoil the state in's caller sets up
// (low true), or why an initialisation's forged account still reaches others' funds (low
// false), or "" when in is no initialisation.
func (p *Pass) initialisationOnly(in *validation.Instruction, a *validation.Account) (string, bool) {
	fresh := map[string]bool{}
	var names []string
	for _, w := range in.Accounts {
		if len(w.Writes) == 0 {
			continue
		}
		if !created(w) && !p.testsOwnState(w) {
			return "", false // it changes state that was there before
		}
		fresh[w.Name] = true
		names = append(names, w.Name)
	}
	if len(fresh) == 0 || fresh[a.Name] {
		return "", false
	}
	for _, l := range in.Facts.Lamports {
		if !l.Credit && !fresh[l.Acc] {
			return "", false // lamports leave an account that held them before
		}
	}
	for _, c := range in.Facts.CPIs {
		if !signedCPI(c) {
			continue // the caller's own signatures: it moves its own holdings
		}
		if c.Outflow() || !seedsHold(c.Seeds, func(s *validation.Value) bool { return s.Kind == validation.Key && fresh[s.Acc] }) {
			return "", false // the program signs as an address the new state does not own
		}
	}
	why := "instruction " + in.Name + " only sets up new state (" + strings.Join(names, ", ") + ", written after it checks they hold nothing yet) and moves no existing holdings"
	stored := p.storedAs(in, a, fresh)
	if len(stored) == 0 {
		return why + ": a forged " + a.Name + " can only shape the state its own caller sets up", true
	}
	for _, path := range stored {
		if later := p.trustedLater(in, path); later != "" {
			return "instruction " + in.Name + " records " + a.Name + "'s key as " + path + ", and instruction " + later + " reads the account it takes by that key " +
				"without handing it to the token program or checking its owner: the state set up with a forged " + a.Name + " prices what others put in later", false
		}
	}
	return why + "; " + a.Name + "'s key is recorded as " + strings.Join(stored, ", ") + ", and every instruction that takes an account by it " +
		"hands that account to the token program or checks its owner: a forged " + a.Name + " can only spoil the state its own caller sets up", true
}

// testsOwnState reports an account whose initialisation flag the instruction tests in a
// condition before writing it (if token_swap.is_initialized { return Err(..) }): it tells a
// fresh account from a live one. Another stored field tested (if pool.paused) tells nothing
// of the kind: an update of live state.
func (p *Pass) testsOwnState(w *validation.Account) bool {
	tag := ""
	if ds := p.Program.DataStruct(dataType(w)); ds != nil {
		tag = ds.TagField
	}
	for _, f := range w.FieldReads {
		last := f.Path[strings.LastIndexByte(f.Path, '.')+1:]
		if f.InCond && (strings.Contains(strings.ToLower(last), "initiali") || last == tag && tag != "") {
			return true
		}
	}
	return false
}

// storedAs lists, as "Type.path", where the fresh accounts' writes record a's key.
func (p *Pass) storedAs(in *validation.Instruction, a *validation.Account, fresh map[string]bool) []string {
	var out []string
	for _, w := range in.Accounts {
		if !fresh[w.Name] {
			continue
		}
		for _, wr := range w.Writes {
			typ := wr.Type
			if typ == "" {
				typ = dataType(w)
			}
			for _, path := range wr.Stores(a.Name) {
				if slices.Contains(out, lastSegment(typ)+"."+path) {
					continue
				}
				out = append(out, lastSegment(typ)+"."+path)
			}
		}
	}
	return out
}

// trustedLater returns an instruction other than in that takes an account by the stored key
// ("Type.path") without handing it to the token program or checking its owner, or "".
func (p *Pass) trustedLater(in *validation.Instruction, stored string) string {
	for _, other := range p.Model.Instructions {
		if other == in {
			continue
		}
		for _, x := range other.Accounts {
			for _, o := range x.StoredKeys() {
				h := other.Account(o.Acc)
				if h == nil || dataType(h)+"."+o.Path != stored {
					continue
				}
				if _, owned := x.OwnerEstablished(); !owned && !handedToTokenProgram(x) {
					return other.Name
				}
			}
		}
	}
	return ""
}
