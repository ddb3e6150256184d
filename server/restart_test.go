package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
)

// A server stopped while a scan runs leaves it unfinished; the next server on the same data
// folder runs it to the end, and the scan keeps its id, project and place.
func TestRestartResumesInterruptedScan(t *testing.T) {
	dir := t.TempDir()
	blocking := &fakeEngine{started: make(chan string, 1), block: true}
	a := startServer(t, dir, blocking, func(c *server.Config) { c.ScanWait = time.Millisecond })
	key, _ := a.newKey(t, "ci", 0)
	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
	if rep.ScanStatus != report.StatusInProgress {
		t.Fatalf("first answer: %s", rep.ScanStatus)
	}
	if id := <-blocking.started; id != rep.ScanID {
		t.Fatalf("engine ran %s, want %s", id, rep.ScanID)
	}
	a.stop() // the scan is mid-flight

	b := startServer(t, dir, &fakeEngine{}, nil)
	if err := b.WaitScan(context.Background(), rep.ScanID); err != nil {
		t.Fatal(err)
	}
	got := scanReport(t, call(t, "POST", b.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": rep.ScanID}))
	if got.ScanStatus != report.StatusDone || got.ProjectID != rep.ProjectID || got.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("after restart: %s %q project %s issues %d", got.ScanStatus, got.ScanStatusErrMsg, got.ProjectID, got.MultiFileScanSummary.IssuesCount)
	}
}

// A scan interrupted MaxAttempts times ends as scan_failed with a message instead of
// running (and perhaps killing the server) forever.
func TestRestartGivesUpAfterMaxAttempts(t *testing.T) {
	dir := t.TempDir()
	blocking := &fakeEngine{started: make(chan string, 1), block: true}
	one := func(c *server.Config) { c.ScanWait = time.Millisecond; c.MaxAttempts = 1 }
	a := startServer(t, dir, blocking, one)
	key, _ := a.newKey(t, "ci", 0)
	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
	<-blocking.started
	a.stop()

	b := startServer(t, dir, &fakeEngine{}, one)
	got := scanReport(t, call(t, "POST", b.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": rep.ScanID}))
	if got.ScanStatus != report.StatusFailed || !strings.Contains(got.ScanStatusErrMsg, "interrupted 1 times") {
		t.Fatalf("after restart: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}
}
