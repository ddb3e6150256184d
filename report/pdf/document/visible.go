package document

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Visible returns s with control and format characters (bidirectional overrides, zero-width
// characters, NUL ...) written as <U+XXXX>, and invalid UTF-8 as <U+FFFD>. Tabs and newlines are
// kept. A reader of a security report must see what the code really holds, and a renderer must
// never be handed text that reorders itself.
func Visible(s string) string {
	clean := true
	for _, r := range s {
		if hidden(r) {
			clean = false
			break
		}
	}
	if clean && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size <= 1 {
				b.WriteString("<U+FFFD>")
				continue
			}
		}
		if hidden(r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func hidden(r rune) bool {
	if r == '\t' || r == '\n' {
		return false
	}
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cs, r) ||
		r == '\u2028' || r == '\u2029'
}

// line prepares one source line for display: tabs expanded, control characters made visible,
// cut to max runes.
func line(s string, max int) (string, bool) {
	s = strings.TrimRight(s, "\r\n")
	if strings.ContainsRune(s, '\t') {
		var b strings.Builder
		col := 0
		for _, r := range s {
			if r == '\t' {
				n := 4 - col%4
				b.WriteString(strings.Repeat(" ", n))
				col += n
				continue
			}
			b.WriteRune(r)
			col++
		}
		s = b.String()
	}
	s = Visible(s)
	if utf8.RuneCountInString(s) <= max {
		return s, false
	}
	r := []rune(s)
	return string(r[:max]) + "…", true
}
