package scan

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
)

func scanFiles(t *testing.T, files map[string]string) *report.ScanReport {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	res, err := Run(context.Background(), ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Report
}

const killSol = "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n" +
	"contract K { function k() public { selfdestruct(payable(msg.sender)); } }\n"

// Rust files outside any Cargo crate are scanned as a crate of their own, not dropped.
func TestLooseRustFilesAreScanned(t *testing.T) {
	r := scanFiles(t, map[string]string{"lib.rs": "pub fn add(a: u64, b: u64) -> u64 { a + b }\n", "util/more.rs": "pub fn one() -> u8 { 1 }\n"})
	if r.MultiFileScanSummary.CountFilesAnalyzed != 2 || r.Incomplete() {
		t.Errorf("files analysed %d, coverage %+v", r.MultiFileScanSummary.CountFilesAnalyzed, r.Coverage)
	}
}

// A malformed Cargo.toml stops the Rust analysis only: the Solidity is still scanned and the
// Rust files are named as not scanned.
func TestMalformedManifestIsAGap(t *testing.T) {
	r := scanFiles(t, map[string]string{"Cargo.toml": "[package\nname =\n", "src/lib.rs": "pub fn f() {}\n", "K.sol": killSol})
	g := gapOf(r, "src/lib.rs", "")
	if g == nil || g.Kind != report.GapNotScanned || !r.Incomplete() {
		t.Fatalf("coverage: %+v", r.Coverage)
	}
	if r.MultiFileScanSummary.IssueSeverityDistribution["high"]+r.MultiFileScanSummary.IssueSeverityDistribution["critical"] == 0 {
		t.Errorf("the Solidity was not scanned: %+v", r.MultiFileScanSummary.IssueSeverityDistribution)
	}
}

// A file with syntax errors is not_parsed; the score cannot exceed the share of lines fully
// analysed, and is never Great.
func TestSyntaxErrorCapsTheScore(t *testing.T) {
	clean := "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\ncontract C {\n    uint256 public n;\n}\n"
	r := scanFiles(t, map[string]string{"C.sol": clean, "Broken.sol": "contract B { function f( { } }\n"})
	g := gapOf(r, "Broken.sol", "")
	if g == nil || g.Kind != report.GapNotParsed || g.Line != 1 {
		t.Fatalf("coverage: %+v", r.Coverage)
	}
	v2, _ := strconv.ParseFloat(r.MultiFileScanSummary.ScoreV2, 64)
	if v2 > r.Coverage.Percent || r.MultiFileScanSummary.ScoreRating == "Great" {
		t.Errorf("score %v (%s) above coverage %v%%", v2, r.MultiFileScanSummary.ScoreRating, r.Coverage.Percent)
	}
	if r.Coverage.Files != 2 || r.Coverage.FilesFull != 1 || r.Coverage.LinesFull != 5 {
		t.Errorf("coverage: %+v", r.Coverage)
	}
}
