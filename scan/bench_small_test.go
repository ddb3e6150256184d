package scan

import (
	"context"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// smallContract is the 300-line contract the API benchmark scans (one file per request).
const smallContract = "../server/testdata/bench/TokenVault.sol"

// BenchmarkScanSmallFile is the engine's share of one API file scan: scan.Run over a workspace
// holding one 300-line contract (the workspace is built once; the server builds it per request
// outside the engine). What it costs is mostly fixed per-scan work, not work per byte: the
// figure to watch is cpu-ms/scan with the allocations.
//
//	go test ./scan -run '^$' -bench ScanSmallFile -benchmem
func BenchmarkScanSmallFile(b *testing.B) {
	ws, err := workspace.FromFiles(context.Background(), []string{smallContract}, workspace.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		res, err := Run(context.Background(), ws, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if res.Stopped != nil || res.Report.MultiFileScanSummary == nil {
			b.Fatalf("scan of %s incomplete: %v", smallContract, res.Stopped)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1e3/float64(b.N), "cpu-ms/scan")
}
