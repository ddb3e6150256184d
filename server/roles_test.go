package server_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// engines names the database of each engine the queue runs on: the SQLite file in the data
// folder, or a fresh PostgreSQL database.
var engines = []struct {
	name     string
	database func(t *testing.T) string
}{
	{"sqlite", func(*testing.T) string { return "" }},
	{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
}

// An api process queues the scan and answers it; a worker process sharing the database runs
// it; the webhook is delivered. The same test on both engines.
func TestAPIAndWorkerRolesShareTheQueue(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			dir, db := t.TempDir(), e.database(t)
			hooks := make(chan string, 4)
			recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				hooks <- string(body)
			}))
			defer recv.Close()
			api := startServer(t, dir, &fakeEngine{}, func(c *server.Config) { c.Database, c.Role = db, server.RoleAPI })
			worker := startServer(t, dir, &fakeEngine{}, func(c *server.Config) { c.Database, c.Role = db, server.RoleWorker })
			key, _ := api.newKey(t, "ci", 0)
			if r := call(t, "POST", api.URL+"/api-tag-webhook/", "Token "+key, map[string]any{"endpoint_url": recv.URL}); r.status != 200 {
				t.Fatalf("tag: %d %s", r.status, r.raw)
			}
			u := presign(t, api, "Bearer "+key, "Wallet.sol")
			put(t, u, []byte(vulnerable))
			rep := scanReport(t, call(t, "POST", api.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
			if rep.ScanStatus != report.StatusDone || rep.MultiFileScanSummary.IssuesCount != 2 {
				t.Fatalf("scan through the api role: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
			}
			select {
			case body := <-hooks:
				if !strings.Contains(body, rep.ScanID) || !strings.Contains(body, "scan_done") {
					t.Fatalf("webhook: %s", body)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("no webhook delivered")
			}
			// The worker role serves no API.
			if r := call(t, "POST", worker.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": rep.ScanID}); r.status != 404 {
				t.Fatalf("worker answered the API: %d", r.status)
			}
		})
	}
}

// On PostgreSQL, a worker killed with SIGKILL mid-scan leaves its job running; once the job
// is past its time, River's rescuer gives it to a live worker, which counts the death and runs
// the scan (alone) to the end.
func TestKilledWorkerJobIsRescued(t *testing.T) {
	db, dir := pgtest.URL(t), t.TempDir()
	api := startServer(t, dir, &fakeEngine{}, func(c *server.Config) {
		c.Database, c.Role, c.ScanWait = db, server.RoleAPI, time.Millisecond
	})
	key, _ := api.newKey(t, "ci", 0)

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+dir, childDatabaseEnv+"="+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(out)
	next := func(prefix string) string {
		t.Helper()
		for lines.Scan() {
			if v, ok := strings.CutPrefix(lines.Text(), prefix+" "); ok {
				return v
			}
		}
		t.Fatalf("child worker exited before printing %q", prefix)
		return ""
	}
	next("url")
	u := presign(t, api, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	rep := scanReport(t, call(t, "POST", api.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
	if id := next("started"); id != rep.ScanID {
		t.Fatalf("child started %s, want %s", id, rep.ScanID)
	}
	cmd.Process.Kill()
	cmd.Wait()

	// A live worker that takes a job running 2 s past a 1 s scan timeout for stuck.
	startServer(t, dir, &fakeEngine{}, func(c *server.Config) {
		c.Database, c.Role, c.ScanTimeout, c.StuckAfter = db, server.RoleWorker, time.Second, time.Second
	})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := api.WaitScan(ctx, rep.ScanID); err != nil {
		t.Fatalf("the killed worker's scan was not rescued: %v", err)
	}
	sc, err := api.Store().GetScanAny(context.Background(), rep.ScanID)
	if err != nil || sc.Status != report.StatusDone || sc.Crashes != 1 || sc.Attempts != 2 {
		t.Fatalf("after rescue: %s %q crashes %d attempts %d %v", sc.Status, sc.ErrMsg, sc.Crashes, sc.Attempts, err)
	}
}
