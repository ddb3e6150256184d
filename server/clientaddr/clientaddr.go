// Package clientaddr names the client of a request or a connection for the server's
// per-address limits (failed sign-ins, connections, WebSocket connections, anonymous scans in
// the queue). The name is the peer's IP address as the server sees it: proxy headers are not
// trusted (anyone can set them), so behind a reverse proxy every client is the proxy and the
// limits must be sized for it. An IPv6 address is named by its /64 network, the block one
// subscriber gets: counting single IPv6 addresses would let one client take 2^64 names.
package clientaddr

import (
	"net"
	"net/http"
	"net/netip"
)

// Of names the client of a request.
func Of(r *http.Request) string { return fromHostPort(r.RemoteAddr) }

// OfConn names the client of a connection.
func OfConn(c net.Conn) string { return fromHostPort(c.RemoteAddr().String()) }

func fromHostPort(hostport string) string {
	ap, err := netip.ParseAddrPort(hostport)
	if err != nil {
		host, _, err := net.SplitHostPort(hostport)
		if err != nil {
			return hostport
		}
		return host
	}
	return name(ap.Addr())
}

func name(a netip.Addr) string {
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
