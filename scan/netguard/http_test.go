package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"syscall"
	"testing"
)

func okServer(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "ok")
	}))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, c *http.Client, url string) error {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func TestClientRefusesLoopbackByDefault(t *testing.T) {
	srv := okServer(t)
	err := get(t, Policy{}.Client(0), srv.URL)
	if !errors.Is(err, ErrBlocked) {
		t.Fatalf("strict policy reached %s: err=%v", srv.URL, err)
	}
	if !strings.Contains(err.Error(), "loopback") {
		t.Errorf("error does not say why: %v", err)
	}
}

// A host name is checked on the address it resolves to at dial time, not on its spelling.
func TestClientChecksResolvedAddress(t *testing.T) {
	srv := okServer(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	err := get(t, Policy{}.Client(0), "http://localhost:"+port+"/")
	if !errors.Is(err, ErrBlocked) {
		t.Fatalf("strict policy reached localhost: err=%v", err)
	}
}

func TestClientAllowsConfiguredNetworks(t *testing.T) {
	srv := okServer(t)
	for _, p := range []Policy{
		{AllowPrivate: true},
		{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}},
	} {
		if err := get(t, p.Client(0), srv.URL); err != nil {
			t.Errorf("%+v: %v", p, err)
		}
	}
}

// A redirect from an allowed server to a refused address is stopped at the dial of the second
// hop: checking only the first URL would have let it through.
func TestClientChecksRedirectTargets(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	inner := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "secret")
	}))
	inner.Listener.Close()
	inner.Listener = ln
	inner.Start()
	defer inner.Close()
	outer := httptest.NewServer(http.RedirectHandler(inner.URL+"/metadata", http.StatusFound))
	defer outer.Close()

	p := Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	err = get(t, p.Client(0), outer.URL)
	if !errors.Is(err, ErrBlocked) {
		t.Fatalf("redirect to %s was followed: err=%v", inner.URL, err)
	}
}

func TestClientRefusesRedirectToOtherScheme(t *testing.T) {
	srv := httptest.NewServer(http.RedirectHandler("file:///etc/passwd", http.StatusFound))
	defer srv.Close()
	err := get(t, Policy{AllowPrivate: true}.Client(0), srv.URL)
	if !errors.Is(err, ErrBadURL) {
		t.Fatalf("redirect to file: not refused: %v", err)
	}
}

func TestDialerKeepsCallerControl(t *testing.T) {
	srv := okServer(t)
	called := false
	base := &net.Dialer{}
	base.Control = nil
	d := Policy{AllowPrivate: true}.Dialer(base)
	inner := d.ControlContext
	d.ControlContext = func(ctx context.Context, network, address string, c syscall.RawConn) error {
		called = true
		return inner(ctx, network, address, c)
	}
	conn, err := d.DialContext(context.Background(), "tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if !called {
		t.Fatal("control hook not called")
	}
	if _, err := (Policy{}).Dialer(base).DialContext(context.Background(), "tcp", srv.Listener.Addr().String()); !errors.Is(err, ErrBlocked) {
		t.Fatalf("strict dialer connected: %v", err)
	}
}

func TestCheckURL(t *testing.T) {
	ctx := context.Background()
	if _, err := (Policy{}).CheckURL(ctx, "http://127.0.0.1:8080/x"); !errors.Is(err, ErrBlocked) {
		t.Errorf("literal loopback accepted: %v", err)
	}
	if _, err := (Policy{}).CheckURL(ctx, "http://[::ffff:10.0.0.1]/x"); !errors.Is(err, ErrBlocked) {
		t.Errorf("mapped private accepted: %v", err)
	}
	if _, err := (Policy{}).CheckURL(ctx, "http://localhost/x"); !errors.Is(err, ErrBlocked) {
		t.Errorf("localhost accepted: %v", err)
	}
	if _, err := (Policy{AllowPrivate: true}).CheckURL(ctx, "http://127.0.0.1:8080/x"); err != nil {
		t.Errorf("allowed loopback refused: %v", err)
	}
}
