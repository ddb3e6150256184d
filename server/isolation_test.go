package server_test

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
)

const poisonSource = "// POISON\ncontract P { function f() public { } }\n"

// A scan that exhausts its budget fails alone, with the reason, while another client's scan
// running at the same time ends scan_done.
func TestBudgetFailsAlone(t *testing.T) {
	eng := &fakeEngine{started: make(chan string, 2), poison: "POISON", release: make(chan struct{})}
	a := startServer(t, t.TempDir(), eng, func(c *server.Config) { c.ScanWait = time.Millisecond })
	keyA, _ := a.newKey(t, "healthy", 0)
	keyB, _ := a.newKey(t, "poison", 0)

	u := presign(t, a, "Bearer "+keyA, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	healthy := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+keyA, map[string]any{"file_urls": []string{u}}))
	if id := <-eng.started; id != healthy.ScanID {
		t.Fatalf("started %s, want the healthy scan %s", id, healthy.ScanID)
	}

	u = presign(t, a, "Bearer "+keyB, "Poison.sol")
	put(t, u, []byte(poisonSource))
	poison := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+keyB, map[string]any{"file_urls": []string{u}}))
	<-eng.started
	if err := a.WaitScan(context.Background(), poison.ScanID); err != nil {
		t.Fatal(err)
	}
	got := scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+keyB, map[string]any{"scan_id": poison.ScanID}))
	if got.ScanStatus != report.StatusFailed || got.ScanStatusErrMsg != "memory budget exceeded in Poison.sol (limit 64 MiB)" {
		t.Fatalf("poison scan: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}

	close(eng.release) // the healthy scan was running all along
	if err := a.WaitScan(context.Background(), healthy.ScanID); err != nil {
		t.Fatal(err)
	}
	got = scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+keyA, map[string]any{"scan_id": healthy.ScanID}))
	if got.ScanStatus != report.StatusDone || got.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("healthy scan: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}
}

// child is a server in a child process (see runChild), which a poison input can kill.
type child struct {
	cmd   *exec.Cmd
	lines *bufio.Scanner
}

func startChild(t *testing.T, dir, mode string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir, childModeEnv+"="+mode)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return &child{cmd: cmd, lines: bufio.NewScanner(out)}
}

func (c *child) next(t *testing.T, prefix string) string {
	t.Helper()
	for c.lines.Scan() {
		if v, ok := strings.CutPrefix(c.lines.Text(), prefix+" "); ok {
			return v
		}
	}
	t.Fatalf("child server exited before printing %q", prefix)
	return ""
}

// wait returns the child's exit code once it died.
func (c *child) wait(t *testing.T) int {
	t.Helper()
	for c.lines.Scan() {
	}
	c.cmd.Wait()
	return c.cmd.ProcessState.ExitCode()
}

// A poison input that kills the whole process (a fatal error no recover catches) does not take
// the other clients' scans with it: at the next start every scan running at the death is
// quarantined and run alone; the healthy one ends scan_done, and the poison one, killing the
// process again while alone, is failed with the reason instead of being retried.
func TestCrashingScanIsQuarantined(t *testing.T) {
	dir := t.TempDir()

	// First process: a healthy scan runs (and never finishes here); the poison one kills it.
	one := startChild(t, dir, "crash-block")
	base, keyA, keyB := one.next(t, "url"), one.next(t, "key"), one.next(t, "key2")
	srv := &apiServer{URL: base}
	u := presign(t, srv, "Bearer "+keyA, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	healthy := scanReport(t, call(t, "POST", base+"/private/api-file-scan/", "Bearer "+keyA, map[string]any{"file_urls": []string{u}}))
	if id := one.next(t, "started"); id != healthy.ScanID {
		t.Fatalf("started %s, want %s", id, healthy.ScanID)
	}
	u = presign(t, srv, "Bearer "+keyB, "Poison.sol")
	put(t, u, []byte(poisonSource))
	// The process dies while this request is in flight: its answer is lost, the scan id is
	// what the child printed as it died.
	req, _ := http.NewRequest("POST", base+"/private/api-file-scan/", strings.NewReader(`{"file_urls":["`+u+`"]}`))
	req.Header.Set("Authorization", "Bearer "+keyB)
	req.Header.Set("Content-Type", "application/json")
	go func() {
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	poisonID := one.next(t, "crashing")
	if code := one.wait(t); code != 3 {
		t.Fatalf("the poison input did not kill the first process (exit %d)", code)
	}

	// Second process: both scans were running at the death. Run alone, the healthy one
	// finishes; the poison one kills this process too.
	two := startChild(t, dir, "crash")
	if id := two.next(t, "crashing"); id != poisonID {
		t.Fatalf("second process died on %s, want the poison scan %s", id, poisonID)
	}
	if code := two.wait(t); code != 3 {
		t.Fatalf("the quarantined poison scan did not kill the second process (exit %d)", code)
	}

	// Third start: the poison scan is failed with the reason, not run again.
	three := startServer(t, dir, &fakeEngine{}, nil)
	got := scanReport(t, call(t, "POST", three.URL+"/private/api-get-scan/", "Bearer "+keyB, map[string]any{"scan_id": poisonID}))
	if got.ScanStatus != report.StatusFailed || !strings.Contains(got.ScanStatusErrMsg, "crashed the scanner 2 times") {
		t.Fatalf("poison scan: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}
	got = scanReport(t, call(t, "POST", three.URL+"/private/api-get-scan/", "Bearer "+keyA, map[string]any{"scan_id": healthy.ScanID}))
	if got.ScanStatus != report.StatusDone || got.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("healthy scan: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}
}
