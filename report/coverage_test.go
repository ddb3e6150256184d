package report

import "testing"

func TestCoverageAndCeiling(t *testing.T) {
	files := []FileSize{{"a.sol", 300}, {"b.sol", 100}}
	complete := NewCoverage(files, nil)
	if !complete.Complete || complete.Percent != 100 || CapScore(97, complete) != 97 {
		t.Errorf("complete: %+v", complete)
	}
	partial := NewCoverage(files, []Gap{{File: "b.sol", Kind: GapNotParsed, Reason: "syntax error"}})
	if partial.Complete || partial.FilesFull != 1 || partial.LinesFull != 300 || partial.Percent != 75 {
		t.Errorf("partial: %+v", partial)
	}
	if got := CapScore(97, partial); got != 75 {
		t.Errorf("97 capped at 75%% coverage: %v", got)
	}
	// Whatever the coverage, an incomplete scan is never Great.
	wide := NewCoverage([]FileSize{{"a.sol", 100000}, {"b.sol", 1}}, []Gap{{File: "b.sol", Kind: GapNotAnalysed}})
	if got := CapScore(100, wide); Rating(got) == "Great" {
		t.Errorf("rated Great at %v", got)
	}
	// A budget gap without a file still makes the scan incomplete.
	if c := NewCoverage(files, []Gap{{Kind: GapNotAnalysed, Reason: "time budget"}}); c.Complete || c.Percent != 100 || CapScore(95, c) != IncompleteCeiling {
		t.Errorf("scan-wide gap: %+v", c)
	}
	// Nothing analysed at all (random text): score 0.
	if c := NewCoverage([]FileSize{{"x.sol", 3}}, []Gap{{File: "x.sol", Kind: GapNotParsed}}); CapScore(98.68, c) != 0 {
		t.Errorf("random text: %v", CapScore(98.68, c))
	}
	// The cap never raises a score.
	if CapScore(10, partial) != 10 {
		t.Error("the cap raised a score")
	}
}
