package server_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/blob/s3test"
	"github.com/vigil-sec/vigil/server/engine"
)

// fakeEngine is a test double of the scanning engine: it reports one finding per line that
// calls selfdestruct or tx.origin in the workspace's Solidity files, with a bug hash made of
// the file path and the line's text (so it survives unrelated lines moving). It is not the
// engine; the lead's end-to-end tests run the real one.
type fakeEngine struct {
	// started, when set, receives the scan id as each scan starts; block makes scans wait for
	// their context to end (a scan in flight when the server stops).
	started chan string
	block   bool
	panics  bool // the engine panics, like a parser bug met by hostile input
	// poison names a marker: a scan whose sources hold it stops at its memory budget (with
	// the scan package's budget error, as the real engine returns it) or, with crash, kills
	// the whole process as a fatal error (out of memory, stack overflow) would.
	poison string
	crash  bool
	// release, when set, holds scans of healthy input until it is closed; with hold set, only
	// the scans whose sources contain hold.
	release chan struct{}
	hold    string
}

// holds says whether the workspace's sources contain the engine's hold marker.
func (e *fakeEngine) holds(ws *workspace.Workspace) bool {
	for _, f := range ws.Sources(false) {
		if src, err := ws.ReadFile(f.Path); err == nil && bytes.Contains(src, []byte(e.hold)) {
			return true
		}
	}
	return false
}

// poisoned returns the first source file holding the engine's poison marker, or "".
func (e *fakeEngine) poisoned(ws *workspace.Workspace) string {
	if e.poison == "" {
		return ""
	}
	for _, f := range ws.Sources(false) {
		if src, err := ws.ReadFile(f.Path); err == nil && bytes.Contains(src, []byte(e.poison)) {
			return f.Path
		}
	}
	return ""
}

