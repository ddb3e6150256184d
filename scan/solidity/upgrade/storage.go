package upgrade

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/layout"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// How a type of the new layout relates to the old one at the same place.
const (
	same          = iota // the same slots, offsets and encoding (a relabel such as IERC20 to address too)
	grown                // a struct that gained fields at its end, where it may grow
	structChanged        // a struct's fields moved or changed
	changed              // another size, encoding or element
)

// storage compares the layouts of one contract's two versions.
type storage struct {
	pair     Pair
	ol, nl   *layout.Layout
	out      []Finding
	breaks   int // critical findings so far: a variable that moves because of one is not reported again
	contract string
}

func key(e layout.Entry) string { return e.Declared + "." + e.Label }

func isGap(e layout.Entry) bool { return strings.HasPrefix(e.Label, "__gap") }

func slotOf(e layout.Entry) *big.Int {
	n, _ := new(big.Int).SetString(e.Slot, 10)
	return n
}

// slotsOf is how many slots an entry's type takes.
func slotsOf(l *layout.Layout, e layout.Entry) *big.Int {
	n, _ := new(big.Int).SetString(l.Types[e.Type].NumberOfBytes, 10)
	n.Add(n, big.NewInt(31))
	return n.Quo(n, big.NewInt(32))
}

func where(e layout.Entry) string { return fmt.Sprintf("slot %s, offset %d", e.Slot, e.Offset) }

func (s *storage) report(f Finding) {
	f.Contract = s.contract
	if f.Code == "" {
		f.Code = f.Template.ID + " " + s.contract + "." + f.Variable
	}
	if f.Template.Severity == "critical" {
		s.breaks++
	}
	s.out = append(s.out, f)
}

// compareStorage reports the storage changes from the old version of a contract to the new.
func compareStorage(oldP, newP *sema.Program, pair Pair, ol, nl *layout.Layout) []Finding {
	s := &storage{pair: pair, ol: ol, nl: nl, contract: pair.New.Name}
	order := s.inheritance(newP)
	if !order {
		s.variables()
	}
	s.namespaces()
	return s.out
}

// inheritance reports a changed C3 order of the bases that hold storage; it returns whether it
// did (every variable then moves, and listing them would hide the cause).
func (s *storage) inheritance(newP *sema.Program) bool {
	holders := map[string]bool{}
	for _, l := range []*layout.Layout{s.ol, s.nl} {
		for _, e := range l.Storage {
			holders[e.Declared] = true
		}
	}
	order := func(c *sema.Contract, other *sema.Contract) []string {
		var out []string
		for i := len(c.Linearization) - 1; i >= 0; i-- {
			name := c.Linearization[i].Name
			if holders[name] && slices.ContainsFunc(other.Linearization, func(b *sema.Contract) bool { return b.Name == name }) {
				out = append(out, name)
			}
		}
		return out
	}
	was, now := order(s.pair.Old, s.pair.New), order(s.pair.New, s.pair.Old)
	if slices.Equal(was, now) {
		return false
	}
	s.report(Finding{Template: InheritanceChanged, Pos: newP.Fset.Position(s.pair.New.Decl.Pos()), Variable: s.contract,
		Detail: "was " + strings.Join(was, ", ") + "; now " + strings.Join(now, ", ")})
	return true
}

