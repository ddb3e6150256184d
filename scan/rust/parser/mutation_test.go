package parser

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/source/fuzzseed"
	"github.com/vigil-sec/vigil/scan/source/sourcetest"
)

// TestMutatedSourcesHideNothing breaks real programs (testdata and a sample of the Solana
// corpus) 40 ways each and checks the fuzz invariants on each: no token dropped without a
// diagnostic, and no item lost when one more syntax error is appended. Deterministic, unlike
// the fuzzer.
func TestMutatedSourcesHideNothing(t *testing.T) {
	seeds := fuzzseed.Files(20, ".rs", "solana-clean", "solana-vulnerable")
	for _, s := range fuzzSeeds {
		seeds = append(seeds, []byte(s))
	}
	rng := rand.New(rand.NewPCG(7, 7))
	inserts := []string{"{", "}", "(", ")", "[", "]", ";", "\"", "fn", "impl", "@", "\r", "/*", "//", "if", "=", ",", "<", ">", "'", "#"}
	for _, src := range seeds {
		for k := 0; k < 40; k++ {
			m := sourcetest.Mutate(rng, src, inserts)
			fset := token.NewFileSet()
			f, err := ParseFile(fset, "m.rs", m, AllErrors)
			var errs scanner.ErrorList
			errors.As(err, &errs)
			if u := unreported(fset, f, m, errs); len(u) > 0 && len(errs) < 1000 {
				o := u[0]
				t.Fatalf("token dropped without a diagnostic at %d: %q\nerrors: %v", o, m[max(0, o-80):min(len(m), o+40)], err)
			}
			broken, _ := ParseFile(token.NewFileSet(), "m.rs", append(m[:len(m):len(m)], "\n}"...), AllErrors)
			if len(broken.Items) < len(f.Items) {
				t.Fatalf("appending a syntax error lost items: %d, then %d\n%s", len(f.Items), len(broken.Items), m)
			}
		}
	}
}
