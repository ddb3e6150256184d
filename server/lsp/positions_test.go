package lsp

import (
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Vigil's lines follow the compiler (solc: also VT, FF, NEL, LS, PS; rustc: LF only), columns
// are bytes; the editor's lines break at LF, CR LF and CR, columns are UTF-16 code units.
func TestFindingRange(t *testing.T) {
	for _, tc := range []struct {
		name, src                  string
		rust                       bool
		line, col, endLine, endCol int
		wantLine, wantChar, endChr int
	}{
		// "x" after an emoji (4 bytes, 2 units) and an accent (2 bytes, 1 unit).
		{"utf16", "a\n💰é x = 1;\n", false, 2, 8, 2, 9, 1, 4, 5},
		// A form feed starts a Solidity line but not an editor line.
		{"form feed", "/*\f*/ x;\n", false, 2, 4, 2, 5, 0, 6, 7},
		// NEL, LS and PS likewise.
		{"unicode breaks", "a\u0085b\u2028c\u2029 x;", false, 4, 2, 4, 3, 0, 7, 8},
		// CR LF is one break for both; a lone CR is one for the editor and solc, none for rustc.
		{"crlf", "a;\r\nb x;\r\n", false, 2, 3, 2, 4, 1, 2, 3},
		{"rust lone cr", "// a\rb\nfn x() {}\n", true, 2, 4, 2, 5, 2, 3, 4},
		// No column: the line's text, indentation left out.
		{"whole line", "a\n    call();  \nb", false, 2, 0, 2, 0, 1, 4, 11},
		// Invalid UTF-8 counts one unit a byte.
		{"invalid utf8", "\xff\xfe x", false, 1, 4, 1, 5, 0, 3, 4},
	} {
		txt := newText(tc.src, tc.rust)
		r := txt.findingRange(tc.line, tc.col, tc.endLine, tc.endCol)
		want := protocol.Range{Start: protocol.Position{Line: protocol.UInteger(tc.wantLine), Character: protocol.UInteger(tc.wantChar)},
			End: protocol.Position{Line: protocol.UInteger(tc.wantLine), Character: protocol.UInteger(tc.endChr)}}
		if r != want {
			t.Errorf("%s: got %+v, want %+v", tc.name, r, want)
		}
		// offset is position's inverse.
		if off := txt.offset(r.Start); txt.position(off) != r.Start {
			t.Errorf("%s: offset(%+v) = %d does not map back", tc.name, r.Start, off)
		}
	}
}

func TestSuppression(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
		want      string
	}{
		{"indent", "a;\n    b.call();\n", 2, "a;\n    // vigil-disable-next-line X\n    b.call();\n"},
		{"crlf", "a;\r\n\tb();\r\n", 2, "a;\r\n\t// vigil-disable-next-line X\r\n\tb();\r\n"},
		{"joins the comment above", "  // vigil-disable-next-line Y -- why\n  b();\n", 2, "  // vigil-disable-next-line X, Y -- why\n  b();\n"},
		// After a form feed the Vigil line starts mid editor line: the comment goes there.
		{"form feed", "/*\f*/ b();\n", 2, "/*\f// vigil-disable-next-line X\n*/ b();\n"},
	} {
		txt := newText(tc.src, false)
		at, insert := txt.suppression(tc.line, "X")
		if got := tc.src[:at] + insert + tc.src[at:]; got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
