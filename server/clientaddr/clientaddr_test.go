package clientaddr

import (
	"net/http/httptest"
	"testing"
)

// An IPv4 client is its address; an IPv6 client is its /64, whatever address in it it uses;
// an IPv4-mapped IPv6 peer is the IPv4 address.
func TestNames(t *testing.T) {
	for remote, want := range map[string]string{
		"192.0.2.7:4711":             "192.0.2.7",
		"[2001:db8:1:2:aaaa::1]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::9]:80":  "2001:db8:1:2::/64",
		"[::ffff:192.0.2.7]:1":       "192.0.2.7",
		"[fe80::1%eth0]:22":          "fe80::/64",
		"not an address":             "not an address",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		if got := Of(r); got != want {
			t.Errorf("%s: %q, want %q", remote, got, want)
		}
	}
}