// variables matches the old variables with the new ones by declaring contract and name.
func (s *storage) variables() {
	oldBy, newBy := map[string]layout.Entry{}, map[string]layout.Entry{}
	for _, e := range s.ol.Storage {
		oldBy[key(e)] = e
	}
	for _, e := range s.nl.Storage {
		newBy[key(e)] = e
	}
	newAt := func(slot string, offset int) (layout.Entry, bool) {
		for _, e := range s.nl.Storage {
			if e.Slot == slot && e.Offset == offset {
				return e, true
			}
		}
		return layout.Entry{}, false
	}
	oldEnd := new(big.Int)
	for _, e := range s.ol.Storage {
		if end := new(big.Int).Add(slotOf(e), slotsOf(s.ol, e)); end.Cmp(oldEnd) > 0 {
			oldEnd = end
		}
	}
	gaps := s.gaps(newBy)
	inGap := func(e layout.Entry) bool {
		slot := slotOf(e)
		for _, g := range gaps {
			if slot.Cmp(g[0]) >= 0 && slot.Cmp(g[1]) < 0 {
				return true
			}
		}
		return false
	}

	matched := map[string]bool{}
	var moved []layout.Entry
	for i, o := range s.ol.Storage {
		if isGap(o) {
			matched[key(o)] = true
			continue
		}
		n, ok := newBy[key(o)]
		if !ok {
			if r, at := newAt(o.Slot, o.Offset); at && !isGap(r) {
				if _, old := oldBy[key(r)]; !old {
					if k, _ := s.compare(o.Type, r.Type, false); k == same {
						matched[key(r)] = true
						s.report(Finding{Template: VariableRenamed, Pos: r.Pos, Variable: r.Label,
							Detail: fmt.Sprintf("%s was renamed %s (%s)", o.Label, r.Label, where(r))})
						continue
					}
				}
			}
			s.report(Finding{Template: VariableRemoved, Pos: o.Pos, Old: true, Variable: o.Label,
				Detail: fmt.Sprintf("it was %s %s at %s", s.ol.Types[o.Type].Label, o.Label, where(o))})
			continue
		}
		matched[key(n)] = true
		last := i == len(s.ol.Storage)-1
		k, d := s.compare(o.Type, n.Type, last)
		if (k == same || k == grown) && (n.Slot != o.Slot || n.Offset != o.Offset) {
			moved = append(moved, o)
			continue
		}
		switch k {
		case structChanged:
			s.report(Finding{Template: StructFieldInserted, Pos: n.Pos, Variable: n.Label, Detail: d})
		case changed:
			s.report(Finding{Template: TypeChanged, Pos: n.Pos, Variable: n.Label, Detail: d})
		}
	}
	for _, n := range s.nl.Storage {
		if matched[key(n)] || isGap(n) {
			continue
		}
		switch {
		case inGap(n):
			s.report(Finding{Template: VariableAppended, Pos: n.Pos, Variable: n.Label, Detail: "in slots the __gap reserved, " + where(n)})
		case slotOf(n).Cmp(oldEnd) >= 0:
			s.report(Finding{Template: VariableAppended, Pos: n.Pos, Variable: n.Label, Detail: "after the old variables, " + where(n)})
		default:
			s.report(Finding{Template: VariableInserted, Pos: n.Pos, Variable: n.Label, Detail: "at " + where(n) + ", which an old variable used"})
		}
	}
	if s.breaks == 0 {
		for _, o := range moved {
			n := newBy[key(o)]
			s.report(Finding{Template: VariableMoved, Pos: n.Pos, Variable: n.Label, Detail: "from " + where(o) + " to " + where(n)})
		}
	}
}

// gaps checks each __gap of the old version against the new one: where it ends must not change
// (the variables added before it take exactly the slots it gave up). It returns the old gaps'
// slot ranges, where new variables are expected.
func (s *storage) gaps(newBy map[string]layout.Entry) [][2]*big.Int {
	var out [][2]*big.Int
	for _, o := range s.ol.Storage {
		if !isGap(o) {
			continue
		}
		start := slotOf(o)
		end := new(big.Int).Add(start, slotsOf(s.ol, o))
		out = append(out, [2]*big.Int{start, end})
		n, ok := newBy[key(o)]
		if !ok {
			continue // removed outright: the variables after it show whether anything moved
		}
		nstart := slotOf(n)
		nend := new(big.Int).Add(nstart, slotsOf(s.nl, n))
		if nend.Cmp(end) != 0 {
			added := new(big.Int).Sub(nstart, start)
			s.report(Finding{Template: GapNotShrunk, Pos: n.Pos, Variable: n.Label,
				Detail: fmt.Sprintf("went from %s to %s slots while the variables added before it take %s", slotsOf(s.ol, o), slotsOf(s.nl, n), added)})
		}
	}
	return out
}

