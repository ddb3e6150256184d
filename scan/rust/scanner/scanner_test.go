package scanner

import (
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/token"
)

func scanAll(t *testing.T, src string, mode Mode) ([]token.Token, ErrorList) {
	t.Helper()
	fset := token.NewFileSet()
	f := fset.AddFile("x.rs", len(src))
	var errs ErrorList
	toks := Tokenize(f, []byte(src), errs.Add, mode)
	return toks[:len(toks)-1], errs
}

func TestTokens(t *testing.T) {
	cases := []struct {
		src  string
		want []token.Kind
	}{
		{"fn main() {}", []token.Kind{token.FN, token.IDENT, token.LPAREN, token.RPAREN, token.LBRACE, token.RBRACE}},
		{"'a' 'a '\\n' '\\'' 'static b'x'", []token.Kind{token.CHAR, token.LIFETIME, token.CHAR, token.CHAR, token.LIFETIME, token.BYTE}},
		{`r"x" r#"a "b" c"# br##"y"#"## b"z" c"w" cr#"v"# "s\"t"`, []token.Kind{token.RAW_STRING, token.RAW_STRING, token.RAW_BYTE_STRING, token.BYTE_STRING, token.C_STRING, token.C_STRING, token.STRING}},
		{"r#match r#fn _ _x", []token.Kind{token.IDENT, token.IDENT, token.UNDERSCORE, token.IDENT}},
		{"1 1_000u64 0xff_u8 0b1010 0o7 1.5 1e9 2.5E-3f64 3f32 1. 1..2 1.foo", []token.Kind{
			token.INT, token.INT, token.INT, token.INT, token.INT, token.FLOAT, token.FLOAT, token.FLOAT, token.FLOAT, token.FLOAT,
			token.INT, token.DOTDOT, token.INT, token.INT, token.DOT, token.IDENT}},
		{">>= >> >= > <<= << <= < -> => :: .. ..= ... && || &= |=", []token.Kind{
			token.SHR_EQ, token.SHR, token.GE, token.GT, token.SHL_EQ, token.SHL, token.LE, token.LT, token.RARROW,
			token.FATARROW, token.PATHSEP, token.DOTDOT, token.DOTDOTEQ, token.DOTDOTDOT, token.ANDAND, token.OROR,
			token.AND_EQ, token.OR_EQ}},
		{"/* a /* nested */ still */ x // line\n y", []token.Kind{token.IDENT, token.IDENT}},
		{"/// outer\n//! inner\n//// not doc\n/** block */ /*! inner */ /**/ /*** no */ x", []token.Kind{
			token.DOC_OUTER, token.DOC_INNER, token.DOC_OUTER, token.DOC_INNER, token.IDENT}},
		{"#!/bin/sh\nfn", []token.Kind{token.FN}},
		{"#![no_std]", []token.Kind{token.POUND, token.NOT, token.LBRACK, token.IDENT, token.RBRACK}},
		{"é_ident αβ", []token.Kind{token.IDENT, token.IDENT}},
	}
	for _, c := range cases {
		toks, errs := scanAll(t, c.src, 0)
		if len(errs) > 0 {
			t.Errorf("%q: errors %v", c.src, errs)
		}
		var got []token.Kind
		for _, tk := range toks {
			got = append(got, tk.Kind)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: got %v, want %v", c.src, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%q: token %d (%q) is %v, want %v", c.src, i, toks[i].Lit, got[i], c.want[i])
			}
		}
	}
}

func TestPositions(t *testing.T) {
	src := "fn a() {\n    let x = 'y';\n}\n"
	fset := token.NewFileSet()
	fset.AddFile("first.rs", 10)
	f := fset.AddFile("x.rs", len(src))
	toks := Tokenize(f, []byte(src), nil, 0)
	for _, tk := range toks {
		if tk.Lit == "'y'" {
			pos := fset.Position(tk.Pos)
			if pos.Filename != "x.rs" || pos.Line != 2 || pos.Column != 13 {
				t.Fatalf("position of 'y' = %v, want x.rs:2:13", pos)
			}
			return
		}
	}
	t.Fatal("char literal not found")
}

func TestScanCommentsMode(t *testing.T) {
	toks, _ := scanAll(t, "// c\n/* d */ x", ScanComments)
	if len(toks) != 3 || toks[0].Kind != token.COMMENT || toks[1].Kind != token.COMMENT {
		t.Fatalf("got %v", toks)
	}
}

func TestErrors(t *testing.T) {
	cases := map[string]string{
		`"open`:        "string literal not terminated",
		"/* open":      "block comment not terminated",
		`r#"open"`:     "raw string literal not terminated",
		"'ab'":         "only contain one codepoint",
		"let \x00 = 1": "invalid character",
		"0x":           "no digits",
		"r#":           "raw identifier has no name",
		"'":            "not terminated",
		"b'":           "not terminated",
		"\xff\xfe":     "invalid",
		"x = \u00a7;":  "invalid character",
	}
	for src, want := range cases {
		toks, errs := scanAll(t, src, 0)
		if len(errs) == 0 || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("%q: errors %v, want %q", src, errs, want)
		}
		if !strings.HasPrefix(errs.Error(), "x.rs:1:") {
			t.Errorf("%q: error %q lacks file:line:column", src, errs.Error())
		}
		_ = toks
	}
}

// TestBareCR checks that a lone CR, which rustc does not take for a line break, cannot make
// commented-out text pass for code (or the reverse) silently: the comment runs on to the LF, as
// in rustc, and a diagnostic names the line. CR LF is an ordinary line break.
func TestBareCR(t *testing.T) {
	cases := []struct {
		src    string
		idents int    // identifiers outside comments
		msg    string // expected diagnostic, "" for none
	}{
		{"// note\r\nfn", 1, ""},
		{"// note\rfn main() {}\nx", 1, "bare CR in comment"},
		{"/// doc\rfn main() {}\nx", 1, "bare CR not allowed in doc comment"},
		{"//! doc\r\nx", 1, ""},
		{"/** doc\r */ x", 1, "bare CR not allowed in doc comment"},
		{"/* plain\r */ x", 1, ""},
	}
	for _, c := range cases {
		toks, errs := scanAll(t, c.src, 0)
		idents := 0
		for _, tk := range toks {
			if tk.Kind == token.IDENT || tk.Kind == token.FN {
				idents++
			}
		}
		if idents != c.idents {
			t.Errorf("%q: %d identifiers outside comments, want %d", c.src, idents, c.idents)
		}
		switch {
		case c.msg == "" && len(errs) > 0:
			t.Errorf("%q: unexpected errors %v", c.src, errs)
		case c.msg != "" && (len(errs) != 1 || !strings.Contains(errs[0].Msg, c.msg) || errs[0].Pos.Line != 1):
			t.Errorf("%q: errors %v, want one on line 1 containing %q", c.src, errs, c.msg)
		}
	}
}
