package scan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// stuck is a detector that never finishes on its own: it polls its pass at every turn, as the
// heavy loops of real detectors do, and returns only when told to stop. It stands for a
// detector caught in a super-linear trap, without depending on one existing.
var stuck = &detect.Analyzer{
	Template: detect.Template{ID: "TEST_STUCK", Name: "stuck", Severity: detect.Low, Confidence: detect.ConfidenceLow},
	Run: func(p *detect.Pass) {
		if p.Contract == nil || p.Contract.Name != "Slow" {
			return
		}
		for {
			for _, fn := range p.Functions() {
				if p.Stopped(fn) {
					return
				}
			}
			time.Sleep(time.Millisecond)
		}
	},
}

const budgetSources = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;
contract Slow {
    function spin(uint256 x) public pure returns (uint256) { return x + 1; }
}
`

const otherSource = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;
contract Other {
    function kill() public { selfdestruct(payable(msg.sender)); }
}
`

// budgetScan scans a.sol (contract Slow, where TEST_STUCK never ends by itself) and b.sol
// with the budgets given.
func budgetScan(t *testing.T, b Budgets) *Result {
	t.Helper()
	testAnalyzers = []*detect.Analyzer{stuck}
	t.Cleanup(func() { testAnalyzers = nil })
	dir := t.TempDir()
	for name, src := range map[string]string{"a.sol": budgetSources, "b.sol": otherSource} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	res, err := Run(context.Background(), ws, Options{Budgets: b})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func gapOf(r *report.ScanReport, file, detector string) *report.Gap {
	for i, g := range r.Coverage.Gaps {
		if g.File == file && (detector == "" || g.Detector == detector) {
			return &r.Coverage.Gaps[i]
		}
	}
	return nil
}

func hasDiagnostic(r *report.ScanReport, sub string) bool {
	for _, d := range r.Diagnostics {
		if strings.Contains(d, sub) {
			return true
		}
	}
	return false
}

// TestDetectorBudget: a detector past its budget is abandoned alone; the diagnostic names the
// file, contract, function and detector; the rest of the scan (b.sol's findings) goes on.
func TestDetectorBudget(t *testing.T) {
	res := budgetScan(t, Budgets{Detector: 3 * time.Second}) // ample for the real detectors on these few lines
	r := res.Report
	if res.Stopped != nil {
		t.Errorf("a detector budget stopped the whole scan: %v", res.Stopped)
	}
	g := gapOf(r, "a.sol", "TEST_STUCK")
	if g == nil || g.Contract != "Slow" || g.Function != "spin" || !strings.Contains(g.Reason, "budget") {
		t.Fatalf("gap for the stuck detector: %+v (all: %+v)", g, r.Coverage.Gaps)
	}
	if !r.Incomplete() || gapOf(r, "b.sol", "") != nil {
		t.Errorf("coverage: %+v", r.Coverage)
	}
	if !hasDiagnostic(r, "detector TEST_STUCK stopped on contract Slow, function spin") {
		t.Errorf("diagnostics: %q", r.Diagnostics)
	}
	found := false
	for _, grp := range r.MultiFileScanDetails {
		for _, f := range grp.MetricWiseAggregatedFindings {
			found = found || f.Findings[0].FilePath == "b.sol" && grp.IssueID == "UNPROTECTED_SELFDESTRUCT"
		}
	}
	if !found {
		t.Errorf("the rest of the scan did not go on: b.sol's selfdestruct is not reported")
	}
	if rating := r.MultiFileScanSummary.ScoreRating; rating == "Great" {
		t.Errorf("an incomplete scan rated %s", rating)
	}
	// The abandoned run was told to stop through its pass and, polling, did.
	for i := 0; Abandoned() != 0; i++ {
		if i == 1000 {
			t.Fatalf("%d abandoned analyses still running: the stop did not reach the detector", Abandoned())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTimeBudget: the scan's wall-clock budget stops the analysis with a budget error naming
// the file being analysed, and the report says the scan is incomplete.
func TestTimeBudget(t *testing.T) {
	res := budgetScan(t, Budgets{Timeout: 50 * time.Millisecond})
	var be *BudgetError
	if !errors.As(res.Stopped, &be) || be.Budget != "time" || !strings.Contains(be.Error(), "time budget exceeded in") {
		t.Fatalf("Stopped: %v", res.Stopped)
	}
	r := res.Report
	if !r.Incomplete() || gapOf(r, "a.sol", "") == nil || !hasDiagnostic(r, "analysis stopped: time budget exceeded in") {
		t.Errorf("coverage %+v, diagnostics %q", r.Coverage, r.Diagnostics)
	}
}

// TestMemoryBudget: past the memory budget the watchdog stops the analysis with a diagnostic
// naming the file. A budget of one byte is always exceeded; the stuck detector keeps the scan
// running until the watchdog acts.
func TestMemoryBudget(t *testing.T) {
	res := budgetScan(t, Budgets{MaxMemory: 1})
	var be *BudgetError
	if !errors.As(res.Stopped, &be) || be.Budget != "memory" {
		t.Fatalf("Stopped: %v", res.Stopped)
	}
	r := res.Report
	if !r.Incomplete() || !hasDiagnostic(r, "memory budget exceeded in") {
		t.Errorf("coverage %+v, diagnostics %q", r.Coverage, r.Diagnostics)
	}
	if !strings.Contains(be.Where, ".sol") && !strings.Contains(be.Where, "model") {
		t.Errorf("the budget error names no file or stage: %v", be)
	}
}

// TestCancelIsNotABudget: a cancelled scan (Ctrl-C, a stopping server) returns ctx's error,
// not a report.
func TestCancelIsNotABudget(t *testing.T) {
	testAnalyzers = []*detect.Analyzer{stuck}
	t.Cleanup(func() { testAnalyzers = nil })
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.sol"), []byte(budgetSources), 0o644)
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	if _, err := Run(ctx, ws, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Run after cancel: %v", err)
	}
}

// TestMemoryWatchChoosesLargestInput: the heap is the process's, shared by a server's scans;
// past the budget the watchdog stops one scan, the one with the largest input, and only scans
// whose budget the heap passed.
func TestMemoryWatchChoosesLargestInput(t *testing.T) {
	m := &memoryWatch{scans: map[*watched]bool{}}
	now := time.Now()
	small := &watched{limit: 100, size: 10, started: now}
	large := &watched{limit: 100, size: 5000, started: now.Add(-time.Second)}
	roomy := &watched{limit: 1 << 40, size: 1 << 30, started: now}
	for _, w := range []*watched{small, large, roomy} {
		m.scans[w] = true
	}
	if got := m.over(50); got != nil {
		t.Errorf("under every budget, stopped %+v", got)
	}
	if got := m.over(200); got != large {
		t.Errorf("stopped %+v, want the largest input within its budget's reach", got)
	}
	delete(m.scans, large)
	if got := m.over(200); got != small {
		t.Errorf("then stopped %+v, want the small one", got)
	}
}
