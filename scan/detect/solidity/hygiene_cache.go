package solidity

import "github.com/vigil-sec/vigil/scan/solidity/sema"

// Several hygiene detectors need whole-program facts (every name used, every writer of every
// state variable) while they run once per contract. hygProgramFacts computes them once per
// program and keeps them with the program (sema.Memo), so they go when the scan's model goes:
// a package-level "last program" would keep a whole model alive after its scan, in a server
// and in the next scan of a process.

type hygFacts struct {
	names   map[string]int
	writers map[*sema.Var][]*sema.Function
	asm     map[string]bool
}

type hygFactsKey struct{}

func hygProgramFacts(p *sema.Program) *hygFacts {
	return sema.Memo(p, hygFactsKey{}, func() *hygFacts {
		f := &hygFacts{names: hygComputeNameUses(p)}
		f.writers, f.asm = hygComputeStateWriters(p)
		return f
	})
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
