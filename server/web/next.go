package web

import (
	"net/url"
	"strings"
)

// safeNext keeps a post-login destination on this site. It decides on the URL as a browser
// will read it, not as it was sent: the WHATWG URL parser removes ASCII tab, CR and LF anywhere
// in a URL, strips leading and trailing C0 controls and spaces, and reads a backslash as a
// slash in http(s) URLs, so "/\t/evil.example" and "/\\evil.example" are "//evil.example", a
// link to another host. The destination is therefore normalised that way first, then must be
// a path (no scheme, no host) that does not start with two slashes; what is returned is the
// normalised form, so the Location header holds exactly what was checked. Anything else
// sends the user to "/".
func safeNext(next string) string {
	n := browserNormal(next)
	if !strings.HasPrefix(n, "/") || strings.HasPrefix(n, "//") {
		return "/"
	}
	u, err := url.Parse(n)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || !strings.HasPrefix(u.Path, "/") ||
		strings.HasPrefix(u.Path, "//") {
		return "/"
	}
	return n
}

// browserNormal applies the normalisation the WHATWG URL parser applies before it reads a URL
// that matters for where it leads: C0 controls and spaces trimmed at both ends, tab, CR and LF
// removed everywhere, and backslashes read as slashes (as in every http(s) URL).
func browserNormal(s string) string {
	s = strings.TrimFunc(s, func(r rune) bool { return r <= 0x20 })
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\r', '\n':
			return -1
		case '\\':
			return '/'
		}
		return r
	}, s)
	// Other control characters have no business in a page path; a URL holding one is not a
	// destination we hand out.
	if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return ""
	}
	return s
}
