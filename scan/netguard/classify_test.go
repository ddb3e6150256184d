package netguard

import (
	"errors"
	"net/netip"
	"testing"
)

func TestClassify(t *testing.T) {
	cases := []struct {
		ip   string
		want Class
	}{
		{"8.8.8.8", Public},
		{"140.82.112.3", Public},
		{"2606:4700::1111", Public},
		{"127.0.0.1", Loopback},
		{"127.255.0.9", Loopback},
		{"::1", Loopback},
		{"10.1.2.3", Private},
		{"172.16.0.1", Private},
		{"172.31.255.255", Private},
		{"172.32.0.1", Public},
		{"192.168.1.1", Private},
		{"fd00::1", Private},
		{"fc00::1", Private},
		{"100.64.0.1", CGNAT},
		{"100.127.255.254", CGNAT},
		{"169.254.169.254", LinkLocal},
		{"fe80::1", LinkLocal},
		{"fe80::1%eth0", LinkLocal},
		{"224.0.0.1", Multicast},
		{"ff02::1", Multicast},
		{"0.0.0.0", Unspecified},
		{"::", Unspecified},
		{"255.255.255.255", Broadcast},
		{"240.0.0.1", Reserved},
		{"192.0.2.10", Reserved},
		{"2001:db8::1", Reserved},
		// IPv6 forms carrying an IPv4 address are judged by that address.
		{"::ffff:127.0.0.1", Loopback},
		{"::ffff:10.0.0.1", Private},
		{"::ffff:169.254.169.254", LinkLocal},
		{"::ffff:8.8.8.8", Public},
		{"::127.0.0.1", Loopback},
		{"64:ff9b::a00:1", Private},
		{"64:ff9b::808:808", Public},
		{"2002:7f00:1::", Loopback},
		{"2002:c0a8:101::1", Private},
		{"2001::1", Reserved}, // Teredo
		{"3fff::1", Public},
		{"4000::1", Reserved}, // outside 2000::/3
	}
	for _, c := range cases {
		if got := Classify(netip.MustParseAddr(c.ip)); got != c.want {
			t.Errorf("Classify(%s) = %q, want %q", c.ip, got, c.want)
		}
	}
}

func TestPolicyCheck(t *testing.T) {
	strict := Policy{}
	private := Policy{AllowPrivate: true}
	listed := Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("224.0.0.0/4")}}
	cases := []struct {
		p    Policy
		ip   string
		want bool
	}{
		{strict, "8.8.8.8", true},
		{strict, "127.0.0.1", false},
		{strict, "::ffff:127.0.0.1", false},
		{strict, "10.0.0.1", false},
		{private, "127.0.0.1", true},
		{private, "::1", true},
		{private, "10.0.0.1", true},
		{private, "fd12::1", true},
		{private, "100.64.1.1", true},
		{private, "169.254.169.254", false}, // cloud metadata stays closed
		{private, "0.0.0.0", false},
		{private, "224.0.0.1", false},
		{listed, "127.0.0.1", true},
		{listed, "::ffff:127.0.0.1", true},
		{listed, "10.0.0.1", false},
		{listed, "224.0.0.1", false}, // multicast is never dialed
	}
	for _, c := range cases {
		err := c.p.Check(netip.MustParseAddr(c.ip))
		if (err == nil) != c.want {
			t.Errorf("%+v.Check(%s) = %v, want allowed=%v", c.p, c.ip, err, c.want)
		}
		if err != nil && !errors.Is(err, ErrBlocked) {
			t.Errorf("error %v does not match ErrBlocked", err)
		}
	}
}
