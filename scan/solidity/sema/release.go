package sema

import (
	"sync"
	"sync/atomic"
)

// A scan's detectors run file by file (detect.RunContext). The facts they derive on demand
// (Memo) and the flattened bodies (Function.BodyTree) are, for the most part, those of the code
// of the file being analysed; kept to the end of the scan they add up to the largest part of the
// memory the detectors hold. Once every detector has finished with a file, ReleaseFacts drops
// the facts of that file's own code, so that the facts alive at once are those of a file or two
// instead of the corpus. A later file that asks for one of them again (its contract inherits
// from the file, or calls into it) gets it computed again: the facts are functions of the model,
// the same each time. Such a holder is listed as a stray and looked at again by the next release.
//
// A detector must see one version of each fact (a fact may hold objects another compares by
// identity), so a fact is dropped only when no analysis still running may have used it: each
// use stamps the fact with the clock's time; the caller of ReleaseFacts reads the clock (Tick)
// when the file's last task ends, and releases once every analysis started before that has
// ended. A fact used since the tick is kept, its holder listed as a stray.
//
// What that does not cover: a fact kept (used since the tick) that holds an object made by
// another holder's fact, released and made again, then compared by identity with the new one.
// So a fact holds model objects (nodes, Vars, Functions, CFG nodes) and plain values, never an
// object another holder's fact allocated; whole-program facts (Memo(prog, ...)) are never
// released and follow the same rule.

// clock counts the ends of files' analyses. It is shared by the programs of a process (a
// server runs scans side by side): another scan's ticks only make facts look used later, which
// keeps them longer, never drops one in use.
var clock atomic.Int64

// Tick advances the facts' clock and returns its new time, to pass to ReleaseFacts.
func Tick() int64 { return clock.Add(1) }

// strays lists the holders whose facts were computed again after their release, or kept by
// one because they were in use, each once.
type strays struct {
	mu      sync.Mutex
	holders []Memoized
}

func (s *strays) add(h Memoized) {
	s.mu.Lock()
	if m := h.memoTable(); !m.listed {
		m.listed = true
		s.holders = append(s.holders, h)
	}
	s.mu.Unlock()
}

// take empties the list and returns what it held.
func (s *strays) take() []Memoized {
	s.mu.Lock()
	defer s.mu.Unlock()
	listed := s.holders
	s.holders = nil
	for _, h := range listed {
		h.memoTable().listed = false
	}
	return listed
}

// ReleaseFacts drops the derived facts of f's own code (the file, its contracts, their
// functions and modifiers, its free functions) and of the strays, all those not used since
// time tick (see Tick). The caller makes sure that every analysis started before tick has
// ended.
func (p *Program) ReleaseFacts(f *File, tick int64) {
	p.release(f, tick)
	for _, c := range f.Contracts {
		p.release(c, tick)
		for _, fns := range [...][]*Function{c.Functions, c.Modifiers} {
			for _, fn := range fns {
				p.releaseFunction(fn, tick)
			}
		}
	}
	for _, fn := range p.Free {
		if fn.File == f {
			p.releaseFunction(fn, tick)
		}
	}
	for _, h := range p.strays.take() {
		if info, ok := h.(*FuncInfo); ok {
			p.releaseFunction(info.Fn, tick)
		} else {
			p.release(h, tick)
		}
	}
}

func (p *Program) releaseFunction(fn *Function, tick int64) {
	if fn.info == nil {
		return
	}
	p.release(fn.info, tick)
	t := &fn.tree
	t.mu.Lock()
	defer t.mu.Unlock()
	t.strays = &p.strays
	if t.in.Load() == nil {
		return
	}
	if t.used.Load() >= tick {
		p.strays.add(fn.info)
		return
	}
	t.in.Store(nil)
}

// release drops h's facts not used since tick and marks it released.
func (p *Program) release(h Memoized, tick int64) {
	m := h.memoTable()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.strays = &p.strays
	kept := m.entries[:0]
	for _, e := range m.entries {
		if e.used >= tick {
			kept = append(kept, e)
		}
	}
	clear(m.entries[len(kept):])
	if len(kept) == 0 {
		m.entries = nil
		return
	}
	m.entries = kept
	p.strays.add(h)
}
