package server_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server"
)

// serve runs a server as `vigil serve` does (Serve on its own listener) and returns its
// address.
func serve(t *testing.T, tweak func(*server.Config)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{DataDir: t.TempDir(), Listen: ln.Addr().String(), Logger: slog.New(slog.DiscardHandler)}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := server.New(cfg, &fakeEngine{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}

// dialFrom opens a TCP connection to addr from the loopback address ip.
func dialFrom(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A body trickled a byte at a time is cut: the server ends the connection long before the
// client could finish sending it (100,000 bytes at 20 a second), where before only the
// header had a deadline and such connections stayed open for as long as their client liked.
func TestSlowBodyIsCut(t *testing.T) {
	addr := serve(t, func(c *server.Config) { c.BodyTimeout, c.BodyMinRate = time.Second, 1024 })
	c := dialFrom(t, "127.0.0.1", addr)
	fmt.Fprintf(c, "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n")
	closed := make(chan struct{})
	go func() {
		io.Copy(io.Discard, c) // the server's answer, then its end of the connection
		close(closed)
	}()
	for sent := 0; sent < 100000; sent++ {
		select {
		case <-closed:
			return // cut
		case <-time.After(50 * time.Millisecond):
		}
		if _, err := c.Write([]byte("a")); err != nil {
			return // cut
		}
	}
	t.Fatal("the whole trickled body was read")
}

// One address holds at most MaxConnsPerAddress connections: the next is answered 429 with
// Retry-After and closed, while another address is served; a connection closed gives its
// slot back.
func TestConnectionsPerAddress(t *testing.T) {
	addr := serve(t, func(c *server.Config) { c.MaxConnsPerAddress = 4 })
	var held []net.Conn
	for range 4 {
		held = append(held, dialFrom(t, "127.0.0.1", addr))
	}
	get := func(c net.Conn) *http.Response {
		t.Helper()
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	if resp := get(dialFrom(t, "127.0.0.1", addr)); resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a fifth connection from one address: %d %v", resp.StatusCode, resp.Header)
	}
	if resp := get(dialFrom(t, "127.0.0.2", addr)); resp.StatusCode != http.StatusOK {
		t.Fatalf("another address: %d", resp.StatusCode)
	}
	if resp := get(held[0]); resp.StatusCode != http.StatusOK {
		t.Fatalf("a connection within the limit: %d", resp.StatusCode)
	}
	held[0].Close()
	for i := 0; ; i++ { // the slot comes back once the server has seen the close
		resp := get(dialFrom(t, "127.0.0.1", addr))
		if resp.StatusCode == http.StatusOK {
			break
		}
		if i > 1000 || !strings.Contains(resp.Status, "429") {
			t.Fatalf("after closing one: %s", resp.Status)
		}
	}
}
