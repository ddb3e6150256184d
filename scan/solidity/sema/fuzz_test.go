package sema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/source/fuzzseed"
)

// FuzzLoad builds the semantic model of arbitrary input: the model must never panic, whatever
// the parser recovered, and every diagnostic must name a file of the program and a line in it.
// Seeds: the parser's testdata, a sample of the shared corpus and the crashers in
// testdata/fuzz; explore with go test ./scan/solidity/sema -run - -fuzz FuzzLoad -fuzztime 5m
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob("../parser/testdata/*.sol")
	for _, p := range seeds {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	for _, src := range fuzzseed.Files(40, ".sol", "swc-registry", "clean", "defi-vulns") {
		f.Add(src)
	}
	f.Add([]byte("contract A is A { modifier m() { _; _; } function f() m m { f(); } }"))
	f.Add([]byte("contract C { function f() { for (;;) { if (x) break; else continue; } do { } while (y); } }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p := Load([]SourceFile{{Path: "f.sol", Src: src}, {Path: "g.sol", Src: []byte("import \"./f.sol\"; contract G is C {}")}}, nil)
		for _, d := range p.Diagnostics {
			if d.Pos.IsValid() && d.Pos.Filename != "f.sol" && d.Pos.Filename != "g.sol" {
				t.Fatalf("diagnostic in no file of the program: %v %s", d.Pos, d.Msg)
			}
			if d.Pos.Filename == "f.sol" && d.Pos.Offset > len(src) {
				t.Fatalf("diagnostic past the end of the file: %v %s", d.Pos, d.Msg)
			}
		}
	})
}
