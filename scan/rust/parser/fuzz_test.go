package parser

import (
	"os"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
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
	f.Fuzz(func(t *testing.T, src []byte) {
		fset := token.NewFileSet()
		file, _ := ParseFile(fset, "fuzz.rs", src, AllErrors)
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
	})
}
