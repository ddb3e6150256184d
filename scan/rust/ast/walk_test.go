package ast_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

const src = `
#[derive(Accounts)]
pub struct S<'info> { #[account(mut)] pub a: Account<'info, T> }
impl<T: Clone> Tr for W<T> where T: Copy { fn f(&self, x: &[u8]) -> u64 { let y = x.len() as u64 + 1; y } }
fn g() { match v { Some(n @ 1..=2) | None if ok => {}, _ => unreachable!() } let c = |a| a * 2; }
`

func TestInspectVisitsInSourceOrder(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "w.rs", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var idents []string
	last := token.NoPos
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			idents = append(idents, id.Name)
			if id.Pos() < last {
				t.Errorf("%s visited out of order", id.Name)
			}
			last = id.Pos()
		}
		return true
	})
	got := strings.Join(idents, " ")
	for _, want := range []string{"derive S account a Account T", "f self x u8 u64 y x len u64 y", "g v Some n None ok unreachable c a a"} {
		if !strings.Contains(got, want) {
			t.Errorf("identifiers %q lack %q", got, want)
		}
	}
}

func TestInspectPrune(t *testing.T) {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "w.rs", src, 0)
	fns := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.FnItem); ok {
			fns++
			return false // do not descend: nested nodes stay unvisited
		}
		_, isBin := n.(*ast.BinaryExpr)
		if isBin {
			t.Error("visited a pruned body")
		}
		return true
	})
	if fns != 2 {
		t.Errorf("%d functions", fns)
	}
}

func TestFprint(t *testing.T) {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "w.rs", "fn f() { a + 1; }", 0)
	var buf bytes.Buffer
	if err := ast.Fprint(&buf, fset, f); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`Name: Ident "f" @1:4`, "Op: +", `Value: "1"`, `Path: Path "a" @1:10`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("dump lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestNodePositions(t *testing.T) {
	fset := token.NewFileSet()
	s := "fn f() { let x = (a.b(1)[2]?, -c as u8, &mut d, [0; 3], S { e, ..f }); }"
	f, _ := parser.ParseFile(fset, "p.rs", s, 0)
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			from, to := int(e.Pos())-1, int(e.End())-1
			if from < 0 || to > len(s) || from >= to {
				t.Errorf("%T has range [%d,%d)", e, from, to)
			}
		}
		return true
	})
}
