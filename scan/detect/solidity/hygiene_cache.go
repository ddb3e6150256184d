package solidity

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Several hygiene detectors need whole-program facts (every name used, every writer of every
// state variable) while they run once per contract. hygProgramFacts computes them once per
// program and keeps only the most recent program, so memory does not grow with the number of
// scans a server runs.

type hygFacts struct {
	once    sync.Once
	names   map[string]int
	writers map[*sema.Var][]*sema.Function
	asm     map[string]bool
}

var (
	hygFactsMu   sync.Mutex
	hygFactsProg *sema.Program
	hygFactsVal  *hygFacts
)

func hygProgramFacts(p *sema.Program) *hygFacts {
	hygFactsMu.Lock()
	if hygFactsProg != p {
		hygFactsProg, hygFactsVal = p, &hygFacts{}
	}
	f := hygFactsVal
	hygFactsMu.Unlock()
	f.once.Do(func() {
		f.names = hygComputeNameUses(p)
		f.writers, f.asm = hygComputeStateWriters(p)
	})
	return f
}

// hygNameUses counts, for the whole program, the identifiers (plain names, member names and
// assembly names up to the first dot) by name.
func hygNameUses(p *sema.Program) map[string]int { return hygProgramFacts(p).names }

// hygStateWriters returns, for each state variable, the functions and modifiers of the program
// that write it (storage pointers and assembly sstore included), and the names used in inline
// assembly anywhere (x.slot, x.offset, or x itself).
func hygStateWriters(p *sema.Program) (map[*sema.Var][]*sema.Function, map[string]bool) {
	f := hygProgramFacts(p)
	return f.writers, f.asm
}
