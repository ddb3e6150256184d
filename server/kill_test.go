package server_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// childEnv makes the test binary run a server instead of the tests (see TestMain), so a test
// can kill a real server process with SIGKILL.
const childEnv = "VIGIL_TEST_CHILD_SERVER_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		runChild(dir)
		return
	}
	code := m.Run()
	pgtest.Stop()
	os.Exit(code)
}

// childDatabaseEnv names the child's database (default: the SQLite file in its folder).
const childDatabaseEnv = "VIGIL_TEST_CHILD_DATABASE"

// childModeEnv chooses the child's engine: "" never finishes; "crash-block" never finishes
// but dies on a POISON input; "crash" finishes scans but dies on a POISON input.
const childModeEnv = "VIGIL_TEST_CHILD_MODE"

// runChild serves on a loopback port with an engine that never finishes (see childModeEnv),
// and reports on standard output: "url <base>", "key <key>", then "started <scan id>" for each
// scan.
func runChild(dir string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	eng := &fakeEngine{started: make(chan string, 8), block: true}
	switch os.Getenv(childModeEnv) {
	case "crash-block":
		eng.poison, eng.crash = "POISON", true
	case "crash":
		eng.poison, eng.crash, eng.block = "POISON", true, false
	}
	// A child on PostgreSQL (childDatabaseEnv) is a worker beside the test's API server.
	cfg := server.Config{DataDir: dir, Listen: ln.Addr().String(), ScanWait: time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if db := os.Getenv(childDatabaseEnv); db != "" {
		cfg.Database, cfg.Role = db, server.RoleWorker
	}
	srv, err := server.New(cfg, eng)
	if err != nil {
		panic(err)
	}
	key, _, err := auth.Create(context.Background(), srv.Store(), "child", 0)
	if err != nil {
		panic(err)
	}
	key2, _, err := auth.Create(context.Background(), srv.Store(), "child2", 0)
	if err != nil {
		panic(err)
	}
	fmt.Printf("url http://%s\nkey %s\nkey2 %s\n", ln.Addr(), key, key2)
	go func() {
		for id := range eng.started {
			fmt.Printf("started %s\n", id)
		}
	}()
	http.Serve(ln, srv.Handler())
}

// spawnChild runs this test binary as a child server process with env added (TestMain makes it
// serve), killed when the test ends; next reads its stdout up to the line "prefix value" and
// returns the value.
func spawnChild(t *testing.T, env ...string) (cmd *exec.Cmd, next func(prefix string) string) {
	t.Helper()
	cmd = exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(out)
	next = func(prefix string) string {
		t.Helper()
		for lines.Scan() {
			if v, ok := strings.CutPrefix(lines.Text(), prefix+" "); ok {
				return v
			}
		}
		t.Fatalf("child process exited before printing %q", prefix)
		return ""
	}
	return cmd, next
}

func TestKill9DuringScanThenRestart(t *testing.T) {
	dir := t.TempDir()
	cmd, next := spawnChild(t, childEnv+"="+dir)
	base, key := next("url"), next("key")
	child := &apiServer{URL: base}
	u := presign(t, child, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	rep := scanReport(t, call(t, "POST", base+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
	if rep.ScanStatus != report.StatusInProgress {
		t.Fatalf("first answer: %s", rep.ScanStatus)
	}
	if id := next("started"); id != rep.ScanID {
		t.Fatalf("child started %s, want %s", id, rep.ScanID)
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no shutdown code runs
		t.Fatal(err)
	}
	cmd.Wait()

	b := startServer(t, dir, &fakeEngine{}, nil)
	if err := b.WaitScan(context.Background(), rep.ScanID); err != nil {
		t.Fatal(err)
	}
	got := scanReport(t, call(t, "POST", b.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": rep.ScanID}))
	if got.ScanStatus != report.StatusDone || got.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("after kill -9 and restart: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
	}
	// The killed process's workspace is gone, and so is the finished scan's.
	if left, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(left) != 0 {
		t.Fatalf("temporary folders left: %v", left)
	}
}
