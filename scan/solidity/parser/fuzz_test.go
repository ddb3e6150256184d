package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// FuzzParseFile checks that no input makes the parser panic or hang, and that every node it
// returns lies inside the file. The seeds (testdata plus a sample of the shared corpus) also run
// in the normal test suite; explore with: go test -fuzz FuzzParseFile ./scan/solidity/parser
func FuzzParseFile(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.sol"))
	for _, dir := range []string{"clean/solmate/src/tokens", "swc-registry/test_cases/reentracy", "clean/v3-core/contracts/libraries"} {
		more, _ := filepath.Glob(filepath.Join(corpusDir, dir, "*.sol"))
		seeds = append(seeds, more...)
	}
	for _, path := range seeds {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("contract C { function f() { assembly { let x := 1 } } }"))
	f.Add([]byte("contract { function ( { ( [ { \"unterminated"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		file, _ := ParseFile(fset, "fuzz.sol", src)
		lo, hi := file.Pos(), file.End()
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			if p := n.Pos(); p.IsValid() && (p < lo || p > hi) {
				t.Fatalf("%T starts outside the file: %d not in [%d, %d]", n, p, lo, hi)
			}
			return true
		})
		ParseYul(token.NewFileSet(), "fuzz.yul", src)
	})
}
