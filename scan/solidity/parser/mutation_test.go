package parser

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source/fuzzseed"
	"github.com/vigil-sec/vigil/scan/source/sourcetest"
)

// TestMutatedSourcesHideNothing breaks real contracts the way typos and attackers do (bytes
// cut out; braces, brackets, quotes, comment openers, keywords and a lone CR put in) and checks
// the fuzz invariants on each: no token dropped without a diagnostic, and no declaration or
// function lost when one more syntax error is appended. Deterministic, unlike the fuzzer.
func TestMutatedSourcesHideNothing(t *testing.T) {
	var seeds [][]byte
	for _, name := range []string{"modern.sol", "legacy.sol"} {
		if src, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			seeds = append(seeds, src)
		}
	}
	seeds = append(seeds, fuzzseed.Files(20, ".sol", "clean", "swc-registry", "solidifi-benchmark")...)
	rng := rand.New(rand.NewPCG(7, 7))
	inserts := []string{"{", "}", "(", ")", "[", "]", ";", "\"", "function", "contract", "@", "\r", "/*", "//", "if", "=", ","}
	for _, src := range seeds {
		for k := 0; k < 50; k++ {
			m := sourcetest.Mutate(rng, src, inserts)
			fset := token.NewFileSet()
			file, errs := ParseFile(fset, "m.sol", m)
			if u := unreported(fset, file, m, errs); len(u) > 0 && len(errs) <= maxErrors {
				o := u[0]
				t.Fatalf("token dropped without a diagnostic at %d: %q\nerrors: %v", o, m[max(0, o-80):min(len(m), o+40)], errs)
			}
			decls, funcs := countDecls(file)
			broken, _ := ParseFile(token.NewFileSet(), "m.sol", append(m[:len(m):len(m)], "\n@"...))
			if d, f := countDecls(broken); d < decls || f < funcs {
				t.Fatalf("appending a syntax error lost code: %d declarations and %d functions, then %d and %d\n%s", decls, funcs, d, f, m)
			}
		}
	}
}
