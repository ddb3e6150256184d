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
)

// heldEngine is the real engine, except that each scan first reports a known progress and
// then waits for the test to let it go on: the scan is surely running while the test looks.
type heldEngine struct {
	server.Engine
	release chan struct{}
}

func (e heldEngine) Scan(ctx context.Context, ws *workspace.Workspace, opts server.ScanOptions) (*report.ScanReport, error) {
	opts.Progress(scan.Progress{Phase: scan.PhaseAnalysing, FilesDone: 3, FilesTotal: 7, Findings: 2})
	select {
	case <-e.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return e.Engine.Scan(ctx, ws, opts)
}

// The progress the engine reports in the worker reaches the scan page through the store: as
// server-sent events, and rendered in the page itself (what a browser without JavaScript
// shows, with its refresh), then the findings once the scan ends.
func TestScanPageShowsEngineProgress(t *testing.T) {
	eng := heldEngine{Engine: server.ScanEngine(scan.Options{}), release: make(chan struct{})}
	d := newDashWith(t, eng)
	released := false
	release := func() {
		if !released {
			released = true
			close(eng.release)
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
