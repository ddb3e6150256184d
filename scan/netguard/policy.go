package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"syscall"
)

// Policy decides which addresses outbound connections may reach. The zero value is the strict
// policy: only public addresses.
type Policy struct {
	// AllowPrivate opens loopback, RFC 1918, RFC 4193 and carrier-grade NAT addresses. It is what
	// the configuration key allow_private_networks (VIGIL_ALLOW_PRIVATE_NETWORKS) sets.
	AllowPrivate bool
	// Allow lists extra prefixes that may be dialed whatever their class (for example
	// 127.0.0.0/8 in a test, or one link-local service). Unspecified, multicast and broadcast
	// addresses stay refused even when listed.
	Allow []netip.Prefix
}

// ErrBlocked is matched by errors.Is for every refusal made by this package.
var ErrBlocked = errors.New("destination address not allowed")

// BlockedError is returned when a connection or URL is refused because of its address.
type BlockedError struct {
	Addr  netip.Addr // the refused address, as dialed
	Class Class      // why it is special
	Host  string     // the host name that resolved to it, when known
}

func (e *BlockedError) Error() string {
	hint := ""
	switch e.Class {
	case Loopback, Private, CGNAT:
		hint = " (--allow-private-networks, or allow_private_networks in the configuration, permits it)"
	}
	if e.Host != "" && e.Host != e.Addr.String() {
		return fmt.Sprintf("netguard: %s resolves to %s, a %s address; refused%s", e.Host, e.Addr, e.Class, hint)
	}
	return fmt.Sprintf("netguard: %s is a %s address; refused%s", e.Addr, e.Class, hint)
}

// Is makes errors.Is(err, ErrBlocked) true.
func (e *BlockedError) Is(target error) bool { return target == ErrBlocked }

// Check returns nil when ip may be dialed under p, or a *BlockedError.
func (p Policy) Check(ip netip.Addr) error {
	ip = ip.WithZone("")
	class := Classify(ip)
	switch class {
	case Public:
		return nil
	case Unspecified, Multicast, Broadcast:
		// Never a valid destination for the request/response protocols Vigil speaks.
		return &BlockedError{Addr: ip, Class: class}
	}
	for _, pr := range p.Allow {
		if pr.Contains(ip) || (ip.Is4In6() && pr.Contains(ip.Unmap())) {
			return nil
		}
	}
	if p.AllowPrivate {
		switch class {
		case Loopback, Private, CGNAT:
			return nil
		}
	}
	return &BlockedError{Addr: ip, Class: class}
}

// Control is a net.Dialer Control function. It runs after name resolution, once per connection
// attempt, with the numeric address actually being connected - which is what defeats DNS
// rebinding and redirects to internal hosts.
func (p Policy) Control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		// Not a numeric address: refuse rather than guess (unix sockets and the like).
		return fmt.Errorf("netguard: refusing to dial %s address %q: %w", network, address, ErrBlocked)
	}
	return p.Check(ap.Addr())
}

// Dialer returns a copy of base (or of a dialer with 10 s connect timeout when base is nil)
// whose every connection is checked by p. An existing Control function of base runs after the
// check.
func (p Policy) Dialer(base *net.Dialer) *net.Dialer {
	var d net.Dialer
	if base != nil {
		d = *base
	} else {
		d.Timeout = defaultDialTimeout
		d.KeepAlive = defaultKeepAlive
	}
	prev, prevCtx := d.Control, d.ControlContext
	// ControlContext takes precedence over Control in net.Dialer, so the check lives there and
	// the caller's own hook, whichever it was, runs after it.
	d.Control = nil
	d.ControlContext = func(ctx context.Context, network, address string, c syscall.RawConn) error {
		if err := p.Control(network, address, c); err != nil {
			return err
		}
		switch {
		case prevCtx != nil:
			return prevCtx(ctx, network, address, c)
		case prev != nil:
			return prev(network, address, c)
		}
		return nil
	}
	return &d
}

// DialContext dials through a guarded dialer; it has the signature http.Transport wants. A
// failed name lookup is reported without the resolver's address (lookupProblem).
func (p Policy) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	c, err := p.Dialer(nil).DialContext(ctx, network, address)
	var dnsErr *net.DNSError
	if err != nil && errors.As(err, &dnsErr) {
		return nil, fmt.Errorf("dial %s: resolving %s: %w", network, dnsErr.Name, lookupProblem(err))
	}
	return c, err
}

// CheckHost resolves host and checks every address it resolves to. It gives an early, clear
// error before work starts; the dial-time check stays the one that counts, since the answer may
// change between this call and the dial.
func (p Policy) CheckHost(ctx context.Context, host string) error {
	if ip, err := netip.ParseAddr(host); err == nil {
		if err := p.Check(ip); err != nil {
			return err
		}
		return nil
	}
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return fmt.Errorf("netguard: resolving %s: %w", host, lookupProblem(err))
	}
	for _, a := range addrs {
		a = a.Unmap() // the resolver may answer IPv4 in mapped form; show it as people write it
		if err := p.Check(a); err != nil {
			var be *BlockedError
			if errors.As(err, &be) {
				be.Host = host
			}
			return err
		}
	}
	return nil
}

// lookupProblem says why a name did not resolve without the resolver's own words, which name
// the resolver's address (lookup x on 10.0.0.2:53: ...): an internal detail of the machine
// that a message shown to a client must not carry.
func lookupProblem(err error) error {
	var dnsErr *net.DNSError
	switch {
	case !errors.As(err, &dnsErr):
		return err
	case dnsErr.IsNotFound:
		return errors.New("no such host")
	case dnsErr.IsTimeout:
		return errors.New("the name lookup timed out")
	}
	return errors.New("the name could not be resolved")
}
