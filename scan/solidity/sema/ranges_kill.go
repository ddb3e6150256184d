package sema

// Forgetting: what an assignment, a call or assembly makes the analysis drop, because the
// value it knew may have changed.

// killVar forgets what depends on variable v: v itself, the places named through it
// (balances[v], v.x) and the pairs of both.
func (a *rangeAnalysis) killVar(s *rangeState, v *Var) {
	a.killWhere(s, func(m *rterm) bool {
		for _, d := range m.deps {
			if d == v || (d.Decl != nil && d.Decl == v.Decl) {
				return true
			}
		}
		return false
	})
}

// killWhere forgets the facts of every location for which hit is true, and of its pairs.
func (a *rangeAnalysis) killWhere(s *rangeState, hit func(m *rterm) bool) {
	for i := range a.terms {
		m := a.terms[i]
		if m.kind == termLoc && hit(m) {
			a.killTerm(s, int32(i))
		}
	}
}

// killTerm forgets location t's fact, its pairs' facts, and unlinks the pending operations
// that name it.
func (a *rangeAnalysis) killTerm(s *rangeState, t int32) {
	s.drop(t)
	for _, p := range a.terms[t].pairs {
		s.drop(p)
	}
	if len(s.pending) > 0 {
		s.own()
	}
	for i := range s.pending {
		w := &s.pending[i]
		if w.res == t || w.x == t || w.y == t {
			w.res, w.x, w.y = -1, -1, -1
		}
	}
}

// killStorage forgets every location in storage (a call may have changed any of it).
func (a *rangeAnalysis) killStorage(s *rangeState) {
	a.killWhere(s, func(m *rterm) bool { return m.storage })
}

// killAliases forgets the places a write to location t may also have changed: in storage,
// every other element or member (two keys may be equal at run time), in memory every place
// behind a reference (two references may share an object). Lengths change only by their own
// writes, push and pop.
func (a *rangeAnalysis) killAliases(s *rangeState, t int32) {
	w := a.terms[t]
	if !w.path {
		return
	}
	a.killWhere(s, func(m *rterm) bool {
		if m == w || !m.path || m.length != w.length {
			return false
		}
		return (w.storage && m.storage) || (w.memory && m.memory)
	})
}
