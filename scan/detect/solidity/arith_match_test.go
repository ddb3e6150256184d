package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

func num(s string) *ast.BasicLit { return &ast.BasicLit{Kind: token.NUMBER, Value: s} }

func TestLitValue(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" for nil
	}{
		{"0", "0"}, {"255", "255"}, {"1_000", "1000"}, {"0xff", "255"}, {"0XFF", "255"},
		{"1e18", "1000000000000000000"}, {"2e0", "2"}, {"1e999", ""}, {"1e-5", ""}, {".5", ""}, {"0xzz", ""},
	} {
		v := litValue(num(c.in))
		got := ""
		if v != nil {
			got = v.String()
		}
		if got != c.want {
			t.Errorf("litValue(%s) = %q, want %q", c.in, got, c.want)
		}
	}
	if litValue(&ast.BasicLit{Kind: token.NUMBER, Value: "1", Unit: &ast.Ident{Name: "ether"}}) != nil {
		t.Error("a literal with a unit is not a plain number")
	}
}

func TestTruncation(t *testing.T) {
	pow := func(b, e string) ast.Expr { return &ast.BinaryExpr{X: num(b), Op: token.EXP, Y: num(e)} }
	for _, c := range []struct {
		div  ast.Expr
		want bool
	}{
		{pow("2", "32"), true}, {pow("2", "8"), false}, {pow("3", "32"), false},
		{num("0x100000000"), true}, {num("4294967296"), true}, {num("15"), false}, {num("100000"), false},
		{pow("2", "99999999999999999999999"), true},
	} {
		if got := truncation(c.div); got != c.want {
			t.Errorf("truncation(%v) = %v, want %v", c.div, got, c.want)
		}
	}
}
