package sema

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad builds the semantic model of arbitrary input: the model must never panic, whatever
// the parser recovered. Seeds: the parser's testdata and the SWC registry samples.
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob("../parser/testdata/*.sol")
	more, _ := filepath.Glob("../../../../shared/corpus/swc-registry/test_cases/solidity/*/*/*.sol")
	if len(more) > 40 {
		more = more[:40]
	}
	for _, p := range append(seeds, more...) {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("contract A is A { modifier m() { _; _; } function f() m m { f(); } }"))
	f.Add([]byte("contract C { function f() { for (;;) { if (x) break; else continue; } do { } while (y); } }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		Load([]SourceFile{{Path: "f.sol", Src: src}, {Path: "g.sol", Src: []byte("import \"./f.sol\"; contract G is C {}")}}, nil)
	})
}
