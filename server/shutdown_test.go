package server_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
)

// Shutdown lets the request in flight finish (it answers scan_in_progress at once rather than
// waiting out scan_wait) and leaves the running scan to the next start.
func TestGracefulShutdownLeavesScanResumable(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	eng := &fakeEngine{started: make(chan string, 1), block: true}
	srv, err := server.New(server.Config{DataDir: dir, Listen: ln.Addr().String(), ScanWait: time.Hour,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, eng)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln) }()

	a := &apiServer{Server: srv, URL: base}
	key, _ := a.newKey(t, "ci", 0)
	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	answered := make(chan answer, 1)
	go func() {
		answered <- call(t, "POST", base+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}})
	}()
	scanID := <-eng.started
	cancel() // SIGTERM
	rep := scanReport(t, <-answered)
	if rep.ScanID != scanID || rep.ScanStatus != report.StatusInProgress {
		t.Fatalf("in-flight request answered %s %s", rep.ScanID, rep.ScanStatus)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}

	b := startServer(t, dir, &fakeEngine{}, nil)
	if err := b.WaitScan(context.Background(), scanID); err != nil {
		t.Fatal(err)
	}
	got := scanReport(t, call(t, "POST", b.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": scanID}))
	if got.ScanStatus != report.StatusDone {
		t.Fatalf("after restart: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}
}
