package parser

import (
	"errors"
	"os"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/source/fuzzseed"
)

// fuzzSeeds are fragments chosen to reach error paths: unbalanced
// delimiters, split tokens, cut-off items and hostile nesting.
var fuzzSeeds = []string{
	"",
	"fn",
	"fn f(",
	"fn f() { let x = ; }",
	"struct S { a: , }",
	"impl<T> for {}",
	"fn f() { match x { => } }",
	"fn f() { if { } else }",
	"fn f() -> Vec<Vec<u8>>> {}",
	"fn f() { a.0.1.2e5; x.; }",
	"#[account(mut, has_one = @ E)] struct S;",
	"#![",
	"'a: 'b: loop {}",
	"use a::{b, {c, *}, };",
	"macro_rules! m { ($($x:tt)*) => { $($x)* } }",
	"fn f() { ((((((((((1)))))))))) }",
	"fn f() { |x| |y| |z| x + y + z }",
	"fn f() { let Some(x) = y else { return }; }",
	"fn f() { r#\"unterminated",
	"/* unterminated /* nested */",
	"fn f() { '\\u{1F600}'; b'\\'; }",
	"type T = <<A as B>::C as D>::E;",
	"fn f() where for<'a> F: Fn(&'a u8) -> &'a u8 + 'a {}",
	"pub(in crate::a) const _: () = ();",
	"fn f() { x as u64 < y }",
	"}}}}{{{{",
	"fn f() { vec![0u8; 32]; require!(a == b, E); }",
	"enum E { A = 1 << 2, B(u8, #[x] u16), C { d: [u8; 3] } }",
	"extern \"C\" { fn f(x: i32, ...) -> !; }",
	"fn f() { &&&&&&x; ||||x; }",
}

// FuzzParseFile checks, on any input, that the Rust scanner and parser terminate without
// panicking, that every node and diagnostic lies inside the file, that every token is covered
// by a node or by a diagnostic (no code dropped silently), and that a syntax error appended at
// the end never loses an item parsed before it. The seeds (fuzzSeeds, testdata, a
// sample of the shared Solana corpus, and the crashers in testdata/fuzz) run in the normal test
// suite; explore with go test ./scan/rust/parser -run - -fuzz FuzzParseFile -fuzztime 5m
func FuzzParseFile(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	files := rustFiles(f)
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, src := range fuzzseed.Files(30, ".rs", "solana-clean", "solana-vulnerable", "solana-fixtures") {
		f.Add(src)
	}
	f.Add([]byte("// note\rfn hidden() {}\n/// doc\rfn f() {}"))
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		file, err := ParseFile(fset, "fuzz.rs", src, AllErrors)
		if file == nil {
			t.Fatal("nil file for in-memory source")
		}
		// Every node must lie inside the file and walking must not panic.
		base := token.Pos(fset.File(file.Pos()).Base())
		end := base + token.Pos(len(src))
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			if p := n.Pos(); p.IsValid() && (p < base || p > end) {
				t.Fatalf("%T at %d outside file [%d, %d]", n, p, base, end)
			}
			return true
		})
		var errs scanner.ErrorList
		errors.As(err, &errs)
		for _, e := range errs {
			if e.Pos.Filename != "fuzz.rs" || e.Pos.Line < 1 || e.Pos.Offset > len(src) {
				t.Fatalf("diagnostic outside the file: %v", e)
			}
		}
		if u := unreported(fset, file, src, errs); len(u) > 0 && len(errs) < 1000 {
			t.Fatalf("token at offset %d dropped without a diagnostic (errors: %v)", u[0], err)
		}
		broken, _ := ParseFile(token.NewFileSet(), "fuzz.rs", append(src[:len(src):len(src)], "\n}"...), AllErrors)
		if broken == nil || len(broken.Items) < len(file.Items) {
			t.Fatalf("appending a syntax error lost items: %d before", len(file.Items))
		}
	})
}
