package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
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

// A cloned repository's vigil.yaml applies in full too: its exclude list leaves files out of
// the clone's scan and the report names it, its detector selection and fail_on hold.
func TestRemoteProjectConfig(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	repo := gittest.NewServer(t).NewRepo(t, "vault")
	repo.Commit(t, "vault", map[string]string{
		"src/Vault.sol":       string(vault),
		"generated/Vault.sol": string(vault),
		"vigil.yaml":          "exclude:\n  - generated/\ndetectors:\n  disable: [TX_ORIGIN_AUTHENTICATION]\nfail_on: critical\n",
	})
	res := vigil(t, "scan", "repo", repo.URL, "--allow-private-networks")
	if res.code != exitFindings {
		t.Errorf("fail_on of the clone's vigil.yaml not applied: exit %d %s", res.code, res.stderr)
	}
	r := decode(t, res.stdout)
	if ids := issueIDs(r); ids["TX_ORIGIN_AUTHENTICATION"] != 0 || ids["REENTRANCY_ETH"] != 1 {
		t.Errorf("detector selection or exclude list of the clone's vigil.yaml not applied: %v", ids)
	}
	if r.MultiFileScanSummary.CountFilesAnalyzed != 1 || strings.Join(r.SkipFilePaths, ",") != "generated/" {
		t.Errorf("files analysed %d, skip paths %v", r.MultiFileScanSummary.CountFilesAnalyzed, r.SkipFilePaths)
	}
}

// Foundry's and Hardhat's test and script folders do not gate a merge by default; they are
// reported, as tests, with --include-tests.
func TestProjectTestFoldersOutOfTheGate(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	safe := "pragma solidity 0.8.24;\ncontract Safe { uint256 public x; }\n"
	for name, files := range map[string]map[string]string{
		"foundry": {"foundry.toml": "[profile.default]\nsrc = \"contracts\"\ntest = \"checks\"\nscript = \"deploy\"\nlibs = [\"modules\"]\n",
			"contracts/Safe.sol": safe, "checks/Vault.sol": string(vault), "deploy/Vault.sol": string(vault), "modules/oz/Vault.sol": string(vault)},
		"hardhat": {"hardhat.config.ts": "export default { paths: { sources: \"./contracts\", tests: \"./spec\" } };\n",
			"contracts/Safe.sol": safe, "spec/Vault.sol": string(vault)},
	} {
		dir := t.TempDir()
		for p, src := range files {
			os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
			os.WriteFile(filepath.Join(dir, p), []byte(src), 0o644)
		}
		res := vigil(t, "scan", dir, "--fail-on", "high")
		if res.code != 0 || len(decode(t, res.stdout).MultiFileScanDetails) != 0 {
			t.Errorf("%s: test, script or library code gated the scan: exit %d\n%s", name, res.code, res.stdout)
		}
		res = vigil(t, "scan", dir, "--fail-on", "high", "--include-tests")
		if res.code != exitFindings || issueIDs(decode(t, res.stdout))["REENTRANCY_ETH"] == 0 {
			t.Errorf("%s: --include-tests did not report the test code: exit %d", name, res.code)
		}
	}
}
