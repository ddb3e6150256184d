package sema

import "testing"

type releaseKey struct{}

// TestReleaseFacts checks that a file's facts are dropped and computed again on request, except
// those used since the tick, which an analysis still running may hold.
func TestReleaseFacts(t *testing.T) {
	p := load(t, map[string]string{
		"a.sol": `contract A { uint x; function f() public { x = 1; } }`,
		"b.sol": `import "a.sol"; contract B is A { function g() public { f(); } }`,
	})
	a := p.File("a.sol")
	f := p.Contracts[0].Functions[0]
	info := p.Info(f)
	computed := 0
	fact := func() int { return Memo(info, releaseKey{}, func() int { computed++; return computed }) }

	fact()
	body := f.BodyTree()
	p.ReleaseFacts(a, Tick())
	if got := fact(); got != 2 {
		t.Fatalf("fact after release = %d, want it computed again (2)", got)
	}
	if f.BodyTree() == body {
		t.Errorf("body tree kept after release")
	}

	// Used after the tick: kept, and released by a later release once unused.
	tick := Tick()
	fact()
	p.ReleaseFacts(p.File("b.sol"), tick)
	if got := fact(); got != 2 {
		t.Fatalf("fact used since the tick = %d, want it kept (2)", got)
	}
	p.ReleaseFacts(p.File("b.sol"), Tick())
	if got := fact(); got != 3 {
		t.Fatalf("stray fact after a later release = %d, want it computed again (3)", got)
	}
}
