package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
)

// VIGIL_DISABLE=A,B disables both detectors (as "A B" does).
func TestEnvironmentCommaLists(t *testing.T) {
	vault := filepath.Join(repoRoot, "testdata/contracts/Vault.sol")
	for _, list := range []string{"REENTRANCY_ETH,TX_ORIGIN_AUTHENTICATION", "REENTRANCY_ETH TX_ORIGIN_AUTHENTICATION", " REENTRANCY_ETH, TX_ORIGIN_AUTHENTICATION "} {
		t.Setenv("VIGIL_DISABLE", list)
		res := vigil(t, "scan", vault)
		if res.code != 0 {
			t.Fatalf("VIGIL_DISABLE=%q: exit %d %s", list, res.code, res.stderr)
		}
		ids := issueIDs(decode(t, res.stdout))
		if ids["REENTRANCY_ETH"]+ids["TX_ORIGIN_AUTHENTICATION"] != 0 || ids["UNPROTECTED_SELFDESTRUCT"] == 0 {
			t.Errorf("VIGIL_DISABLE=%q: %v", list, ids)
		}
	}
}

// The scanned project's vigil.yaml applies in full when the scan starts from another folder:
// its exclude list leaves files out, its detector selection holds.
func TestProjectConfigFromAnotherFolder(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	for _, dir := range []string{"src", "generated"} {
		os.MkdirAll(filepath.Join(project, dir), 0o755)
		os.WriteFile(filepath.Join(project, dir, "Vault.sol"), vault, 0o644)
	}
	config := "exclude:\n  - generated\ndetectors:\n  disable: [TX_ORIGIN_AUTHENTICATION]\n"
	os.WriteFile(filepath.Join(project, "vigil.yaml"), []byte(config), 0o644)
	res := vigil(t, "scan", project) // the test runs in cmd/vigil
	if res.code != 0 {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	r := decode(t, res.stdout)
	if ids := issueIDs(r); ids["TX_ORIGIN_AUTHENTICATION"] != 0 || ids["REENTRANCY_ETH"] == 0 {
		t.Errorf("detector selection of vigil.yaml not applied: %v", ids)
	}
	for _, g := range r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				if strings.HasPrefix(loc.FilePath, "generated") {
					t.Errorf("excluded file reported: %s (%s)", loc.FilePath, g.IssueID)
				}
			}
		}
	}
}

// --min-severity leaves lower findings out of the report and its summary.
func TestMinSeverity(t *testing.T) {
	vault := filepath.Join(repoRoot, "testdata/contracts/Vault.sol")
	all := decode(t, vigil(t, "scan", vault).stdout)
	res := vigil(t, "scan", vault, "--min-severity", "high")
	if res.code != 0 {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	r := decode(t, res.stdout)
	kept := 0
	for _, g := range r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if sev := report.FindingSeverity(g, f); report.SeverityRank(sev) > report.SeverityRank("high") {
				t.Errorf("%s of severity %s kept", g.IssueID, sev)
			}
			kept++
		}
	}
	d := all.MultiFileScanSummary.IssueSeverityDistribution
	if want := d["critical"] + d["high"]; kept != want || kept == 0 || r.MultiFileScanSummary.IssuesCount != want {
		t.Errorf("kept %d findings (summary %d), want %d", kept, r.MultiFileScanSummary.IssuesCount, want)
	}
	if res := vigil(t, "scan", vault, "--min-severity", "severe"); res.code != 2 {
		t.Errorf("--min-severity severe: exit %d", res.code)
	}
}
