package web_test

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

// reportingEngine reports a known progress at the start of each scan, then runs it with the
// engine it wraps.
type reportingEngine struct {
	engine.Engine
	progress scan.Progress
}

func (e reportingEngine) Scan(ctx context.Context, ws *workspace.Workspace, opts engine.ScanOptions) (*report.ScanReport, error) {
	opts.Progress(e.progress)
	return e.Engine.Scan(ctx, ws, opts)
}

// The progress the engine reports in a worker reaches the scan page an api server serves (two
// servers with their own store handles on one database, as two processes): as server-sent
// events, and rendered in the page itself (what a browser without JavaScript shows, with its
// refresh), then the findings once the scan ends.
func TestScanPageShowsEngineProgress(t *testing.T) {
	// The scan is held after its progress is reported: surely running while the test looks.
	held := heldEngine{Engine: engine.New(scan.Options{}), release: make(chan struct{})}
	dir := t.TempDir()
	d := newDashWith(t, engine.New(scan.Options{}), func(c *server.Config) { c.DataDir, c.Role = dir, server.RoleAPI })
	newDashWith(t, reportingEngine{held, scan.Progress{Phase: scan.PhaseAnalysing, FilesDone: 3, FilesTotal: 7, Findings: 2}},
		func(c *server.Config) { c.DataDir, c.Role = dir, server.RoleWorker })
	released := false
	release := func() {
		if !released {
			released = true
			close(held.release)
		}
	}
	defer release()
	b, scanID := scanVault(t, d)

	// Events come as the scan's state changes; read them until the engine's progress arrives.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, d.ts.URL+"/scans/"+scanID+"/events", nil)
	resp, err := b.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	want := `"phase":"Analysing the contracts","detail":"3 of 7 files · 2 findings so far","done":3,"total":7`
	for found := false; !found; {
		if !lines.Scan() {
			t.Fatalf("the event stream ended without the engine's progress: %v", lines.Err())
		}
		found = strings.HasPrefix(lines.Text(), "data: ") && strings.Contains(lines.Text(), want)
	}
	cancel()

	p := b.get("/scans/" + scanID)
	mustContain(t, p, `<strong id="progress-phase">Analysing the contracts</strong>`,
		`<span id="progress-detail">3 of 7 files · 2 findings so far</span>`, `value="3" max="7"`,
		`http-equiv="refresh"`, `<a href="/scans/`+scanID+`">Refresh</a>`)
	checkStrictPage(t, p)

	release()
	waitScan(t, d, scanID)
	p = b.get("/scans/" + scanID)
	mustContain(t, p, `id="findings"`, "Authorization through tx.origin")
	if strings.Contains(p.body, `id="progress"`) {
		t.Fatal("the finished scan's page still shows progress")
	}
}

// scanVault signs a new client in and adds a project of testdata/Vault.sol from a git
// repository; it returns the client's browser and the scan's id.
func scanVault(t *testing.T, d *dash) (*browser, string) {
	t.Helper()
	src, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	repo := gittest.NewServer(t).NewRepo(t, "vault")
	repo.Commit(t, "initial", map[string]string{"Vault.sol": string(src)})
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/")
	return b, strings.TrimPrefix(b.post("/projects", url.Values{"url": {repo.URL}}).header.Get("Location"), "/scans/")
}
