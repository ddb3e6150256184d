package web_test

import (
	"net/http"
	"net/url"
	"testing"
)

// A sign-in's destination is judged as the browser will read it: tab, CR and LF inside a URL
// and leading controls are dropped by browsers and a backslash is a slash, so each of these
// would lead to evil.example. Each must send the user to "/", and GET /login of a signed-in
// user too; a page of the site keeps its path and query.
func TestLoginNextIsNeverAnotherSite(t *testing.T) {
	d := newDash(t)
	key := d.newKey(t, "alice")
	evil := []string{
		"/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/\r\n/evil.example", "\t//evil.example",
		"/\\evil.example", "\\/evil.example", "/\t\\evil.example", " //evil.example", "\x00//evil.example",
		"/\x00/evil.example", "https://evil.example/", "//evil.example", "/%09/evil.example",
		"\x1f/\t/evil.example", "/\\\t/evil.example", "javascript:alert(1)",
	}
	for _, next := range evil {
		b := d.browser(t)
		b.get("/login")
		p := b.post("/login", url.Values{"api_key": {key}, "next": {next}})
		if p.status != http.StatusSeeOther {
			t.Fatalf("next %q: sign-in answered %d", next, p.status)
		}
		loc := p.header.Get("Location")
		if loc != "/" && !sameOriginPath(loc) {
			t.Errorf("next %q: Location %q leads off the site", next, loc)
		}
		if next == "/%09/evil.example" && loc != "/%09/evil.example" {
			// Percent-encoded, the tab is a character of the path, not whitespace: kept.
			t.Errorf("next %q: Location %q", next, loc)
		}
		// Signed in, GET /login?next=... redirects at once: the same rule.
		p = b.get("/login?next=" + url.QueryEscape(next))
		if loc := p.header.Get("Location"); p.status != http.StatusSeeOther || (loc != "/" && !sameOriginPath(loc)) {
			t.Errorf("GET /login?next=%q: %d to %q", next, p.status, loc)
		}
	}
	b := d.browser(t)
	b.get("/login")
	p := b.post("/login", url.Values{"api_key": {key}, "next": {"/projects/abc?tab=scans"}})
	if loc := p.header.Get("Location"); loc != "/projects/abc?tab=scans" {
		t.Fatalf("a page of the site: Location %q", loc)
	}
}

// sameOriginPath says whether a Location value, read as a browser reads it (tab, CR, LF
// removed; backslash a slash), is a path on this site.
func sameOriginPath(loc string) bool {
	clean := make([]byte, 0, len(loc))
	for i := 0; i < len(loc); i++ {
		switch c := loc[i]; {
		case c == '\t' || c == '\r' || c == '\n':
		case c == '\\':
			clean = append(clean, '/')
		case c < 0x20:
			return false
		default:
			clean = append(clean, c)
		}
	}
	s := string(clean)
	return len(s) > 0 && s[0] == '/' && (len(s) == 1 || s[1] != '/')
}
