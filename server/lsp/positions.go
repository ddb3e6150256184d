package lsp

import (
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/vigil-sec/vigil/scan/source"
)

// text is a document's content with the two line tables positions need: Vigil's (the
// compiler's line breaks) and the editor's (LSP's: LF, CR LF, CR).
type text struct {
	src        string
	vigilLines []int // offsets of line starts as Vigil counts lines
	lspLines   []int // offsets of line starts as LSP counts lines
	rust       bool  // Rust breaks lines at LF only
}

func newText(src string, rust bool) *text {
	t := &text{src: src, lspLines: lspLineStarts(src), rust: rust}
	if rust {
		t.vigilLines = lfLineStarts(src)
	} else {
		t.vigilLines = source.LineStarts(src)
	}
	return t
}

// lspLineStarts breaks lines at LF, CR LF and CR, the only terminators LSP knows.
func lspLineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		case '\n':
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lfLineStarts breaks lines at LF only, as rustc and the Rust front end do.
func lfLineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// vigilOffset returns the byte offset of a 1-based line and byte column as Vigil reports them,
// clamped to the text.
func (t *text) vigilOffset(line, column int) int {
	if line < 1 {
		return 0
	}
	if line > len(t.vigilLines) {
		return len(t.src)
	}
	return min(t.vigilLines[line-1]+max(column-1, 0), len(t.src))
}

// vigilLine returns the offsets of the start of a 1-based Vigil line, of the end of its text
// (trailing blanks left out) and of the end of its terminator.
func (t *text) vigilLine(line int) (start, end, next int) {
	line = max(1, min(line, len(t.vigilLines)))
	start, next = t.vigilLines[line-1], len(t.src)
	if line < len(t.vigilLines) {
		next = t.vigilLines[line]
	}
	end = start
	for end < next && !t.breaksAt(end) {
		end++
	}
	for end > start && (t.src[end-1] == ' ' || t.src[end-1] == '\t') {
		end--
	}
	return start, end, next
}

// breaksAt reports whether a Vigil line terminator starts at offset i.
func (t *text) breaksAt(i int) bool {
	if t.rust {
		return t.src[i] == '\n'
	}
	return source.TerminatorLen(t.src, i) > 0
}

// position converts a byte offset into an LSP position: the editor's line, and the column in
// UTF-16 code units. An offset inside a multi-byte character counts from that character's
// start; bytes that are not UTF-8 count one unit each, as editors show them (U+FFFD).
func (t *text) position(offset int) protocol.Position {
	offset = max(0, min(offset, len(t.src)))
	line := sort.SearchInts(t.lspLines, offset+1) - 1
	start := t.lspLines[line]
	units := 0
	for i := start; i < offset; {
		r, n := utf8.DecodeRuneInString(t.src[i:])
		if i+n > offset {
			break
		}
		if r >= 0x10000 && r != utf8.RuneError {
			units += 2
		} else {
			units++
		}
		i += n
	}
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(units)}
}

// offset converts an LSP position into a byte offset, clamping a line past the end to the end
// of the text and a column past the end of its line to the line's end.
func (t *text) offset(p protocol.Position) int {
	if int(p.Line) >= len(t.lspLines) {
		return len(t.src)
	}
	i := t.lspLines[p.Line]
	end := len(t.src)
	if int(p.Line)+1 < len(t.lspLines) {
		end = t.lspLines[p.Line+1]
	}
	for units := 0; i < end && units < int(p.Character); {
		if t.src[i] == '\r' || t.src[i] == '\n' {
			break
		}
		r, n := utf8.DecodeRuneInString(t.src[i:])
		units += len(utf16.Encode([]rune{r}))
		i += n
	}
	return i
}

// suppressPrefix is the comment Vigil honours in Solidity and Rust (scan/detect/suppress.go,
// scan/rust/detectors/suppress.go) to silence detectors on the next line.
const suppressPrefix = "// vigil-disable-next-line "

// suppression returns the insertion that silences detector id on a 1-based Vigil line: the
// comment on a line of its own just above, indented like the line and ended like it (CR LF or
// LF). When the line above already is such a comment, the id joins its list instead: a second
// comment line would take the first one's effect away.
func (t *text) suppression(line int, id string) (offset int, insert string) {
	start, end, next := t.vigilLine(line)
	if line > 1 {
		prevStart, prevEnd, _ := t.vigilLine(line - 1)
		prev := t.src[prevStart:prevEnd]
		if i := strings.Index(prev, suppressPrefix); i >= 0 && strings.TrimSpace(prev[:i]) == "" {
			return prevStart + i + len(suppressPrefix), id + ", "
		}
	}
	indent := start
	for indent < end && (t.src[indent] == ' ' || t.src[indent] == '\t') {
		indent++
	}
	eol := "\n"
	if strings.HasSuffix(t.src[start:next], "\r\n") || next == len(t.src) && strings.Contains(t.src, "\r\n") {
		eol = "\r\n"
	}
	return start, t.src[start:indent] + suppressPrefix + id + eol
}
