package repoapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/repoapi"
)

// The whole protocol against the real server and engine: connect, initiate, scan_in_progress
// then scan_done with the fixture's findings, the same scan over REST.
func TestScanOverWebSocketEndToEnd(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil) // no secret: no CAPTCHA
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, nil))

	first := c.readStatus()
	if first.Payload.ScanStatus != report.StatusInProgress || first.Payload.ScanDetails.ScanStatus != report.StatusInProgress {
		t.Fatalf("first status %+v", first.Payload)
	}
	if len(first.RequestUUID) != 36 || first.Payload.ScanID == "" || first.Payload.ProjectID == nil || *first.Payload.ProjectID == "" {
		t.Fatalf("ids: %+v", first)
	}
	if first.Payload.ScanDetails.QuickFileScanDetails == nil || first.Payload.ScanDetails.IsLatestScan == nil ||
		first.Payload.ScanDetails.WebhookEnabled == nil || first.Payload.ScanDetails.MultiFileScanSummary.ScanTimeTaken == nil {
		t.Fatalf("scan_details fields missing: %+v", first.Payload.ScanDetails)
	}

	done := c.readStatus()
	if done.RequestUUID != first.RequestUUID || done.Payload.ScanID != first.Payload.ScanID {
		t.Fatalf("request_uuid/scan_id not echoed: %+v vs %+v", done, first)
	}
	d := done.Payload.ScanDetails
	if done.Payload.ScanStatus != report.StatusDone || d.ScanStatus != report.StatusDone || d.ScanStatusErrMsg != "" {
		t.Fatalf("final status %s (%s)", done.Payload.ScanStatus, d.ScanStatusErrMsg)
	}
	if !*d.IsLatestScan || *d.WebhookEnabled || d.ProjectURL != e.repo.URL || d.ScanID != done.Payload.ScanID {
		t.Fatalf("scan_details: %+v", d)
	}
	dist := d.MultiFileScanSummary.IssueSeverityDistribution
	if _, ok := dist["gas"]; ok || len(dist) != 5 {
		t.Fatalf("issue_severity_distribution %v (5 keys, no gas)", dist)
	}
	if d.MultiFileScanSummary.LinesAnalyzedCount == 0 || d.MultiFileScanSummary.ScoreV2 == "" || string(d.MultiFileScanSummary.ThreatScore) == "" {
		t.Fatalf("summary: %+v", d.MultiFileScanSummary)
	}
	signer := 0
	for _, f := range d.QuickFileScanDetails {
		for _, k := range []string{"detector_id", "title", "severity", "confidence", "file_path"} {
			s, _ := f[k].(string)
			if s == "" {
				t.Fatalf("finding without %s: %v", k, f)
			}
		}
		if f["severity"] != strings.ToLower(f["severity"].(string)) || !oneOf(f["confidence"], "high", "medium", "low") {
			t.Fatalf("severity/confidence not lower case: %v", f)
		}
		if f["detector_id"] == "SOLANA_MISSING_SIGNER_CHECK" {
			signer++
			if f["file_path"] != "src/lib.rs" || f["severity"] != "critical" || len(f["line_nos_start"].([]any)) == 0 {
				t.Fatalf("signer finding: %v", f)
			}
		}
	}
	// The fixture has two `// want "SOLANA_MISSING_SIGNER_CHECK"` lines.
	if signer != 2 || d.MultiFileScanSummary.IssueSeverityDistribution["critical"] < 2 {
		t.Fatalf("want 2 missing signer findings, got %d in %v", signer, d.QuickFileScanDetails)
	}

	// The same scan over REST (SPEC 2.6).
	code, m := e.details(t, fmt.Sprintf(`{"scan_id":%q}`, done.Payload.ScanID))
	if code != 200 || m["scan_id"] != done.Payload.ScanID {
		t.Fatalf("details %d %v", code, m)
	}
	sd := m["scan_details"].(map[string]any)
	for _, k := range []string{"scan_id", "project_url", "project_name", "scan_type", "is_zip_scan", "project_icon",
		"quick_file_scan_details", "findings_count", "source_file", "multi_file_scan_summary", "project_id"} {
		if _, ok := sd[k]; !ok {
			t.Fatalf("scan_details without %s: %v", k, sd)
		}
	}
	if sd["project_name"] != "signer" || sd["scan_type"] != "git" || sd["is_zip_scan"] != false || sd["project_id"] != *done.Payload.ProjectID ||
		int(sd["findings_count"].(float64)) != len(d.QuickFileScanDetails) || len(sd["quick_file_scan_details"].([]any)) != len(d.QuickFileScanDetails) {
		t.Fatalf("scan_details: %v", sd)
	}
	sum := sd["multi_file_scan_summary"].(map[string]any)
	if _, ok := sum["issue_severity_distribution"].(map[string]any)["gas"]; ok {
		t.Fatalf("gas in details distribution: %v", sum)
	}
	if _, ok := sum["score"]; ok || sum["score_rating"] == "" || sum["score_v2"] == nil {
		t.Fatalf("summary: score_v2 and score_rating only: %v", sum)
	}

	// A second scan of the same project: the first is no longer the latest.
	c.send(initiate(e.repo.URL, map[string]any{}))
	c.readStatus()
	again := c.readStatus()
	if again.Payload.ScanStatus != report.StatusDone || *again.Payload.ProjectID != *done.Payload.ProjectID || !*again.Payload.ScanDetails.IsLatestScan {
		t.Fatalf("rescan: %+v", again.Payload)
	}
}

