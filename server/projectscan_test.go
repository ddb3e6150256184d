package server_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
)

func TestProjectScanOverGitAndRescanKeepsTriage(t *testing.T) {
	repo := newGitRepo(t, map[string]string{"src/Wallet.sol": vulnerable, "README.md": "# w"})
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	key, client := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key

	body := map[string]any{
		"project_url": repo.URL, "project_branch": "main", "skip_file_paths": []string{"test/"},
		"rescan": false, "provider": "github", "project_name": "wallet", "project_skip_files": []string{}, "unknown_field": 1,
	}
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan/", bearer, body))
	if rep.ScanStatus != report.StatusDone || rep.MultiFileScanStatus != report.StatusDone {
		t.Fatalf("scan_status %s (%s)", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
	if rep.ClientID != client || rep.ProjectSequenceID != 1 || rep.ProjectName != "wallet" || rep.ProjectURL != repo.URL ||
		rep.ProjectBranch != "main" || rep.ScanType != "project" || rep.ReportingStatus != "not_generated" ||
		rep.QuickFileScanDetails != rep.ScanID || rep.ProjectCommit == "" || len(rep.ScanInitTime) != len("2006-01-02T15:04:05.000000") {
		t.Fatalf("report header: %+v", rep)
	}
	if len(rep.MultiFileScanDetails) != 2 || rep.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("findings: %+v", rep.MultiFileScanDetails)
	}
	byIssue := map[string]*report.Finding{}
	for _, g := range rep.MultiFileScanDetails {
		if g.NoOfFindings != 1 {
			t.Fatalf("group %s: no_of_findings %d", g.IssueID, g.NoOfFindings)
		}
		f := g.MetricWiseAggregatedFindings[0]
		if f.BugStatus != report.BugPendingFix || f.ScanID != rep.ScanID || !strings.HasPrefix(f.BugID, "VG_1_") {
			t.Fatalf("finding: %+v", f)
		}
		byIssue[g.IssueID] = f
	}

	// Triage one finding, move the code down a few lines, rescan: same project, same bug ids,
	// the triage carried over by bug hash.
	sd := byIssue["UNPROTECTED_SELFDESTRUCT"]
	if err := a.Store().SetBugStatus(context.Background(), client, rep.ProjectID, sd.BugHash, report.BugWontFix); err != nil {
		t.Fatal(err)
	}
	repo.commit(t, map[string]string{"src/Wallet.sol": "// moved\n// down\n" + vulnerable})
	body["rescan"] = true
	body["project_url"] = repo.URL + "/" // same repository, other spelling
	re := scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan", bearer, body))
	if re.ScanID == rep.ScanID || re.ProjectID != rep.ProjectID || re.ProjectSequenceID != 1 || re.ProjectCommit == rep.ProjectCommit {
		t.Fatalf("rescan header: scan %s project %s seq %d commit %s", re.ScanID, re.ProjectID, re.ProjectSequenceID, re.ProjectCommit)
	}
	for _, g := range re.MultiFileScanDetails {
		f := g.MetricWiseAggregatedFindings[0]
		old := byIssue[g.IssueID]
		want := report.BugPendingFix
		if g.IssueID == "UNPROTECTED_SELFDESTRUCT" {
			want = report.BugWontFix
		}
		if f.BugID != old.BugID || f.BugStatus != want || f.Findings[0].LineNosStart[0] != old.Findings[0].LineNosStart[0]+2 {
			t.Fatalf("%s after rescan: %+v (before %+v)", g.IssueID, f, old)
		}
	}

	// Retrieval: own scan by id (with matching optional fields), another client's as missing.
	got := scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", bearer,
		map[string]any{"scan_id": rep.ScanID, "project_id": rep.ProjectID, "client_id": client, "scan_type": "project"}))
	if got.ScanID != rep.ScanID || len(got.MultiFileScanDetails) != 2 {
		t.Fatalf("get-scan: %+v", got)
	}
	for _, g := range got.MultiFileScanDetails {
		if f := g.MetricWiseAggregatedFindings[0]; f.BugHash == sd.BugHash && f.BugStatus != report.BugWontFix {
			t.Fatalf("get-scan shows stale triage %s", f.BugStatus)
		}
	}
	otherKey, _ := a.newKey(t, "other", 0)
	foreign := call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+otherKey, map[string]any{"scan_id": rep.ScanID})
	missing := call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+otherKey, map[string]any{"scan_id": "000000000000000000000000"})
	if foreign.status != 400 || missing.status != 400 || string(foreign.raw) != string(missing.raw) || foreign.body["error"] == nil {
		t.Fatalf("foreign scan %d %s, missing scan %d %s: want the same 400", foreign.status, foreign.raw, missing.status, missing.raw)
	}
	for _, mismatch := range []map[string]any{
		{"scan_id": rep.ScanID, "client_id": client + 1},
		{"scan_id": rep.ScanID, "project_id": "nope"},
		{"scan_id": rep.ScanID, "scan_type": "block"},
	} {
		if r := call(t, "POST", a.URL+"/private/api-get-scan/", bearer, mismatch); r.status != 400 || string(r.raw) != string(missing.raw) {
			t.Errorf("%v: %d %s", mismatch, r.status, r.raw)
		}
	}
	// The other client's project list starts at 1 too.
	orep := scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan/", "Bearer "+otherKey, map[string]any{"project_url": repo.URL}))
	if orep.ProjectID == rep.ProjectID || orep.ProjectSequenceID != 1 || orep.ProjectName != "repo" {
		t.Fatalf("other client's project: %s seq %d name %s", orep.ProjectID, orep.ProjectSequenceID, orep.ProjectName)
	}
}

