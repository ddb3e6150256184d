package server_test

import (
	"bytes"
	"net"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/server/auth"
)

// clientFrom is an HTTP client whose connections come from the loopback address ip (Linux
// routes all of 127.0.0.0/8 to loopback): another client address on the same machine.
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// Guessing API keys is throttled per address: of 300 wrong keys sent at once from one address,
// the first few are checked and answered 401, the rest 429 with Retry-After without a look at
// the key; meanwhile a real user at another address is served at once.
func TestWrongKeysAreThrottledPerAddress(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	key, _ := a.newKey(t, "ci", 0)
	attacker, user := clientFrom("127.0.0.1"), clientFrom("127.0.0.2")
	send := func(c *http.Client, key string) (int, string) {
		req, _ := http.NewRequest("POST", a.URL+"/private/api-get-scan/", bytes.NewReader([]byte(`{"scan_id":"x"}`)))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.Do(req)
		if err != nil {
			t.Error(err)
			return 0, ""
		}
		resp.Body.Close()
		return resp.StatusCode, resp.Header.Get("Retry-After")
	}
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	for range 300 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, retry := send(attacker, auth.NewKey())
			if status == http.StatusTooManyRequests {
				if n, err := strconv.Atoi(retry); err != nil || n < 1 {
					t.Errorf("429 without a Retry-After: %q", retry)
				}
			}
			mu.Lock()
			counts[status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if counts[http.StatusUnauthorized] > 20 || counts[http.StatusTooManyRequests] < 280 {
		t.Fatalf("300 wrong keys at once: %v (want at most a few checked, the rest 429)", counts)
	}
	if status, _ := send(user, key); status != http.StatusBadRequest { // no such scan: the key was accepted
		t.Fatalf("the real user at another address: %d", status)
	}
	if status, _ := send(user, auth.NewKey()); status != http.StatusUnauthorized {
		t.Fatalf("a wrong key from another address is checked: %d", status)
	}
	if status, _ := send(attacker, key); status != http.StatusTooManyRequests {
		t.Fatalf("the throttled address: %d", status)
	}
}
