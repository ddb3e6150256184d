package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A baseline hides the known findings, says how many (JSON baselined_count, a line in the table
// and the Markdown) and keeps the score of the whole scan, not of the new findings alone.
func TestBaselineKeepsScoreAndCountsHidden(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{"Vault.sol": string(vault)})
	base := filepath.Join(t.TempDir(), "base.json")
	res := vigil(t, "scan", dir, "--output", base)
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	known := decode(t, mustRead(t, base)).MultiFileScanSummary.IssuesCount

	// The change adds a contract with one new finding.
	os.WriteFile(filepath.Join(dir, "Kill.sol"), []byte("// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n"+
		"contract Kill { function close() external { selfdestruct(payable(msg.sender)); } }\n"), 0o644)
	whole := decode(t, vigil(t, "scan", dir).stdout).MultiFileScanSummary
	res = vigil(t, "scan", dir, "--baseline", base)
	s := decode(t, res.stdout).MultiFileScanSummary
	if s.IssuesCount != 1 || s.BaselinedCount != known || s.ScoreV2 != whole.ScoreV2 || s.ScoreRating != whole.ScoreRating {
		t.Errorf("with the baseline: %d issues, %d baselined (want 1 and %d), score %s %s (the whole scan's: %s %s)",
			s.IssuesCount, s.BaselinedCount, known, s.ScoreV2, s.ScoreRating, whole.ScoreV2, whole.ScoreRating)
	}
	for _, format := range []string{"table", "markdown"} {
		out := vigil(t, "scan", dir, "--baseline", base, "--format", format).stdout
		if want := strconv.Itoa(known) + " known findings hidden by the baseline"; !strings.Contains(out, want) {
			t.Errorf("%s lacks %q:\n%s", format, want, out)
		}
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
