package pdf_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// corpus is the shared test corpus of real contracts (../shared/corpus from the repository).
const corpus = "/work/shared/corpus"

var scans sync.Map // dir -> *scan.Result

// scanDir runs the real engine on a corpus folder, once per test binary.
func scanDir(t testing.TB, rel string) *scan.Result {
	t.Helper()
	dir := filepath.Join(corpus, rel)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	if r, ok := scans.Load(dir); ok {
		return r.(*scan.Result)
	}
	ctx := context.Background()
	ws, err := workspace.FromFolder(ctx, dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Run(ctx, ws, scan.Options{ScanID: "scan-7f3a9c", ProjectSequence: 12})
	if err != nil {
		t.Fatal(err)
	}
	scans.Store(dir, res)
	return res
}

// keep writes data to $VIGIL_REPORT_OUT/name when that is set, to look at the result.
func keep(t testing.TB, name string, data []byte) {
	if dir := os.Getenv("VIGIL_REPORT_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Log(err)
		}
	}
}
