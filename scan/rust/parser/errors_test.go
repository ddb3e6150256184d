package parser

import (
	"errors"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

func TestErrorsNamePosition(t *testing.T) {
	cases := []struct{ src, want string }{
		{"fn f() {\n    let x = ;\n}\n", "bad.rs:2:13: expected expression, found ';'"},
		{"struct S {\n    a u8,\n}\n", "bad.rs:2:7: expected ':', found IDENT u8"},
		{"fn f() {\n    foo(1, 2\n}\n", "bad.rs:3:1: expected ')', found '}'"},
		{"fn f() -> Vec<u8 {}\n", "bad.rs:1:18: expected '>', found '{'"},
		{"impl Foo {\n    fn g(&self) { x.; }\n}\n", "bad.rs:2:21: expected field or method name, found ';'"},
		{"}\n", "bad.rs:1:1: unexpected closing brace"},
		{"fn f() { \"open }", "bad.rs:1:10: string literal not terminated"},
		{"#[account(mut\nstruct S;", "bad.rs:1:10: unclosed delimiter '('"},
	}
	for _, c := range cases {
		fset := token.NewFileSet()
		f, err := ParseFile(fset, "bad.rs", c.src, AllErrors)
		if f == nil {
			t.Errorf("%q: nil file", c.src)
		}
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		el := err.(scanner.ErrorList)
		if el[0].Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.src, el[0], c.want)
		}
	}
}

// TestRecovery checks that a broken item or statement does not hide the
// rest of the file from analyses.
func TestRecovery(t *testing.T) {
	src := `
use anchor_lang::prelude::*;

fn broken( { let = ; }

#[derive(Accounts)]
pub struct Good<'info> {
    pub signer: Signer<'info>,
}

fn body() {
    let a = 1 +;
    let b = 2;
    foo(b);
    let c = match { };
    bar(c)
}

struct AlsoBroken { x: , y: u8 }

pub fn last() {}
`
	fset := token.NewFileSet()
	f, err := ParseFile(fset, "r.rs", src, AllErrors)
	if err == nil {
		t.Fatal("expected errors")
	}
	names := map[string]bool{}
	for _, it := range f.Items {
		switch it := it.(type) {
		case *ast.StructItem:
			names[it.Name.Name] = true
		case *ast.FnItem:
			names[it.Name.Name] = true
			if it.Name.Name == "body" {
				var calls []string
				ast.Inspect(it.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						calls = append(calls, c.Fun.(*ast.PathExpr).Path.String())
					}
					return true
				})
				if strings.Join(calls, ",") != "foo,bar" {
					t.Errorf("calls after broken statements: %v", calls)
				}
			}
		}
	}
	for _, n := range []string{"Good", "body", "last", "AlsoBroken"} {
		if !names[n] {
			t.Errorf("item %s lost after errors; have %v (errors: %v)", n, names, err)
		}
	}
}

// TestErrorLimit checks that without AllErrors at most maxErrors errors are listed, the rest
// counted in one more line, and that the cap never stops the parse.
func TestErrorLimit(t *testing.T) {
	src := strings.Repeat("fn f() { let = ; }\n", 500)
	f, err := ParseFile(token.NewFileSet(), "many.rs", src, 0)
	list := err.(scanner.ErrorList)
	if n := len(list); n > maxErrors+1 {
		t.Errorf("%d errors without AllErrors, want at most %d and a count of the rest", n, maxErrors)
	}
	counted := false
	for _, e := range list {
		counted = counted || strings.Contains(e.Msg, "more errors in this file not listed")
	}
	if !counted {
		t.Errorf("no count of the errors not listed: %q", list)
	}
	if len(f.Items) != 500 {
		t.Errorf("%d functions parsed, want 500: the error cap stopped the parse", len(f.Items))
	}
}

func TestDeepNesting(t *testing.T) {
	for _, unit := range []string{"(", "[", "{", "-", "&", "|x| ", "Vec<", "a!(", "if x {"} {
		src := "fn f() { " + strings.Repeat(unit, 100000) + " }"
		f, err := ParseFile(token.NewFileSet(), "deep.rs", src, 0)
		if f == nil || err == nil {
			t.Errorf("%q nesting: file %v, err %v", unit, f != nil, err)
		}
	}
}

func TestReadErrors(t *testing.T) {
	if _, err := ParseFile(token.NewFileSet(), "/nonexistent/x.rs", nil, 0); err == nil {
		t.Error("missing file gave no error")
	}
	if _, err := ParseFile(token.NewFileSet(), "x.rs", 42, 0); err == nil || !strings.Contains(err.Error(), "x.rs") {
		t.Errorf("bad source type: %v", err)
	}
	if _, err := ParseFile(nil, "x.rs", "", 0); err == nil {
		t.Error("nil file set gave no error")
	}
}

