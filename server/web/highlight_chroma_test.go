package web

import (
	"bytes"
	"os"
	"testing"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// The lexers and style copied into chroma/ behave as the ones of the chroma version in go.mod
// (only this test imports chroma's registries): same tokens, same style sheet. A chroma upgrade
// that changes them fails here until the copies are refreshed.
func TestChromaCopiesMatchChroma(t *testing.T) {
	sol, err := os.ReadFile("../testdata/bench/TokenVault.sol")
	if err != nil {
		t.Fatal(err)
	}
	rust := "use anchor_lang::prelude::*;\n/* multi\nline */\n#[program]\npub mod vault { pub fn f(ctx: Context<X>, n: u64) -> Result<()> { let s = \"a\\\"b\"; Ok(()) } }\n"
	for _, c := range []struct {
		file, name, src string
	}{{"a.sol", "solidity", string(sol)}, {"lib.rs", "rust", rust}, {"notes.txt", "", "plain <text>\nline two\n"}} {
		want := lexers.Fallback
		if c.name != "" {
			want = lexers.Get(c.name)
		}
		if got, exp := tokens(t, lexerFor(c.file), c.src), tokens(t, chroma.Coalesce(want), c.src); !equalTokens(got, exp) {
			t.Errorf("%s: %d tokens, chroma's lexer gives %d", c.file, len(got), len(exp))
		}
	}
	var b bytes.Buffer
	chtml.New(chtml.WithClasses(true)).WriteCSS(&b, styles.Get("github"))
	if !bytes.Equal(chromaCSS(), b.Bytes()) {
		t.Errorf("chroma.css differs from chroma's github style:\n%s\nwant\n%s", chromaCSS(), b.Bytes())
	}
}

func tokens(t *testing.T, l chroma.Lexer, src string) []chroma.Token {
	it, err := l.Tokenise(nil, src)
	if err != nil {
		t.Fatal(err)
	}
	return it.Tokens()
}

func equalTokens(a, b []chroma.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
