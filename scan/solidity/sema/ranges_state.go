package sema

import "slices"

// rangeFact is what the range analysis knows of one term at a point: its interval.
type rangeFact struct {
	term int32
	iv   Interval
}

// pendingWrap is an operation of wrapping arithmetic (pre-0.8, or unchecked) that may have
// wrapped and whose result no later check has tested yet (see ranges_wrap.go).
type pendingWrap struct {
	op   int32 // index in rangeAnalysis.wraps
	res  int32 // the location holding the result, or -1 (the operation compared in place, or lost)
	x, y int32 // the locations of the operands, or -1
}

// rangeState is what the analysis knows at one point of a function: a fact per term that is
// narrower than what the term's type allows, sorted by term, and the wrapping operations still
// unchecked. A term without a fact has its type's range. dead marks a point no execution
// reaches (a branch the facts rule out).
//
// States are values whose slices are shared: a state stored at a node is never written again.
// A state about to change is cloned (which costs nothing) and copies its slices on its first
// change (own), so that the many nodes that change nothing share them.
type rangeState struct {
	dead    bool
	owned   bool // the slices belong to this state alone and may be written
	facts   []rangeFact
	pending []pendingWrap
}

// clone returns the state as one that copies its slices before it writes them.
func (s rangeState) clone() rangeState {
	s.owned = false
	return s
}

// own makes the state's slices its own, to be written.
func (s *rangeState) own() {
	if !s.owned {
		s.facts, s.pending, s.owned = slices.Clone(s.facts), slices.Clone(s.pending), true
	}
}

// find returns the position of term t's fact, and whether there is one.
func (s *rangeState) find(t int32) (int, bool) {
	return slices.BinarySearchFunc(s.facts, t, func(f rangeFact, t int32) int { return int(f.term - t) })
}

// fact returns the interval recorded for t, if any.
func (s *rangeState) fact(t int32) (Interval, bool) {
	if i, ok := s.find(t); ok {
		return s.facts[i].iv, true
	}
	return Interval{}, false
}

// put records iv for t (the caller has cloned the state).
func (s *rangeState) put(t int32, iv Interval) {
	if iv.Empty() {
		s.dead = true
	}
	s.own()
	i, ok := s.find(t)
	if ok {
		s.facts[i].iv = iv
		return
	}
	s.facts = slices.Insert(s.facts, i, rangeFact{t, iv})
}

// drop forgets t's fact.
func (s *rangeState) drop(t int32) {
	if i, ok := s.find(t); ok {
		s.own()
		s.facts = slices.Delete(s.facts, i, i+1)
	}
}

// equal reports whether two states hold the same facts.
func (s rangeState) equal(o rangeState) bool {
	if s.dead || o.dead {
		return s.dead == o.dead
	}
	return slices.EqualFunc(s.facts, o.facts, func(a, b rangeFact) bool { return a.term == b.term && a.iv.Equal(b.iv) }) &&
		slices.Equal(s.pending, o.pending)
}

// joinStates returns what holds after either a or b: a fact of both, joined, or a fact of one
// side joined with what the other side's facts imply of the term (a sum or difference of two
// locations each side bounds); pending operations of either side.
func (a *rangeAnalysis) joinStates(x, y rangeState) rangeState {
	switch {
	case x.dead:
		return y.clone()
	case y.dead:
		return x.clone()
	}
	out := rangeState{owned: true, facts: make([]rangeFact, 0, max(len(x.facts), len(y.facts)))}
	keep := func(t int32, iv Interval) {
		if !iv.Equal(a.limit(t)) {
			out.facts = append(out.facts, rangeFact{t, iv})
		}
	}
	i, j := 0, 0
	for i < len(x.facts) || j < len(y.facts) {
		switch {
		case j == len(y.facts) || (i < len(x.facts) && x.facts[i].term < y.facts[j].term):
			if iv, ok := a.implied(&y, x.facts[i].term); ok {
				keep(x.facts[i].term, x.facts[i].iv.Join(iv))
			}
			i++
		case i == len(x.facts) || y.facts[j].term < x.facts[i].term:
			if iv, ok := a.implied(&x, y.facts[j].term); ok {
				keep(y.facts[j].term, y.facts[j].iv.Join(iv))
			}
			j++
		default:
			keep(x.facts[i].term, x.facts[i].iv.Join(y.facts[j].iv))
			i++
			j++
		}
	}
	out.pending = joinPending(x.pending, y.pending)
	return out
}

// joinPending merges two sorted lists of pending operations; an operation pending on both
// sides with different locations keeps none (the check must name what both paths hold).
func joinPending(a, b []pendingWrap) []pendingWrap {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]pendingWrap, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i].op < b[j].op):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j].op < a[i].op:
			out = append(out, b[j])
			j++
		default:
			w := a[i]
			if w != b[j] {
				w.res, w.x, w.y = -1, -1, -1
			}
			out = append(out, w)
			i++
			j++
		}
	}
	return out
}

// widenStates returns the state after old at a loop head once next arrives from around the
// loop: next's facts joined with old's, and every bound that moved pushed to the term's
// limit, so that the loop's fixpoint is reached in a few rounds.
func (a *rangeAnalysis) widenStates(old, next rangeState) rangeState {
	if old.dead || next.dead {
		if old.dead {
			return next.clone()
		}
		return old.clone()
	}
	out := rangeState{owned: true, facts: make([]rangeFact, 0, len(old.facts))}
	j := 0
	for _, f := range old.facts {
		for j < len(next.facts) && next.facts[j].term < f.term {
			j++
		}
		if j == len(next.facts) || next.facts[j].term != f.term {
			continue // next lost the fact: so does the head
		}
		limit := a.limit(f.term)
		if iv := f.iv.widen(next.facts[j].iv, limit); !iv.Equal(limit) {
			out.facts = append(out.facts, rangeFact{f.term, iv})
		}
	}
	out.pending = joinPending(old.pending, next.pending)
	return out
}
