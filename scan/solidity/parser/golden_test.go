package parser

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

var update = flag.Bool("update", false, "rewrite the golden AST dumps in testdata")

// TestGolden compares the AST dump of each testdata/*.sol with its .golden file.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.sol"))
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, errs := ParseFile(fset, filepath.Base(path), src)
		if len(errs) > 0 {
			t.Errorf("%s: %v", path, errs)
		}
		var buf bytes.Buffer
		if err := ast.Fprint(&buf, fset, f); err != nil {
			t.Fatal(err)
		}
		golden := strings.TrimSuffix(path, ".sol") + ".golden"
		if *update {
			if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: AST dump differs from %s (run go test -update and review the diff)", path, golden)
		}
	}
}
