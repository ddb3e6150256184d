package source

import (
	"reflect"
	"testing"
)

// terminators are every line terminator the Solidity compiler knows, by name.
var terminators = []struct{ name, s string }{
	{"LF", "\n"}, {"CR", "\r"}, {"CRLF", "\r\n"}, {"VT", "\v"}, {"FF", "\f"},
	{"NEL", "\u0085"}, {"LS", "\u2028"}, {"PS", "\u2029"},
}

func TestLineTerminators(t *testing.T) {
	for _, term := range terminators {
		src := "a" + term.s + "bc" + term.s + term.s + "d"
		if got := SplitLines(src); !reflect.DeepEqual(got, []string{"a", "bc", "", "d"}) {
			t.Errorf("%s: SplitLines = %q", term.name, got)
		}
		n := len(term.s)
		want := []int{0, 1 + n, 3 + 2*n, 3 + 3*n}
		if got := LineStarts(src); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: LineStarts = %v, want %v", term.name, got, want)
		}
		if got := TerminatorLen(src, 1); got != n {
			t.Errorf("%s: TerminatorLen = %d, want %d", term.name, got, n)
		}
	}
	// Not terminators: LF CR is two line breaks, and bytes that only look like the start of
	// NEL, LS or PS are text.
	for src, want := range map[string][]string{
		"a\n\rb":          {"a", "", "b"},
		"a\u0084b\u202Ac": {"a\u0084b\u202Ac"},
		"x\xc2":           {"x\xc2"},
		"x\xe2\x80":       {"x\xe2\x80"},
		"end\n":           {"end", ""},
		"":                {""},
	} {
		if got := SplitLines(src); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitLines(%q) = %q, want %q", src, got, want)
		}
	}
}

func TestFileLinesForContent(t *testing.T) {
	src := []byte("one\rtwo\r\nthree\u2028four")
	fs := NewFileSet()
	f := fs.AddFile("a.sol", len(src))
	f.SetLinesForContent(src)
	for off, line := range map[int]int{0: 1, 4: 2, 9: 3, 17: 4} {
		if got := f.Line(f.Pos(off)); got != line {
			t.Errorf("offset %d: line %d, want %d", off, got, line)
		}
	}
	r := fs.AddFile("a.rs", len(src))
	r.SetLinesAtLF(src)
	if got := r.Line(r.Pos(17)); got != 2 {
		t.Errorf("LF-only table: offset 17 on line %d, want 2", got)
	}
}