func TestParseExprAndMeta(t *testing.T) {
	fset := token.NewFileSet()
	x, err := ParseExpr(fset, "e.rs", "a + b * c as u64 - d")
	if err != nil {
		t.Fatal(err)
	}
	bin := x.(*ast.BinaryExpr)
	if bin.Op != token.MINUS || bin.X.(*ast.BinaryExpr).Op != token.PLUS {
		t.Errorf("precedence: %#v", x)
	}
	if _, err := ParseExpr(fset, "e.rs", "a +"); err == nil {
		t.Error("incomplete expression accepted")
	}

	src := `#[account(mut, has_one = owner @ Err::Owner, seeds = [b"v", owner.key().as_ref()], bump, token::mint = mint, zero_copy(unsafe), constraint = a.b == c)] struct S;`
	f, err := ParseFile(fset, "m.rs", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	attr := f.Items[0].Header().Attrs[0]
	items, err := ParseMeta(fset, attr.Args.Tokens)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, it := range items {
		keys = append(keys, it.Key())
	}
	if strings.Join(keys, " ") != "mut has_one seeds bump token::mint zero_copy constraint" {
		t.Errorf("keys %v", keys)
	}
	if items[1].Error == nil || !items[5].HasList || len(items[5].List) != 1 || items[5].List[0].Key() != "unsafe" {
		t.Errorf("meta details wrong")
	}
	if arr, ok := items[2].Value.(*ast.ArrayExpr); !ok || len(arr.Elems) != 2 {
		t.Errorf("seeds value %T", items[2].Value)
	}
	// A broken entry is reported and skipped; the others survive.
	f, _ = ParseFile(fset, "m2.rs", `#[account(mut, has_one = , payer = p)] struct S;`, 0)
	items, err = ParseMeta(fset, f.Items[0].Header().Attrs[0].Args.Tokens)
	if err == nil || len(items) != 2 || !strings.Contains(err.Error(), "m2.rs:1:") {
		t.Errorf("items %d, err %v", len(items), err)
	}
}

// TestDeepCodeHidesNothing puts a construct nested or chained far past MaxDepth in one
// function: only that statement is skipped, with a diagnostic naming file and line, the
// function after it is still parsed, and the tree stays shallow.
func TestDeepCodeHidesNothing(t *testing.T) {
	const n = 100000
	rep := strings.Repeat
	for name, body := range map[string]string{
		"parens":   "let x = " + rep("(", n) + "1" + rep(")", n) + ";",
		"blocks":   rep("{", n) + rep("}", n),
		"operands": "let x = a" + rep(" + a", n) + ";",
		"methods":  "let x = a" + rep(".b()", n) + ";",
		"indexes":  "let x = a" + rep("[0]", n) + ";",
		"unary":    "let x = " + rep("-", n) + "a;",
		"refs":     "let x = " + rep("&", n) + "a;",
		"closures": "let x = " + rep("|x| ", n) + "a;",
		"types":    "let x: " + rep("Vec<", n) + "u8" + rep(">", n) + " = a;",
	} {
		src := "fn f() {\n    " + body + "\n    g();\n}\nfn kill() { unsafe { x() } }\n"
		f, err := ParseFile(token.NewFileSet(), "deep.rs", src, 0)
		if len(f.Items) != 2 {
			t.Errorf("%s: %d items, want 2", name, len(f.Items))
			continue
		}
		if fn, ok := f.Items[1].(*ast.FnItem); !ok || fn.Name.Name != "kill" {
			t.Errorf("%s: second item %T, want fn kill", name, f.Items[1])
		}
		var list scanner.ErrorList
		if !errors.As(err, &list) || list[0].Pos.Filename != "deep.rs" || list[0].Pos.Line != 2 {
			t.Errorf("%s: errors %v, want one naming deep.rs line 2", name, err)
		}
		calls, depth, deepest := 0, 0, 0
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				depth--
				return false
			}
			if _, ok := n.(*ast.CallExpr); ok {
				calls++
			}
			depth++
			deepest = max(deepest, depth)
			return true
		})
		if deepest > 4*MaxDepth+20 {
			t.Errorf("%s: tree %d deep", name, deepest)
		}
		if calls < 2 {
			t.Errorf("%s: the statement after the deep one was lost (%d calls)", name, calls)
		}
	}
}
