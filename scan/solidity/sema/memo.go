package sema

import "sync"

// memo holds facts derived from a function's model on first request: detectors run in
// parallel, and a fact one detector needs per node (which nodes an access check guards, which
// locals hold a recovered signer) is computed once per function, not once per node asked about,
// which would make the detector quadratic or worse in the size of the function.
//
// A holder has a few facts at most (there are a couple of dozen keys in all), so they sit in a
// short list searched under a lock, which costs less, in time and in allocations, than a
// concurrent map per holder for thousands of holders.
type memo struct {
	mu      sync.Mutex
	entries []*memoEntry
	// strays is set once the holder's facts were released (ReleaseFacts): a fact asked for
	// again is computed again and the holder listed there, to be released with the next file.
	strays *strays
	listed bool // in strays' list (guarded by its lock)
}

type memoEntry struct {
	key  any
	once sync.Once
	v    any
	used int64 // the clock's time at the last request (see ReleaseFacts)
}

// Memoized is what holds derived facts: a function's *FuncInfo, a *Contract, a *File or the
// whole *Program.
type Memoized interface{ memoTable() *memo }

func (info *FuncInfo) memoTable() *memo { return &info.memo }
func (c *Contract) memoTable() *memo    { return &c.memo }
func (f *File) memoTable() *memo        { return &f.memo }
func (p *Program) memoTable() *memo     { return &p.memo }

// Memo returns the fact of h named key, computing it with compute on the first request.
// Keys are values of an unexported type of the caller's package (struct{} types), so that two
// packages never share a key by accident. compute must not ask for the same key of the same
// holder again.
func Memo[T any](h Memoized, key any, compute func() T) T {
	m := h.memoTable()
	m.mu.Lock()
	var e *memoEntry
	for _, x := range m.entries {
		if x.key == key {
			e = x
			break
		}
	}
	if e == nil {
		e = &memoEntry{key: key}
		if m.entries == nil && m.strays != nil {
			m.strays.add(h)
		}
		if m.entries == nil {
			// A holder has a few facts, a function a dozen or two: room for several from the
			// first, instead of a doubling at every other fact.
			m.entries = make([]*memoEntry, 0, 8)
		}
		m.entries = append(m.entries, e)
	}
	e.used = clock.Load()
	m.mu.Unlock()
	e.once.Do(func() { e.v = compute() })
	return e.v.(T)
}
