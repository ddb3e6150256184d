package web_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
)

// A finding dismissed as a false positive or won't fix leaves the counts and the score, and is
// counted as dismissed, on the scan page, in the downloaded reports and in the private API's
// summary; the scan page shows the score near the top, the diagnostics as one notice, and the
// statuses in the words every format uses.
func TestTriageLeavesCountsAndScore(t *testing.T) {
	d := newDash(t)
	b, id, key := bigScanKey(t, d, 20)
	before := jsonReport(t, b, id).MultiFileScanSummary
	if before.IssuesCount != 20 || before.DismissedCount != 0 {
		t.Fatalf("before triage: %+v", before)
	}
	hash := jsonReport(t, b, id).MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].BugHash
	b.get("/scans/" + id + "/findings/" + url.PathEscape(hash)) // the form's CSRF token
	if p := b.post("/scans/"+id+"/findings/"+url.PathEscape(hash)+"/triage", url.Values{"status": {report.BugWontFix}}); p.status >= 400 {
		t.Fatalf("triage: %d %s", p.status, p.body)
	}
	after := jsonReport(t, b, id).MultiFileScanSummary
	if after.IssuesCount != 19 || after.DismissedCount != 1 || after.ScoreV2 == before.ScoreV2 {
		t.Errorf("after triage: %d issues, %d dismissed, score %s (was %s)", after.IssuesCount, after.DismissedCount, after.ScoreV2, before.ScoreV2)
	}
	p := b.get("/scans/" + id)
	mustContain(t, p, "19 issues", "1 dismissed", "Won&#39;t fix")
	if strings.Index(p.body, `class="score"`) > strings.Index(p.body, `id="status"`) {
		t.Error("the score is below the status and diagnostics")
	}

	// The private API's summary is the triaged one too.
	body, _ := json.Marshal(map[string]string{"scan_id": id})
	req, _ := http.NewRequest(http.MethodPost, d.ts.URL+"/private/api-get-scan/", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var api struct {
		ScanReport struct {
			Summary map[string]any `json:"multi_file_scan_summary"`
		} `json:"scan_report"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&api); err != nil {
		t.Fatalf("API: %d %v", resp.StatusCode, err)
	}
	if s := api.ScanReport.Summary; s["issues_count"] != 19.0 || s["dismissed_count"] != 1.0 || s["score_v2"] != after.ScoreV2 {
		t.Errorf("API summary: %v", s)
	}
	if p := b.get("/scans/" + id + "/report/markdown"); !strings.Contains(p.body, "1 dismissed by triage") ||
		!strings.Contains(p.body, "19 issues") {
		t.Errorf("markdown report:\n%.1500s", p.body)
	}
	// The PDF, read back by an independent reader.
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("VIGIL_CI") != "" {
			t.Fatal("pdftotext (poppler-utils) not installed")
		}
		t.Skip("pdftotext (poppler-utils) not installed: the PDF is not checked")
	}
	pdf := filepath.Join(t.TempDir(), "r.pdf")
	os.WriteFile(pdf, []byte(b.get("/scans/"+id+"/report/pdf").body), 0o644)
	out, err := exec.Command(tool, "-enc", "UTF-8", pdf, "-").Output()
	text := strings.Join(strings.Fields(string(out)), " ")
	if err != nil || !strings.Contains(text, "19 issues found") || !strings.Contains(text, "1 dismissed by triage") || !strings.Contains(text, "Won't fix") {
		t.Errorf("PDF text (%v): %.3000s", err, text)
	}
}
