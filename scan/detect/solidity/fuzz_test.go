package solidity

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/source/fuzzseed"
)

// FuzzRun runs every Solidity detector on the model of arbitrary input: no detector may fail
// (detect.Run turns a panic into a diagnostic, which fails here), and every finding must point
// into the file. Seeds: the detectors' fixtures, a sample of the shared corpus and the crashers
// in testdata/fuzz; explore with go test ./scan/detect/solidity -run - -fuzz FuzzRun -fuzztime 5m
func FuzzRun(f *testing.F) {
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "*", "vulnerable.sol"))
	if len(fixtures) > 40 {
		fixtures = fixtures[:40]
	}
	for _, p := range fixtures {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	for _, src := range fuzzseed.Files(20, ".sol", "swc-registry", "defi-vulns", "clean") {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog := sema.Load([]sema.SourceFile{{Path: "f.sol", Src: src}}, nil)
		res := detect.Run(prog, All)
		for _, d := range res.Diagnostics {
			t.Fatalf("%s: %s", d.Analyzer, d.Msg)
		}
		for _, fd := range res.Findings {
			if pos := prog.Fset.Position(fd.Pos); pos.Filename != "f.sol" || pos.Offset > len(src) {
				t.Fatalf("%s reported outside the file: %v", fd.Analyzer.ID, pos)
			}
		}
	})
}
