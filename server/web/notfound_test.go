package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// A missing scan, project or page gets a 404 page that says what was not found (in HTML for a
// browser, JSON for an API client); the favicon is served.
func TestNotFoundPagesAndFavicon(t *testing.T) {
	d := newDash(t)
	b := d.browser(t)
	b.login(d.newKey(t, "reader"))
	for path, want := range map[string]string{
		"/scans/0123abcd":    `There is no scan &#34;0123abcd&#34; among your projects`,
		"/projects/0123abcd": `There is no project &#34;0123abcd&#34; among yours`,
	} {
		p := b.get(path)
		if p.status != http.StatusNotFound || !strings.Contains(p.body, want) {
			t.Errorf("%s: %d\n%s", path, p.status, p.body)
		}
	}
	get := func(path, accept string) (int, string, string) {
		req, _ := http.NewRequest(http.MethodGet, d.ts.URL+path, nil)
		req.Header.Set("Accept", accept)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(body)
	}
	if code, ctype, body := get("/no/such/page", "text/html,application/xhtml+xml"); code != http.StatusNotFound ||
		!strings.HasPrefix(ctype, "text/html") || !strings.Contains(body, "There is no page at /no/such/page.") {
		t.Errorf("a browser's unknown path: %d %s\n%s", code, ctype, body)
	}
	if code, ctype, _ := get("/no/such/page", "application/json"); code != http.StatusNotFound || !strings.HasPrefix(ctype, "application/json") {
		t.Errorf("an API client's unknown path: %d %s", code, ctype)
	}
	if code, ctype, body := get("/favicon.ico", "*/*"); code != http.StatusOK || ctype != "image/svg+xml" || !strings.Contains(body, "<svg") {
		t.Errorf("favicon: %d %s", code, ctype)
	}
	if p := b.get("/"); !strings.Contains(p.body, `rel="icon" href="/assets/favicon.svg"`) {
		t.Error("the pages do not link the icon")
	}
}
