package netguard

import (
	"net/netip"
)

// Class names why an address is special. The zero value, Public, is an ordinary global address.
type Class string

// Address classes, from the IANA special-purpose address registries.
const (
	Public      Class = ""
	Loopback    Class = "loopback"
	Private     Class = "private"
	CGNAT       Class = "carrier-grade NAT"
	LinkLocal   Class = "link-local"
	Multicast   Class = "multicast"
	Unspecified Class = "unspecified"
	Broadcast   Class = "broadcast"
	Reserved    Class = "reserved"
)

type classRange struct {
	prefix netip.Prefix
	class  Class
}

// ranges4 lists the IPv4 special-purpose blocks that are not globally reachable.
var ranges4 = []classRange{
	{netip.MustParsePrefix("0.0.0.0/8"), Unspecified}, // "this network"; 0.0.0.0 reaches localhost on Linux
	{netip.MustParsePrefix("10.0.0.0/8"), Private},
	{netip.MustParsePrefix("100.64.0.0/10"), CGNAT},
	{netip.MustParsePrefix("127.0.0.0/8"), Loopback},
	{netip.MustParsePrefix("169.254.0.0/16"), LinkLocal},
	{netip.MustParsePrefix("172.16.0.0/12"), Private},
	{netip.MustParsePrefix("192.0.0.0/24"), Reserved},   // IETF protocol assignments
	{netip.MustParsePrefix("192.0.2.0/24"), Reserved},   // TEST-NET-1
	{netip.MustParsePrefix("192.88.99.0/24"), Reserved}, // 6to4 relay anycast
	{netip.MustParsePrefix("192.168.0.0/16"), Private},
	{netip.MustParsePrefix("198.18.0.0/15"), Reserved},   // benchmarking
	{netip.MustParsePrefix("198.51.100.0/24"), Reserved}, // TEST-NET-2
	{netip.MustParsePrefix("203.0.113.0/24"), Reserved},  // TEST-NET-3
	{netip.MustParsePrefix("224.0.0.0/4"), Multicast},
	{netip.MustParsePrefix("255.255.255.255/32"), Broadcast},
	{netip.MustParsePrefix("240.0.0.0/4"), Reserved},
}

// ranges6 lists the IPv6 blocks that are not globally reachable. Blocks that embed an IPv4
// address are handled separately by embedded4 so that their IPv4 part is classified too.
var ranges6 = []classRange{
	{netip.MustParsePrefix("::/128"), Unspecified},
	{netip.MustParsePrefix("::1/128"), Loopback},
	{netip.MustParsePrefix("100::/64"), Reserved},      // discard-only
	{netip.MustParsePrefix("2001:db8::/32"), Reserved}, // documentation
	{netip.MustParsePrefix("2001::/23"), Reserved},     // IETF protocol assignments, includes Teredo 2001::/32
	{netip.MustParsePrefix("fc00::/7"), Private},       // RFC 4193 unique local
	{netip.MustParsePrefix("fe80::/10"), LinkLocal},
	{netip.MustParsePrefix("fec0::/10"), Private}, // deprecated site-local
	{netip.MustParsePrefix("ff00::/8"), Multicast},
}

var (
	compat4 = netip.MustParsePrefix("::/96")          // deprecated IPv4-compatible
	nat64   = netip.MustParsePrefix("64:ff9b::/96")   // well-known NAT64 prefix
	nat64l  = netip.MustParsePrefix("64:ff9b:1::/48") // local-use NAT64
	sixTo4  = netip.MustParsePrefix("2002::/16")
)

// Classify reports the class of ip. IPv6 forms that carry an IPv4 address (IPv4-mapped,
// IPv4-compatible, NAT64, 6to4) are classified by that IPv4 address, because that is where a
// packet to them ends up; a mapped or translated public address is Public.
func Classify(ip netip.Addr) Class {
	ip = ip.WithZone("")
	if !ip.IsValid() {
		return Unspecified
	}
	if v4, ok := embedded4(ip); ok {
		return classify4(v4)
	}
	if ip.Is4() {
		return classify4(ip)
	}
	if c := lookup(ranges6, ip); c != Public {
		return c
	}
	// Only 2000::/3 is allocated as global unicast; everything else is unassigned or special.
	if !netip.MustParsePrefix("2000::/3").Contains(ip) {
		return Reserved
	}
	return Public
}

func classify4(ip netip.Addr) Class {
	return lookup(ranges4, ip)
}

func lookup(table []classRange, ip netip.Addr) Class {
	for _, r := range table {
		if r.prefix.Contains(ip) {
			return r.class
		}
	}
	return Public
}

// embedded4 extracts the IPv4 address carried by an IPv6 address, if the form carries one.
func embedded4(ip netip.Addr) (netip.Addr, bool) {
	if !ip.Is6() {
		return netip.Addr{}, false
	}
	if ip.Is4In6() {
		return ip.Unmap(), true
	}
	b := ip.As16()
	switch {
	case ip == netip.IPv6Unspecified() || ip == netip.IPv6Loopback():
		return netip.Addr{}, false
	case compat4.Contains(ip), nat64.Contains(ip):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case nat64l.Contains(ip):
		// RFC 8215 allows several embeddings; treat the whole block as local use.
		return netip.AddrFrom4([4]byte{10, 0, 0, 0}), true
	case sixTo4.Contains(ip):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	}
	return netip.Addr{}, false
}
