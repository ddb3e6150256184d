package server

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// encodeExcerpts is json.Marshal(ex) for a scan's excerpts (path -> line -> text), byte for
// byte, written directly: json.Marshal spent most of its time on reflection over the two maps
// and sorting their keys through it, about a seventieth of a small file scan's CPU. Its order
// is encoding/json's: paths sorted, and each file's lines sorted by their numbers as text ("10"
// before "9"), strings escaped as json.Marshal escapes them (appendJSONString).
func encodeExcerpts(ex map[string]map[int]string) []byte {
	size := 2
	for path, lines := range ex {
		size += len(path) + 8
		for _, text := range lines {
			size += len(text) + 12
		}
	}
	buf := make([]byte, 0, size)
	var order []textKey // a file's line numbers, in the order of their text
	buf = append(buf, '{')
	for i, path := range slices.Sorted(maps.Keys(ex)) {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendJSONString(buf, path)
		buf = append(buf, ':')
		lines := ex[path]
		if lines == nil {
			buf = append(buf, "null"...)
			continue
		}
		order = order[:0]
		for n := range lines {
			order = append(order, textKeyOf(n))
		}
		slices.SortFunc(order, compareTextKeys)
		buf = append(buf, '{')
		for j, k := range order {
			if j > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '"')
			buf = strconv.AppendInt(buf, int64(k.n), 10)
			buf = append(buf, '"', ':')
			buf = appendJSONString(buf, lines[k.n])
		}
		buf = append(buf, '}')
	}
	return append(buf, '}')
}

// textKey orders a number as its decimal text orders (10 before 9) without writing it: its
// digits padded with zeros to 19 (the most a non-negative int has) compare as the texts do, and
// of two texts one of which starts the other (1, 10) the shorter comes first.
type textKey struct {
	padded uint64
	digits uint8
	n      int
}

func textKeyOf(n int) textKey {
	k := textKey{padded: uint64(max(n, 0)), digits: 1, n: n}
	for x := k.padded; x >= 10; x /= 10 {
		k.digits++
	}
	for range 19 - int(k.digits) {
		k.padded *= 10
	}
	return k
}

func compareTextKeys(a, b textKey) int {
	if a.n < 0 || b.n < 0 { // never a line number: compared as text
		return strings.Compare(strconv.Itoa(a.n), strconv.Itoa(b.n))
	}
	return cmp.Or(cmp.Compare(a.padded, b.padded), cmp.Compare(a.digits, b.digits))
}

// jsonSafe marks the ASCII bytes json.Marshal writes as they are in a string.
var jsonSafe = func() (safe [utf8.RuneSelf]bool) {
	for b := byte(0x20); b < utf8.RuneSelf; b++ {
		safe[b] = b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
	}
	return safe
}()

// appendJSONString appends s as json.Marshal writes a string: quotes, backslashes and control
// characters escaped (\b \f \n \r \t by name), <, > and & as \u003c \u003e \u0026, U+2028 and
// U+2029 as \u2028 and \u2029, and each byte of invalid UTF-8 as \ufffd.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if jsonSafe[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