func TestProjectScanFailuresAreReported(t *testing.T) {
	repo := newGitRepo(t, map[string]string{"README.md": "no sources"})
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	key, _ := a.newKey(t, "ci", 0)
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan/", "Bearer "+key,
		map[string]any{"project_url": repo.URL, "project_branch": "no-such-branch"}))
	t.Logf("missing branch: %s", rep.ScanStatusErrMsg)
	if rep.ScanStatus != report.StatusFailed || rep.ScanStatusErrMsg == "" {
		t.Fatalf("missing branch: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
	rep = scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan/", "Bearer "+key, map[string]any{"project_url": repo.URL}))
	if rep.ScanStatus != report.StatusFailed || !strings.Contains(rep.ScanStatusErrMsg, ".sol or .rs files") {
		t.Fatalf("no sources: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
	if strings.Contains(rep.ScanStatusErrMsg, a.URL) || strings.Contains(rep.ScanStatusErrMsg, "/tmp/") {
		t.Fatalf("error message shows server paths: %q", rep.ScanStatusErrMsg)
	}
}

func TestEnginePanicFailsTheScanNotTheServer(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{panics: true}, nil)
	key, _ := a.newKey(t, "ci", 0)
	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
	if rep.ScanStatus != report.StatusFailed || !strings.Contains(rep.ScanStatusErrMsg, "internal error") || strings.Contains(rep.ScanStatusErrMsg, "index out of range") {
		t.Fatalf("panicking engine: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
	if r := call(t, "GET", a.URL+"/healthz", "", nil); r.status != 200 {
		t.Fatalf("server after the panic: %d", r.status)
	}
}

// Credentials in a repository URL are used for the clone and never shown: not in the report,
// not in the logs.
func TestRepositoryCredentialsNeverShown(t *testing.T) {
	repo := newGitRepo(t, map[string]string{"src/Wallet.sol": vulnerable})
	var logs syncBuffer
	a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) {
		c.Logger = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	key, _ := a.newKey(t, "ci", 0)
	withCreds := strings.Replace(repo.URL, "http://", "http://deploy:s3cret-token-value@", 1)
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan/", "Bearer "+key, map[string]any{"project_url": withCreds}))
	got := call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": rep.ScanID})
	for _, secret := range []string{"s3cret-token-value", key} {
		if strings.Contains(string(got.raw), secret) || strings.Contains(logs.String(), secret) {
			t.Errorf("%q shown in the report or the logs", secret)
		}
	}
	if rep.ScanStatus != report.StatusDone {
		t.Fatalf("scan with credentials: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
