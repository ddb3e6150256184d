package macros

import (
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

func toks(t *testing.T, src string) []token.Token {
	t.Helper()
	f := token.NewFileSet().AddFile("m.rs", len(src))
	var out []token.Token
	for _, tk := range scanner.Tokenize(f, []byte(src), nil, 0) {
		if tk.Kind != token.EOF {
			out = append(out, tk)
		}
	}
	return out
}

func text(ts []token.Token) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, t.Lit)
	}
	return strings.Join(parts, " ")
}

// body returns the tokens inside a macro_rules! definition's braces.
func body(t *testing.T, def string) []token.Token {
	all := toks(t, def)
	return all[1 : len(all)-1]
}

func TestExpand(t *testing.T) {
	cases := []struct{ def, call, want string }{
		{ // a check of two keys with a message and an error
			`{ ($left:expr, $right:expr, $msg:expr, $err:expr) => { check!($left, $right, $msg, $err, $left == $right); }; }`,
			`*a.key, state.owner, "owner", E::Bad`,
			`check ! ( ( * a . key ) , ( state . owner ) , "owner" , ( E :: Bad ) , ( * a . key ) == ( state . owner ) ) ;`,
		},
		{ // several rules: the first that matches
			`{ () => { 0 }; ($x:ident) => { $x + 1 }; ($x:ident, $($y:ident),+) => { $x $(+ $y)+ }; }`,
			`a, b, c`,
			`a + b + c`,
		},
		{ // literals and a nested group
			`{ ($n:literal, [$($k:expr),*]) => { [$($k.as_ref()),*, &[$n]] }; }`,
			`7, [b"seed", group.creator]`,
			`[ b"seed" . as_ref ( ) , ( group . creator ) . as_ref ( ) , & [ 7 ] ]`,
		},
		{ // $crate
			`{ ($e:expr) => { $crate::log($e) }; }`,
			`x`,
			`crate :: log ( x )`,
		},
	}
	for _, c := range cases {
		r := Compile("m", body(t, c.def))
		if r == nil {
			t.Fatalf("%s: not compiled", c.def)
		}
		got, ok := r.Expand(toks(t, c.call))
		if !ok {
			t.Errorf("%s on %q: no rule matched", c.def, c.call)
			continue
		}
		if text(got) != c.want {
			t.Errorf("%s on %q:\n got  %s\n want %s", c.def, c.call, text(got), c.want)
		}
	}
}

// TestHostile: bad definitions compile to nil or partly, bad calls do not expand, and an
// expansion past the limits is refused.
func TestHostile(t *testing.T) {
	for _, def := range []string{`{ }`, `{ ( => }`, `{ ($x:expr) }`, `{ $( }`} {
		all := toks(t, def)
		if len(all) < 2 {
			continue
		}
		Compile("m", all[1:len(all)-1]) // must not panic
	}
	r := Compile("m", body(t, `{ ($x:ident) => { $x }; }`))
	if _, ok := r.Expand(toks(t, `1 + 2`)); ok {
		t.Error("a literal matched $x:ident")
	}
	big := Compile("m", body(t, `{ ($($x:tt)*) => { $($x $x $x $x $x $x $x $x)* $($x $x $x $x $x $x $x $x)* }; }`))
	if _, ok := big.Expand(toks(t, strings.Repeat("a ", 2000))); ok {
		t.Error("an expansion past the token limit was accepted")
	}
}
