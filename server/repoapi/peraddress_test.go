package repoapi_test

import (
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/vigil-sec/vigil/server/repoapi"
)

// One address cannot take every WebSocket slot: its connections are capped below the global
// limit (by default at most half of it), past which they are refused with 429, while a client
// at another address still connects; a slot given back can be taken again.
func TestConnectionsCappedPerAddress(t *testing.T) {
	e := setup(t, repoapi.Config{MaxConnections: 6}, nil)
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/app/ws"
	dialFrom := func(ip string) (*websocket.Conn, *http.Response, error) {
		d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
		return websocket.Dial(bounded(t), url, &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}})
	}
	var held []*websocket.Conn
	for {
		ws, resp, err := dialFrom("127.0.0.1")
		if err != nil {
			if resp == nil || resp.StatusCode != http.StatusTooManyRequests {
				t.Fatalf("connection %d from one address refused with %v %v, want 429", len(held)+1, err, resp)
			}
			break
		}
		held = append(held, ws)
		if len(held) > 6 {
			t.Fatal("more connections than the global limit")
		}
	}
	if len(held) == 0 || len(held) > 3 {
		t.Fatalf("one address held %d of 6 connections", len(held))
	}
	for range 5 {
		if ws, resp, err := dialFrom("127.0.0.1"); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
			if ws != nil {
				ws.CloseNow()
			}
			t.Fatalf("a connection past the address's cap: %v %v", err, resp)
		}
	}
	other, _, err := dialFrom("127.0.0.2")
	if err != nil {
		t.Fatalf("a client at another address: %v", err)
	}
	other.CloseNow()
	held[0].Close(websocket.StatusNormalClosure, "")
	// The slot comes back once the server has seen the close; until then 429 is the answer.
	for i := 0; ; i++ {
		ws, resp, err := dialFrom("127.0.0.1")
		if err == nil {
			ws.CloseNow()
			break
		}
		if resp == nil || resp.StatusCode != http.StatusTooManyRequests || i > 1000 {
			t.Fatalf("after closing one: %v %v", err, resp)
		}
	}
	for _, ws := range held[1:] {
		ws.CloseNow()
	}
}
