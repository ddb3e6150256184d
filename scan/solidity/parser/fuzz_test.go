package parser

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source/fuzzseed"
)

// FuzzParseFile checks, on any input, that the parser terminates without panicking and that:
//   - every node and every diagnostic lies inside the file;
//   - the tree is no deeper than the nesting limit allows (analyses walk it recursively);
//   - every token (comments aside) is covered by a node of the tree or by a diagnostic: no code
//     is dropped silently;
//   - a syntax error appended at the end of the file never loses a declaration or a function
//     parsed before it: recovery cannot reach back and drop code.
//
// The seeds (testdata, a sample of the shared corpus, and the crashers found so far in
// testdata/fuzz) run in the normal test suite; explore with
// go test ./scan/solidity/parser -run - -fuzz FuzzParseFile -fuzztime 5m
func FuzzParseFile(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.sol"))
	for _, path := range seeds {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(src)
		}
	}
	for _, src := range fuzzseed.Files(40, ".sol", "clean", "swc-registry", "solidifi-benchmark", "defi-vulns") {
		f.Add(src)
	}
	f.Add([]byte("contract C { function f() { assembly { let x := 1 } } }"))
	f.Add([]byte("contract { function ( { ( [ { \"unterminated"))
	f.Add([]byte("contract C { function f() public { } }\n}\nfunction g() public {}\n}"))
	f.Add([]byte("contract C { function f() { x = a ** a ** a + b.c.d()()[1][2]; } // note\rfunction g() {} }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		file, errs := ParseFile(fset, "fuzz.sol", src)
		lo, hi := file.Pos(), file.End()
		depth, deepest := 0, 0
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				depth--
				return false
			}
			depth++
			deepest = max(deepest, depth)
			if p := n.Pos(); p.IsValid() && (p < lo || p > hi) {
				t.Fatalf("%T starts outside the file: %d not in [%d, %d]", n, p, lo, hi)
			}
			return true
		})
		// Each level of nesting adds a node or two (a statement and its expression, a call and
		// its argument list), and the decls above a function add a few more.
		if deepest > 4*maxNesting+20 {
			t.Fatalf("tree %d deep", deepest)
		}
		for _, e := range errs {
			if e.Pos.Filename != "fuzz.sol" || e.Pos.Line < 1 || e.Pos.Offset > len(src) {
				t.Fatalf("diagnostic outside the file: %v", e)
			}
		}

		if len(errs) <= maxErrors { // past it, errors are counted but not listed
			if u := unreported(fset, file, src, errs); len(u) > 0 {
				t.Fatalf("token at offset %d dropped without a diagnostic (errors: %v)", u[0], errs)
			}
		}

		decls, funcs := countDecls(file)
		broken, _ := ParseFile(token.NewFileSet(), "fuzz.sol", append(src[:len(src):len(src)], "\n@"...))
		if d, fn := countDecls(broken); d < decls || fn < funcs {
			t.Fatalf("appending a syntax error lost code: %d declarations and %d functions before, %d and %d after", decls, funcs, d, fn)
		}

		ParseYul(token.NewFileSet(), "fuzz.yul", src)
	})
}

// countDecls counts the file's top-level declarations and its functions and modifiers.
func countDecls(f *ast.File) (decls, funcs int) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncDecl, *ast.ModifierDecl:
			funcs++
		}
		return true
	})
	return len(f.Decls), funcs
}
