package scanner

import (
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// solcTerminators are the line terminators of the Solidity compiler's scanner
// (liblangutil/Scanner.cpp, isUnicodeLinebreak), with whether the compiler also takes them for
// whitespace (isWhiteSpace: only LF and CR) or rejects them outside comments and strings.
var solcTerminators = []struct {
	name, s    string
	whitespace bool
}{
	{"LF", "\n", true}, {"CR", "\r", true}, {"CRLF", "\r\n", true},
	{"VT", "\v", false}, {"FF", "\f", false},
	{"NEL", "\u0085", false}, {"LS", "\u2028", false}, {"PS", "\u2029", false},
}

type scanned struct {
	tok  token.Token
	lit  string
	line int
}

func scanAll(src string) ([]scanned, []string) {
	fset := token.NewFileSet()
	file := fset.AddFile("t.sol", len(src))
	var errs []string
	var s Scanner
	s.Init(file, []byte(src), func(pos token.Position, msg string) { errs = append(errs, pos.String()+": "+msg) }, ScanComments)
	var out []scanned
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out, errs
		}
		out = append(out, scanned{tok, lit, file.Line(pos)})
	}
}

// TestLineTerminatorConformance checks, for every terminator, what the compiler does with it:
// it ends a // and a /// comment (the terminator is not part of it), ends a string literal
// (an error), does not end a /* */ comment, and starts a new line for positions.
func TestLineTerminatorConformance(t *testing.T) {
	for _, term := range solcTerminators {
		t.Run(term.name, func(t *testing.T) {
			for _, slashes := range []string{"//", "///"} {
				src := slashes + " hidden?" + term.s + "selfdestruct(x);"
				toks, errs := scanAll(src)
				if len(toks) < 2 || toks[0].tok != token.COMMENT || toks[0].lit != slashes+" hidden?" {
					t.Fatalf("%s comment: tokens %+v", slashes, toks)
				}
				if toks[1].tok != token.IDENT || toks[1].lit != "selfdestruct" || toks[1].line != 2 {
					t.Errorf("%s comment: code after the terminator is %+v, want selfdestruct on line 2", slashes, toks[1])
				}
				if term.whitespace != (len(errs) == 0) {
					t.Errorf("%s comment: errors %q (the compiler rejects the terminator: %v)", slashes, errs, !term.whitespace)
				}
			}

			toks, _ := scanAll("/* a" + term.s + "b */ x")
			if len(toks) != 2 || toks[0].tok != token.COMMENT || toks[1].lit != "x" || toks[1].line != 2 {
				t.Errorf("block comment: %+v", toks)
			}

			toks, errs := scanAll(`s = "abc` + term.s + `x";`)
			if len(errs) == 0 || !strings.Contains(errs[0], "string literal not terminated") {
				t.Errorf("string: errors %q, want string literal not terminated", errs)
			}
			if toks[2].lit != `"abc` || toks[3].lit != "x" || toks[3].line != 2 {
				t.Errorf("string: tokens %+v", toks)
			}

			// An escaped LF or CR (CR LF) continues a string; no other terminator does.
			toks, errs = scanAll(`"a\` + term.s + `b"`)
			continues := term.name == "LF" || term.name == "CR" || term.name == "CRLF"
			if continues != (len(errs) == 0 && len(toks) == 1) {
				t.Errorf("escaped terminator: tokens %+v, errors %q", toks, errs)
			}
		})
	}
}

// TestCROnlyFile checks line numbers in a file with old Mac line endings.
func TestCROnlyFile(t *testing.T) {
	src := strings.ReplaceAll("contract C {\n  // note\n  function f() {\n    selfdestruct(a);\n  }\n}\n", "\n", "\r")
	toks, errs := scanAll(src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tk := range toks {
		if tk.lit == "selfdestruct" && tk.line != 4 {
			t.Errorf("selfdestruct on line %d, want 4", tk.line)
		}
		if tk.tok == token.COMMENT && tk.lit != "// note" {
			t.Errorf("comment %q swallowed the following lines", tk.lit)
		}
	}
}