// namespaces compares the ERC-7201 namespaced structs by id: they may only grow at the end.
func (s *storage) namespaces() {
	for _, o := range s.ol.Namespaces {
		i := slices.IndexFunc(s.nl.Namespaces, func(n layout.Namespace) bool { return n.ID == o.ID })
		if i < 0 {
			s.report(Finding{Template: NamespaceChanged, Pos: o.Pos, Old: true, Variable: o.ID, Detail: "the namespace is gone"})
			continue
		}
		n := s.nl.Namespaces[i]
		if k, d := s.compare(o.Type, n.Type, true); k == structChanged || k == changed {
			s.report(Finding{Template: NamespaceChanged, Pos: n.Pos, Variable: o.ID, Detail: d})
		}
	}
}

// compare relates old type ot to new type nt; canGrow says whether a struct there may gain
// fields at its end (a mapping value, the last variable, a namespace).
func (s *storage) compare(ot, nt string, canGrow bool) (int, string) {
	a, b := s.ol.Types[ot], s.nl.Types[nt]
	if a == nil || b == nil {
		return changed, "unknown type"
	}
	if a.Encoding != b.Encoding {
		return changed, a.Label + " became " + b.Label
	}
	switch a.Encoding {
	case "mapping":
		if k, _ := s.compare(a.Key, b.Key, false); k != same {
			return changed, a.Label + " became " + b.Label + " (another key type)"
		}
		return s.compare(a.Value, b.Value, true)
	case "dynamic_array":
		k, d := s.compare(a.Base, b.Base, false)
		if k == changed {
			d = a.Label + " became " + b.Label
		}
		return k, d
	case "bytes":
		return same, ""
	}
	if a.Members != nil || b.Members != nil {
		return s.structs(a, b, canGrow)
	}
	if a.NumberOfBytes != b.NumberOfBytes {
		return changed, fmt.Sprintf("%s (%s bytes) became %s (%s bytes)", a.Label, a.NumberOfBytes, b.Label, b.NumberOfBytes)
	}
	if a.Base != "" {
		if k, _ := s.compare(a.Base, b.Base, false); k != same {
			return changed, a.Label + " became " + b.Label
		}
	}
	return same, ""
}

// structs compares two structs field by field.
func (s *storage) structs(a, b *layout.Type, canGrow bool) (int, string) {
	if a.Members == nil || b.Members == nil {
		return changed, a.Label + " became " + b.Label
	}
	has := func(ms []layout.Entry, label string) bool {
		return slices.ContainsFunc(ms, func(m layout.Entry) bool { return m.Label == label })
	}
	for i, am := range a.Members {
		if i >= len(b.Members) {
			return structChanged, fmt.Sprintf("%s: field %s removed", a.Label, am.Label)
		}
		bm := b.Members[i]
		if am.Label != bm.Label && !has(a.Members, bm.Label) && has(b.Members[i+1:], am.Label) {
			return structChanged, fmt.Sprintf("%s: field %s inserted before %s", b.Label, bm.Label, am.Label)
		}
		if am.Slot != bm.Slot || am.Offset != bm.Offset {
			return structChanged, fmt.Sprintf("%s: field %s moved", b.Label, bm.Label)
		}
		if k, d := s.compare(am.Type, bm.Type, false); k != same {
			return structChanged, fmt.Sprintf("%s: field %s: %s", b.Label, am.Label, d)
		}
	}
	if len(b.Members) > len(a.Members) {
		if a.NumberOfBytes == b.NumberOfBytes || canGrow {
			return grown, ""
		}
		return structChanged, fmt.Sprintf("%s: fields appended to a struct stored inline or in an array, which grows from %s to %s bytes",
			b.Label, a.NumberOfBytes, b.NumberOfBytes)
	}
	return same, ""
}
