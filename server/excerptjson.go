package server

import (
	"cmp"
	"slices"
	"strconv"
	"unicode/utf8"
)

// marshalExcerpts is json.Marshal of a report's excerpts (path -> line -> text), byte for
// byte, without reflection: every finished scan stores them, and encoding/json spent most of
// that on sorting each file's lines as reflect.Value and key pairs. Like encoding/json it
// orders both levels by the key as written (line "10" before line "9") and escapes text as
// it does (HTML characters, U+2028/U+2029, invalid UTF-8 as \ufffd); excerptjson_test.go
// compares the two.
func marshalExcerpts(ex map[string]map[int]string) []byte {
	if ex == nil {
		return []byte("null")
	}
	paths := make([]string, 0, len(ex))
	size, most := 2, 0
	for p, lines := range ex {
		paths = append(paths, p)
		size += len(p) + 8
		most = max(most, len(lines))
		for _, text := range lines {
			size += len(text) + 12
		}
	}
	slices.Sort(paths)
	keys := make([]decimalKey, 0, most)
	out := make([]byte, 0, size)
	out = append(out, '{')
	for i, p := range paths {
		if i > 0 {
			out = append(out, ',')
		}
		out = appendJSONString(out, p)
		out = append(out, ':')
		lines := ex[p]
		if lines == nil {
			out = append(out, "null"...)
			continue
		}
		keys = keys[:0]
		for n := range lines {
			keys = append(keys, decimalKeyOf(n))
		}
		slices.SortFunc(keys, compareDecimal)
		out = append(out, '{')
		for j, k := range keys {
			if j > 0 {
				out = append(out, ',')
			}
			out = append(out, '"')
			out = strconv.AppendInt(out, int64(k.n), 10) // digits and '-': nothing to escape
			out = append(out, '"', ':')
			out = appendJSONString(out, lines[k.n])
		}
		out = append(out, '}')
	}
	return append(out, '}')
}

// decimalKey sorts a number as its decimal string sorts, as encoding/json orders a map's
// integer keys ("-3" < "0" < "1" < "10" < "9"), with integer comparisons: negative numbers
// first ('-' sorts before the digits), then the digits of the magnitude left-aligned in 19
// places (a number's digits are a prefix of the padded ones), then the shorter first (a
// prefix sorts before what it starts).
type decimalKey struct {
	n       int
	sign    uint8  // 0 for a negative number, 1 else
	aligned uint64 // |n| * 10^(19 - digits of |n|): below 10^19
	digits  uint8
}

func decimalKeyOf(n int) decimalKey {
	k := decimalKey{n: n, sign: 1}
	u := uint64(n)
	if n < 0 {
		k.sign, u = 0, -u
	}
	k.digits = 1
	for p := uint64(10); k.digits < 20 && u >= p; p *= 10 {
		k.digits++
	}
	k.aligned = u
	for range 19 - k.digits {
		k.aligned *= 10
	}
	return k
}

func compareDecimal(a, b decimalKey) int {
	if c := cmp.Compare(a.sign, b.sign); c != 0 {
		return c
	}
	if c := cmp.Compare(a.aligned, b.aligned); c != 0 {
		return c
	}
	return cmp.Compare(a.digits, b.digits)
}

// plainJSON marks the ASCII bytes a JSON string holds as they are (encoding/json's
// htmlSafeSet).
var plainJSON = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\' && b != '<' && b != '>' && b != '&'
	}
	return t
}()

// appendJSONString appends s as encoding/json writes a string with HTML escaping (its default).
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if plainJSON[b] {
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
			default: // other control bytes and <, >, &
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
