package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// TestWorkersSameReport: a scan parses files, resolves functions and runs detectors on several
// goroutines; the report must not depend on how many, nor on which finished first. The clean
// corpus is scanned on one worker and on more workers than processors, and the JSON reports,
// timings aside, must be byte for byte the same.
func TestWorkersSameReport(t *testing.T) {
	if _, err := os.Stat(cleanCorpus); err != nil {
		t.Skipf("clean corpus not available (../shared/corpus/clean beside the checkout): %v", err)
	}
	render := func(workers int) []byte {
		t.Helper()
		ws, err := workspace.FromFolder(context.Background(), cleanCorpus, workspace.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		res, err := Run(context.Background(), ws, Options{Workers: workers, ScanID: "workers"})
		if err != nil {
			t.Fatal(err)
		}
		rep := res.Report
		rep.ScanInitTime = ""
		rep.MultiFileScanSummary.ScanTimeTaken = 0
		out, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	one, many := render(1), render(5)
	if !bytes.Equal(one, many) {
		i := 0
		for i < len(one) && i < len(many) && one[i] == many[i] {
			i++
		}
		from := max(0, i-200)
		t.Fatalf("reports differ (%d and %d bytes) from byte %d:\n1 worker:  %s\n5 workers: %s", len(one), len(many), i,
			one[from:min(len(one), i+200)], many[from:min(len(many), i+200)])
	}
}
