package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
)

// bigScan records a finished scan of n findings (over 25 templates and every severity) for a
// new client, and returns a signed-in browser of that client and the scan's id.
func bigScan(t testing.TB, d *dash, n int) (*browser, string) {
	t.Helper()
	b, id, _ := bigScanKey(t, d, n)
	return b, id
}

// bigScanKey is bigScan that also returns the client's API key.
func bigScanKey(t testing.TB, d *dash, n int) (*browser, string, string) {
	t.Helper()
	ctx := context.Background()
	st := d.srv.Store()
	key, rec, err := auth.Create(ctx, st, "bench", 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.EnsureProject(ctx, store.Project{ClientID: rec.ClientID, SourceKey: "upload:big", Name: "big"})
	if err != nil {
		t.Fatal(err)
	}
	rep := &report.ScanReport{MultiFileScanSummary: &report.Summary{IssueSeverityDistribution: report.NewDistribution(), ScoreV2: "42"}}
	var findings []store.Finding
	for i := range n {
		if i%40 == 0 {
			tmpl := i / 40
			sev := report.Severities[tmpl%len(report.Severities)]
			rep.MultiFileScanDetails = append(rep.MultiFileScanDetails, &report.Group{IssueID: fmt.Sprintf("ISSUE_%d", tmpl),
				TemplateDetails: &report.Template{IssueID: fmt.Sprintf("ISSUE_%d", tmpl), IssueName: fmt.Sprintf("Issue number %d", tmpl),
					IssueSeverity: sev, IssueDescription: "<p>Function ${function_name} of ${contract_name} does a thing.</p>",
					IssueRemediation: "<p>Do not.</p>"}})
		}
		g := rep.MultiFileScanDetails[len(rep.MultiFileScanDetails)-1]
		hash := fmt.Sprintf("hash%06d", i)
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &report.Finding{
			BugHash: hash, BugID: fmt.Sprintf("VG_1_%d", i+1), BugStatus: report.BugPendingFix,
			DescriptionDetails: map[string]string{"contract_name": fmt.Sprintf("Contract%d", i%17), "function_name": fmt.Sprintf("f%d", i)},
			Findings:           []*report.Location{{FilePath: fmt.Sprintf("contracts/File%d.sol", i%31), LineNosStart: []int{i%300 + 1}, LineNosEnd: []int{i%300 + 3}}},
		})
		rep.MultiFileScanSummary.IssueSeverityDistribution[g.TemplateDetails.IssueSeverity]++
		findings = append(findings, store.Finding{BugHash: hash, BugID: fmt.Sprintf("VG_1_%d", i+1), Status: report.BugPendingFix})
	}
	for _, g := range rep.MultiFileScanDetails {
		g.NoOfFindings = len(g.MetricWiseAggregatedFindings)
	}
	rep.MultiFileScanSummary.IssuesCount = n
	body, _ := json.Marshal(rep)
	now := time.Now().UTC()
	sc := store.Scan{ID: store.NewID(), ClientID: rec.ClientID, ProjectID: p.ID, ScanType: report.ScanTypeProject, Source: "upload",
		Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: []byte(`{}`), CreatedAt: now}
	if err := st.CreateScan(ctx, sc); err != nil {
		t.Fatal(err)
	}
	if err := st.FinishScan(ctx, sc.ID, report.StatusDone, "", body, findings, now); err != nil {
		t.Fatal(err)
	}
	b := d.browser(t)
	b.login(key)
	return b, sc.ID, key
}

// TestScanPageOf1000Findings renders the page of a scan with 1,000 findings (its first page of
// 200) and prints the server time and the size (the goal is under 300 ms; figures are printed,
// not asserted).
func TestScanPageOf1000Findings(t *testing.T) {
	d := newDash(t)
	b, id := bigScan(t, d, 1000)
	b.get("/scans/" + id) // warm: templates, caches
	const runs = 5
	start := time.Now()
	var p page
	for range runs {
		p = b.get("/scans/" + id)
	}
	per := time.Since(start) / runs
	// The page lists one page of 200 findings, with links to the others (filters kept).
	if p.status != http.StatusOK || strings.Count(p.body, `<li><a href="/scans/`) != 200 || !strings.Contains(p.body, "Page 1 of 5") ||
		!strings.Contains(p.body, "Showing 1–200 of 1000 findings") || !strings.Contains(p.body, `href="/scans/`+id+`?page=2" rel="next"`) {
		t.Fatalf("scan page: %d, %d findings listed", p.status, strings.Count(p.body, `<li><a href="/scans/`))
	}
	last := b.get("/scans/" + id + "?page=5&severity=gas")
	if strings.Count(last.body, `<li><a href="/scans/`) == 0 || strings.Contains(last.body, `rel="next"`) || !strings.Contains(last.body, "Page 1 of 1") &&
		!strings.Contains(last.body, "Showing") {
		t.Fatalf("a filtered last page: %.2000s", last.body)
	}
	t.Logf("scan page of 1,000 findings: %v server time per request (%d KB of HTML)", per.Round(100*time.Microsecond), len(p.body)/1024)
	fmt.Printf("dashboard: scan page of 1,000 findings rendered in %v, %d KB (goal < 300ms)\n", per.Round(100*time.Microsecond), len(p.body)/1024)
}

func BenchmarkScanPage1000(b *testing.B) {
	d := newDash(b)
	br, id := bigScan(b, d, 1000)
	b.ResetTimer()
	for b.Loop() {
		if p := br.get("/scans/" + id); p.status != http.StatusOK {
			b.Fatal(p.status)
		}
	}
}
