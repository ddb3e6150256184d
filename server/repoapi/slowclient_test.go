package repoapi_test

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"

	"github.com/coder/websocket"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/repoapi"
)

// A client that stops reading is disconnected once its send queue is full; it never holds up
// the scan it started, whose result stays available over REST.
func TestClientThatStopsReadingIsDisconnected(t *testing.T) {
	logs := &syncBuffer{}
	e := setup(t, repoapi.Config{SendQueue: 4, MessagesPerSecond: 1e6, MessageBurst: 1 << 20,
		Logger: slog.New(slog.NewTextHandler(logs, nil))}, nil)

	// A small receive buffer on the client's socket, so that not reading soon pushes back.
	dialer := &net.Dialer{Control: func(network, address string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		if err != nil {
			return err
		}
		return serr
	}}
	hc := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	ctx := bounded(t)
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.http.URL, "http")+"/app/ws", &websocket.DialOptions{HTTPClient: hc})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := &client{t: t, ws: ws}
	c.read() // connection
	c.send(initiate(e.repo.URL, nil))
	first := c.readStatus()
	scanID := first.Payload.ScanID

	// From now on the client only writes: every message earns an error it never reads.
	var werr error
	for i := 0; i < 500000 && werr == nil; i++ {
		werr = ws.Write(ctx, websocket.MessageText, []byte(`{}`))
	}
	if werr == nil || ctx.Err() != nil {
		t.Fatalf("the server never disconnected the client (last error %v)", werr)
	}

	if err := e.srv.WaitScan(ctx, scanID); err != nil {
		t.Fatal(err)
	}
	code, m := e.details(t, fmt.Sprintf(`{"scan_id":%q}`, scanID))
	if sd, _ := m["scan_details"].(map[string]any); code != 200 || sd["scan_status"] != report.StatusDone {
		t.Fatalf("scan after the client left: %d %v", code, m)
	}
	if !strings.Contains(logs.String(), "does not read") {
		t.Fatalf("disconnected for another reason: %s", logs.String())
	}
}

// A client that goes away in the middle of a scan does not stop it.
func TestClientLeavesMidScan(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil)
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	first := c.readStatus()
	c.ws.CloseNow()
	ctx := bounded(t)
	if err := e.srv.WaitScan(ctx, first.Payload.ScanID); err != nil {
		t.Fatal(err)
	}
	_, m := e.details(t, fmt.Sprintf(`{"scan_id":%q}`, first.Payload.ScanID))
	if sd := m["scan_details"].(map[string]any); sd["scan_status"] != report.StatusDone {
		t.Fatalf("%v", m)
	}
}