func oneOf(v any, allowed ...string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

func TestScanFailureCarriesMessage(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil)
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	msg := initiate(e.repo.URL, nil)
	msg["payload"].(map[string]any)["body"].(map[string]any)["project_branch"] = "no-such-branch"
	c.readStatus()
	c.readStatus()
	c.send(msg)
	if s := c.readStatus(); s.Payload.ScanStatus != report.StatusInProgress {
		t.Fatalf("first: %+v", s.Payload)
	}
	s := c.readStatus()
	if s.Payload.ScanStatus != report.StatusFailed || s.Payload.ScanDetails.ScanStatusErrMsg == "" {
		t.Fatalf("want scan_failed with a message: %+v", s.Payload)
	}
	code, m := e.details(t, fmt.Sprintf(`{"scan_id":%q}`, s.Payload.ScanID))
	if sd := m["scan_details"].(map[string]any); code != 200 || sd["scan_status"] != report.StatusFailed || sd["scan_status_err_msg"] == "" {
		t.Fatalf("details of a failed scan: %d %v", code, m)
	}
}

func TestDetailsErrors(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil)
	for _, tc := range []struct {
		body string
		code int
	}{
		{`{"scan_id":"0123456789"}`, 404},
		{`{}`, 400},
		{`{"scan_id":7}`, 400},
		{`[1,2]`, 400},
		{`{"scan_id":`, 400},
	} {
		code, m := e.details(t, tc.body)
		if code != tc.code || m["error"] == "" || m["error"] == nil {
			t.Errorf("%s: %d %v, want %d with error", tc.body, code, m, tc.code)
		}
	}
}

// reportServer adds the report generation the lead is building, as a stand-in recording its
// calls, so the protocol can be driven before it exists.
type reportServer struct {
	*repoapi.ServerScans
	mu    sync.Mutex
	calls []string
}

func (r *reportServer) GenerateRepoReport(ctx context.Context, scanID, reportID string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, scanID+"/"+reportID)
	if reportID == "" {
		reportID = "rep-" + scanID
	}
	return reportID, nil
}

// hidden offers only the Scans methods: a server without report generation.
type hidden struct{ repoapi.Scans }