func (e *fakeEngine) Scan(ctx context.Context, ws *workspace.Workspace, opts engine.ScanOptions) (*report.ScanReport, error) {
	if e.started != nil {
		e.started <- opts.ScanID
	}
	if file := e.poisoned(ws); file != "" {
		if e.crash {
			fmt.Printf("crashing %s\n", opts.ScanID) // for the test driving this child process
			os.Exit(3)                               // no deferred function, no recover: the process is gone
		}
		return nil, &scan.BudgetError{Budget: "memory", Where: file, Limit: "64 MiB"}
	}
	if e.release != nil && (e.hold == "" || e.holds(ws)) {
		select {
		case <-e.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if e.block {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	if e.panics {
		panic("index out of range [3] with length 3")
	}
	groups := map[string]*report.Group{}
	var order []string
	sum := &report.Summary{IssueSeverityDistribution: report.NewDistribution(), ScansRan: []string{"static_template_based"}, Score: "4.5", ScoreV2: "90"}
	for _, f := range ws.Sources(false) {
		src, err := ws.ReadFile(f.Path)
		if err != nil {
			return nil, err
		}
		sum.CountFilesAnalyzed++
		sum.LinesAnalyzedCount += f.Lines
		for i, line := range strings.Split(string(src), "\n") {
			id, sev := "", ""
			switch {
			case strings.Contains(line, "selfdestruct"):
				id, sev = "UNPROTECTED_SELFDESTRUCT", "high"
			case strings.Contains(line, "tx.origin"):
				id, sev = "TX_ORIGIN_AUTH", "medium"
			default:
				continue
			}
			g := groups[id]
			if g == nil {
				g = &report.Group{IssueID: id, TemplateDetails: &report.Template{IssueID: id, IssueName: id, IssueSeverity: sev}}
				groups[id] = g
				order = append(order, id)
			}
			h := sha256.Sum256([]byte(f.Path + "\x00" + strings.TrimSpace(line)))
			g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &report.Finding{
				BugHash:            base64.RawURLEncoding.EncodeToString(h[:12]),
				DescriptionDetails: map[string]string{},
				Findings:           []*report.Location{{FilePath: f.Path, LineNosStart: []int{i + 1}, LineNosEnd: []int{i + 1}}},
			})
			sum.IssueSeverityDistribution[sev]++
			sum.IssuesCount++
		}
	}
	rep := &report.ScanReport{MultiFileScanSummary: sum, MultiFileScanDetails: []*report.Group{}}
	for _, id := range order {
		rep.MultiFileScanDetails = append(rep.MultiFileScanDetails, groups[id])
	}
	return rep, nil
}

const vulnerable = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Wallet {
    address owner;
    function kill() external {
        require(tx.origin == owner);
        selfdestruct(payable(msg.sender));
    }
}
`

// apiServer is a real server on a loopback listener with a real SQLite file.
type apiServer struct {
	*server.Server
	URL  string
	http *httptest.Server
	// uploads is where upload URLs point: the server's /uploads/, or the S3 store's folder of
	// uploads when the store signs them.
	uploads string
	blobs   blob.Store // the blob store given in Config.Blobs, if any
}

// blobStores runs a test twice: on the default blob store (the data folder) and on a real
// S3-compatible server (versitygw), whose Config tweak it passes.
func blobStores(t *testing.T, run func(t *testing.T, blobs func(*server.Config))) {
	t.Run("local", func(t *testing.T) { run(t, func(*server.Config) {}) })
	t.Run("s3", func(t *testing.T) {
		st := s3test.Start(t).NewStore(t, "vigil")
		run(t, func(c *server.Config) { c.Blobs = st })
	})
}

func startServer(t testing.TB, dataDir string, eng engine.Engine, tweak func(*server.Config)) *apiServer {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	cfg := server.Config{
		DataDir: dataDir, Listen: ts.Listener.Addr().String(), PublicURL: "http://" + ts.Listener.Addr().String(),
		AllowPrivateNetworks: true, ScanWait: 20 * time.Second, WebhookBackoff: 10 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	if tweak != nil {
		tweak(&cfg)
	}
	srv, err := server.New(cfg, eng)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = srv.Handler()
	ts.Start()
	a := &apiServer{Server: srv, URL: ts.URL, http: ts, uploads: ts.URL + "/uploads/", blobs: cfg.Blobs}
	if cfg.Blobs != nil && cfg.Blobs.URL("blobs/") != "" {
		a.uploads = cfg.Blobs.URL("blobs/")
	}
	t.Cleanup(a.stop)
	return a
}

// stop closes the listener and the server, as a shutdown does.
func (a *apiServer) stop() {
	a.http.Close()
	a.Close(context.Background())
}

func (a *apiServer) newKey(t testing.TB, name string, client int64) (string, int64) {
	t.Helper()
	key, rec, err := auth.Create(context.Background(), a.Store(), name, client)
	if err != nil {
		t.Fatal(err)
	}
	return key, rec.ClientID
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
}

func call(t testing.TB, method, url, authz string, body any) answer {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header, raw: raw}
	json.Unmarshal(raw, &a.body)
	return a
}

func scanReport(t testing.TB, a answer) *report.ScanReport {
	t.Helper()
	if a.status != 200 {
		t.Fatalf("status %d: %s", a.status, a.raw)
	}
	var env report.Envelope
	if err := json.Unmarshal(a.raw, &env); err != nil || env.ScanReport == nil {
		t.Fatalf("not a scan_report: %v %s", err, a.raw)
	}
	return env.ScanReport
}

// gitRepo is a repository served over smart HTTP by git's own http-backend on loopback
// (scan/workspace/gittest).
type gitRepo struct{ *gittest.Repo }

func newGitRepo(t *testing.T, files map[string]string) *gitRepo {
	t.Helper()
	r := gittest.NewServer(t).NewRepo(t, "repo")
	r.Commit(t, "initial", files)
	return &gitRepo{r}
}

// commit writes files, commits them and updates the served repository.
func (g *gitRepo) commit(t *testing.T, files map[string]string) {
	t.Helper()
	g.Repo.Commit(t, "change", files)
}
