package netguard

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// nxdomainServer is a DNS server on loopback that answers every question "no such name", and
// points the default resolver at it for the test (the machine's own resolver is not asked).
func nxdomainServer(t *testing.T) {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 1500)
		for {
			n, addr, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			var p dnsmessage.Parser
			h, err := p.Start(buf[:n])
			if err != nil {
				continue
			}
			q, err := p.Question()
			if err != nil {
				continue
			}
			b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, RCode: dnsmessage.RCodeNameError, RecursionAvailable: true})
			b.StartQuestions()
			b.Question(q)
			out, _ := b.Finish()
			pc.WriteTo(out, addr)
		}
	}()
	preferGo, dial := net.DefaultResolver.PreferGo, net.DefaultResolver.Dial
	net.DefaultResolver.PreferGo = true
	net.DefaultResolver.Dial = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "udp", pc.LocalAddr().String())
	}
	t.Cleanup(func() { net.DefaultResolver.PreferGo, net.DefaultResolver.Dial = preferGo, dial })
}

// A name that does not resolve is reported as such, never with the resolver's address (an
// internal detail of the machine, which messages shown to clients must not carry).
func TestLookupErrorsHideTheResolver(t *testing.T) {
	nxdomainServer(t)
	resolver := regexp.MustCompile(`on \[?[0-9a-f.:]+\]?:\d+`)
	err := Policy{}.CheckHost(context.Background(), "no-such-host.invalid")
	if err == nil || resolver.MatchString(err.Error()) || !regexp.MustCompile(`no such host`).MatchString(err.Error()) {
		t.Errorf("CheckHost: %v", err)
	}
	_, err = (&http.Client{Transport: Policy{}.Transport()}).Get("http://no-such-host.invalid/")
	if err == nil || resolver.MatchString(err.Error()) || !regexp.MustCompile(`no such host`).MatchString(err.Error()) {
		t.Errorf("Transport: %v", err)
	}
}