func TestGenerateReport(t *testing.T) {
	var rs *reportServer
	e := setup(t, repoapi.Config{}, func(s *server.Server) repoapi.Scans { rs = &reportServer{ServerScans: s.RepoScans()}; return rs })
	c, connID := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	c.readStatus()
	done := c.readStatus()
	gen := func(body map[string]any) {
		c.send(map[string]any{"action": "message", "payload": map[string]any{"type": "generate_report", "body": body}})
	}
	body := map[string]any{"project_id": *done.Payload.ProjectID, "scan_id": done.Payload.ScanID, "report_id": nil,
		"scanner_type": "rust", "connection_id": connID}
	gen(body)
	m := c.read()
	p := m["payload"].(map[string]any)
	if m["type"] != "report_generation_status" || p["report_status"] != "report_generated" || p["report_id"] != "rep-"+done.Payload.ScanID ||
		p["scan_id"] != done.Payload.ScanID || p["project_id"] != *done.Payload.ProjectID || m["event_timestamp"] == "" {
		t.Fatalf("report status: %v", m)
	}
	body["report_id"] = "rep-old"
	gen(body)
	if p := c.read()["payload"].(map[string]any); p["report_id"] != "rep-old" {
		t.Fatalf("regeneration: %v", p)
	}
	body["project_id"] = "someone-else"
	gen(body)
	c.expectError("invalid_field", "payload.body.project_id")
	body["project_id"], body["scan_id"] = *done.Payload.ProjectID, "nope"
	gen(body)
	c.expectError("scan_not_found", "payload.body.scan_id")
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.calls) != 2 || rs.calls[0] != done.Payload.ScanID+"/" {
		t.Fatalf("calls %v", rs.calls)
	}

	// Without report generation on the server: an error message, not silence.
	e2 := setup(t, repoapi.Config{}, func(s *server.Server) repoapi.Scans { return hidden{s.RepoScans()} })
	c2, _ := e2.dial(t)
	c2.send(initiate(e2.repo.URL, nil))
	c2.readStatus()
	done2 := c2.readStatus()
	c2.send(map[string]any{"action": "message", "payload": map[string]any{"type": "generate_report",
		"body": map[string]any{"project_id": *done2.Payload.ProjectID, "scan_id": done2.Payload.ScanID}}})
	c2.expectError("report_unavailable", "")
}

// The server's own report generation: a report id, and download links that serve a PDF.
func TestGenerateReportWithServer(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil)
	c, connID := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	c.readStatus()
	done := c.readStatus()
	c.send(map[string]any{"action": "message", "payload": map[string]any{"type": "generate_report", "body": map[string]any{
		"project_id": *done.Payload.ProjectID, "scan_id": done.Payload.ScanID, "report_id": nil, "scanner_type": "rust", "connection_id": connID}}})
	m := c.read()
	p := m["payload"].(map[string]any)
	id, _ := p["report_id"].(string)
	if m["type"] != "report_generation_status" || p["report_status"] != "report_generated" || id == "" {
		t.Fatalf("report status: %v", m)
	}
	urls, _ := p["report_urls"].(map[string]any)
	pdfURL, _ := urls["pdf"].(string)
	if pdfURL == "" {
		t.Fatalf("no pdf link: %v", p)
	}
	resp, err := http.Get(pdfURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	head := make([]byte, 5)
	if _, err := io.ReadFull(resp.Body, head); err != nil || resp.StatusCode != 200 || string(head) != "%PDF-" {
		t.Fatalf("pdf download: %d %q %v", resp.StatusCode, head, err)
	}
}

// Close ends open connections with 1001 and refuses new ones; the scan they followed goes on.
func TestCloseEndsConnections(t *testing.T) {
	e := setup(t, repoapi.Config{}, nil)
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, nil))
	first := c.readStatus()
	closed := make(chan struct{})
	go func() { e.api.Close(); close(closed) }()
	for {
		_, _, err := c.ws.Read(bounded(t))
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusGoingAway {
				t.Fatalf("want close 1001, got %v", err)
			}
			break
		}
	}
	<-closed
	// A new connection is closed at once with 1001, before any message.
	ws, _, err := websocket.Dial(bounded(t), "ws"+strings.TrimPrefix(e.http.URL, "http")+"/app/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if _, b, err := ws.Read(bounded(t)); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("after Close: %s %v", b, err)
	}
	if err := e.srv.WaitScan(bounded(t), first.Payload.ScanID); err != nil {
		t.Fatal(err)
	}
	_, m := e.details(t, fmt.Sprintf(`{"scan_id":%q}`, first.Payload.ScanID))
	if sd := m["scan_details"].(map[string]any); sd["scan_status"] != report.StatusDone {
		t.Fatalf("%v", m)
	}
}
