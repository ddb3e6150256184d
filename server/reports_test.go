package server_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

// TestReportGenerationAndDownload generates the PDF and HTML report of a real scan through the
// private API and downloads both through signed links.
func TestReportGenerationAndDownload(t *testing.T) {
	blobStores(t, testReportGenerationAndDownload)
}

func testReportGenerationAndDownload(t *testing.T, blobs func(*server.Config)) {
	repo := newGitRepo(t, map[string]string{"contracts/Wallet.sol": vulnerable})
	a := startServer(t, t.TempDir(), engine.New(scan.Options{}), blobs)
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-project-scan/", bearer, map[string]any{"project_url": repo.URL, "project_branch": "main"}))
	if rep.ScanStatus != "scan_done" || rep.ReportingStatus != "not_generated" {
		t.Fatalf("scan: %s %s", rep.ScanStatus, rep.ReportingStatus)
	}
	// Asking for a download before generating says so.
	if res := call(t, "POST", a.URL+"/private/api-get-report/", bearer, map[string]any{"scan_id": rep.ScanID}); res.status != 400 {
		t.Errorf("download before generation: %d", res.status)
	}
	first := generateReport(t, a, bearer, rep)
	for format, link := range first {
		resp, err := http.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch format {
		case "pdf":
			if resp.StatusCode != 200 || !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Errorf("pdf download: %d %q", resp.StatusCode, data[:min(len(data), 20)])
			}
		case "html":
			if resp.StatusCode != 200 || !strings.Contains(string(data), "Wallet.sol") || !strings.Contains(string(data), "selfdestruct(payable(msg.sender))") {
				t.Errorf("html download: %d, excerpts or findings missing", resp.StatusCode)
			}
		}
		// A tampered link is refused.
		if resp, err := http.Get(strings.Replace(link, "signature=", "signature=00", 1)); err == nil {
			if resp.StatusCode != 403 {
				t.Errorf("tampered link: %d", resp.StatusCode)
			}
			resp.Body.Close()
		}
	}
	// A new generation replaces the report: the superseded files go, so that deleting the
	// project later leaves none behind; the new links work.
	for format, link := range generateReport(t, a, bearer, rep) {
		// The files go just after the new report is recorded, which the wait above saw.
		for deadline := time.Now().Add(30 * time.Second); getStatus(t, first[format]) != http.StatusNotFound; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("the superseded %s is still served", format)
			}
		}
		if status := getStatus(t, link); status != http.StatusOK {
			t.Errorf("regenerated %s: %d", format, status)
		}
	}
	// Another client cannot generate or fetch this scan's report.
	other, _ := a.newKey(t, "other", 0)
	if res := call(t, "POST", a.URL+"/private/api-generate-report/", "Bearer "+other, map[string]any{"project_id": rep.ProjectID, "scan_id": rep.ScanID}); res.status != 400 {
		t.Errorf("foreign generate: %d", res.status)
	}
	if res := call(t, "POST", a.URL+"/private/api-generate-report/", bearer, map[string]any{"scan_id": rep.ScanID}); res.status != 400 || !strings.Contains(string(res.raw), "project_id") {
		t.Errorf("missing project_id: %d %s", res.status, res.raw)
	}
}

// generateReport asks for a finished scan's report, waits for reporting_status
// report_generated, and returns the download links by format (pdf, html).
func generateReport(t *testing.T, a *apiServer, bearer string, rep *report.ScanReport) map[string]string {
	t.Helper()
	res := call(t, "POST", a.URL+"/private/api-generate-report/", bearer, map[string]any{"project_id": rep.ProjectID, "scan_id": rep.ScanID, "scan_type": "project"})
	if res.status != 200 || res.body["status"] != "started" || res.body["scan_id"] != rep.ScanID {
		t.Fatalf("generate: %d %s", res.status, res.raw)
	}
	// reporting_status moves to report_generated.
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", bearer, map[string]any{"scan_id": rep.ScanID, "project_id": rep.ProjectID}))
		if got.ReportingStatus == "report_generated" {
			break
		}
		if got.ReportingStatus != "generating_report" || time.Now().After(deadline) {
			t.Fatalf("reporting_status %s %s", got.ReportingStatus, got.ReportingErrMsg)
		}
		time.Sleep(20 * time.Millisecond)
	}
	links := map[string]string{}
	for _, format := range []string{"pdf", "html"} {
		res := call(t, "POST", a.URL+"/private/api-get-report/", bearer, map[string]any{"scan_id": rep.ScanID, "format": format})
		result, _ := res.body["result"].(map[string]any)
		link, _ := result["url"].(string)
		if res.status != 200 || link == "" {
			t.Fatalf("%s link: %d %s", format, res.status, res.raw)
		}
		links[format] = link
	}
	return links
}

func getStatus(t *testing.T, link string) int {
	t.Helper()
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
