package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A CI gate goes off on what Vigil is sure of: --fail-on counts findings of at least medium
// confidence unless --fail-on-confidence (VIGIL_FAIL_ON_CONFIDENCE, fail_on_confidence) lowers
// the bar. PRIVATE_DATA_ON_CHAIN is a medium-severity, low-confidence detector.
func TestFailOnConfidence(t *testing.T) {
	fixture := filepath.Join(repoRoot, "scan/detect/solidity/testdata/private_data_on_chain/vulnerable.sol")
	only := []string{"scan", fixture, "--enable", "PRIVATE_DATA_ON_CHAIN", "--fail-on", "medium"}

	res := vigil(t, only...)
	if res.code != 0 {
		t.Errorf("low-confidence finding with the default --fail-on-confidence: exit %d, want 0 (%s)", res.code, res.stderr)
	}
	groups := decode(t, res.stdout).MultiFileScanDetails
	if len(groups) == 0 {
		t.Fatal("the fixture raised no PRIVATE_DATA_ON_CHAIN finding")
	}
	for _, g := range groups {
		for _, f := range g.MetricWiseAggregatedFindings {
			if f.Severity != "medium" || f.Confidence != "low" {
				t.Errorf("finding carries severity %q confidence %q, want medium and low", f.Severity, f.Confidence)
			}
		}
	}

	if res := vigil(t, append(only, "--fail-on-confidence", "low")...); res.code != 1 {
		t.Errorf("--fail-on-confidence low: exit %d, want 1 (%s)", res.code, res.stderr)
	}
	if res := vigil(t, append(only, "--fail-on-confidence", "sure")...); res.code != 2 || !strings.Contains(res.stderr, "--fail-on-confidence") {
		t.Errorf("bad --fail-on-confidence: exit %d, stderr %q", res.code, res.stderr)
	}
	t.Setenv("VIGIL_FAIL_ON_CONFIDENCE", "low")
	if res := vigil(t, only...); res.code != 1 {
		t.Errorf("VIGIL_FAIL_ON_CONFIDENCE=low: exit %d, want 1 (%s)", res.code, res.stderr)
	}
}
