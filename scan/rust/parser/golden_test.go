package parser

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

var update = flag.Bool("update", false, "rewrite golden AST dumps")

// TestGolden compares AST dumps of small files with reviewed golden
// files. Run with -update after an intended change and review the diff.
func TestGolden(t *testing.T) {
	srcs, err := filepath.Glob("testdata/golden/*.rs")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no golden sources: %v", err)
	}
	for _, src := range srcs {
		t.Run(filepath.Base(src), func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := ParseFile(fset, src, nil, AllErrors)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := ast.Fprint(&buf, fset, f); err != nil {
				t.Fatal(err)
			}
			golden := src + ".golden"
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("AST of %s differs from %s; run with -update and review the diff", src, golden)
			}
		})
	}
}
