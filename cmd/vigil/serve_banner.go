package main

import (
	"io"
	"net"
	"strings"

	"github.com/vigil-sec/vigil/server"
)

// logFormat is the serve log format asked for, or by default text for a person at a terminal
// and JSON for a log collector.
func logFormat(stderr io.Writer, asked string) string {
	if asked = strings.ToLower(strings.TrimSpace(asked)); asked != "" {
		return asked
	}
	if isTerminal(stderr) {
		return "text"
	}
	return "json"
}

// serveBanner is the line `vigil serve` prints once it listens: where the dashboard (or, for a
// worker, its health and metrics) can be reached. The public URL when one is set, else the
// address listened on (a wildcard address shown as localhost).
func serveBanner(role, publicURL string, addr net.Addr) string {
	base := strings.TrimSuffix(publicURL, "/")
	if base == "" {
		host, port, err := net.SplitHostPort(addr.String())
		if err != nil {
			host, port = addr.String(), ""
		}
		if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
			host = "localhost"
		}
		base = "http://" + net.JoinHostPort(host, port)
	}
	if role == server.RoleWorker {
		return "worker serving " + base + "/healthz and " + base + "/metrics"
	}
	return "dashboard at " + base + "/ (sign in with a key from `vigil keys create`); private API at " + base + "/private/"
}
