package web_test

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
)

// One key's sessions cannot hold every connection open with live-progress streams: past 16
// open at once, another is refused with 429, while another key's stream is served.
func TestLiveProgressStreamsCappedPerKey(t *testing.T) {
	eng := stuckEngine{started: make(chan string, 2)}
	d := newDashWith(t, eng)
	src, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	start := func(name string) (*browser, string) {
		b := d.browser(t)
		b.login(d.newKey(t, name))
		b.get("/")
		p := b.postFiles("/projects/upload", url.Values{"name": {"vault"}}, map[string]string{"Vault.sol": string(src)})
		id := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
		<-eng.started
		return b, id
	}
	alice, scan := start("alice")
	open := func(b *browser, scan string) *http.Response {
		req, _ := http.NewRequest(http.MethodGet, b.base+"/scans/"+scan+"/events", nil)
		resp, err := b.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	for i := range 16 {
		if resp := open(alice, scan); resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %d", i+1, resp.StatusCode)
		}
	}
	if resp := open(alice, scan); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a 17th stream of one key: %d", resp.StatusCode)
	}
	bob, other := start("bob")
	if resp := open(bob, other); resp.StatusCode != http.StatusOK {
		t.Fatalf("another key's stream: %d", resp.StatusCode)
	}
}
