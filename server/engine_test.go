package server_test

import (
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server/engine"
)

// The real engine behind the API: an upload scanned twice gives the same findings with the
// same bug ids.
func TestFileScanWithScanEngine(t *testing.T) {
	a := startServer(t, t.TempDir(), engine.New(scan.Options{}), nil)
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key
	var first *report.ScanReport
	for i := 0; i < 2; i++ {
		u := presign(t, a, bearer, "Wallet.sol")
		if r := put(t, u, []byte(vulnerable)); r.status != 200 {
			t.Fatalf("PUT: %d", r.status)
		}
		rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", bearer, map[string]any{"file_urls": []string{u}, "project_name": "wallet"}))
		if rep.ScanStatus != report.StatusDone {
			t.Fatalf("scan: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
		}
		if rep.MultiFileScanSummary == nil || rep.MultiFileScanSummary.CountFilesAnalyzed != 1 || len(rep.MultiFileScanDetails) == 0 {
			t.Fatalf("report: %+v", rep.MultiFileScanSummary)
		}
		if first == nil {
			first = rep
			continue
		}
		for gi, g := range rep.MultiFileScanDetails {
			for fi, f := range g.MetricWiseAggregatedFindings {
				old := first.MultiFileScanDetails[gi].MetricWiseAggregatedFindings[fi]
				if f.BugHash != old.BugHash || f.BugID != old.BugID || f.ScanID != rep.ScanID || g.TemplateDetails == nil {
					t.Fatalf("%s: rescan finding %+v, first %+v", g.IssueID, f, old)
				}
			}
		}
	}
}
