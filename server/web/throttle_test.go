package web_test

import (
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/server/auth"
)

// Wrong API keys at the sign-in form are throttled per address: past the first few, the form
// answers 429 with Retry-After and does not check the key; a user signing in from another
// address is not held up.
func TestSignInThrottledPerAddress(t *testing.T) {
	d := newDash(t)
	key := d.newKey(t, "alice")
	attacker := d.browser(t)
	attacker.get("/login")
	statuses := map[int]int{}
	for range 30 {
		p := attacker.post("/login", url.Values{"api_key": {auth.NewKey()}})
		statuses[p.status]++
		if p.status == http.StatusTooManyRequests {
			if p.header.Get("Retry-After") == "" || !strings.Contains(p.body, "Too many wrong API keys") {
				t.Fatalf("429 without Retry-After or a message: %v %.300s", p.header, p.body)
			}
		}
	}
	if statuses[http.StatusUnauthorized] > 12 || statuses[http.StatusTooManyRequests] < 18 {
		t.Fatalf("30 wrong keys: %v", statuses)
	}
	user := d.browser(t)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	user.c.Transport = &http.Transport{DialContext: dialer.DialContext}
	user.login(key) // fails the test unless it signs in
}
