package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// These tests drive the vigil binary as a user would: built once, run as a process.

var vigilBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "vigil-cli-test")
	if err != nil {
		panic(err)
	}
	vigilBin = filepath.Join(dir, "vigil")
	// -trimpath: the build cache then also serves builds of a copy of the checkout elsewhere
	// (pre-commit's, in TestPreCommitTryRepo), which use the same flags.
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-o", vigilBin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building vigil: " + err.Error())
	}
	code := m.Run()
	pgtest.Stop()
	os.RemoveAll(dir)
	os.Exit(code)
}

type runResult struct {
	stdout, stderr string
	code           int
}

func vigil(t testing.TB, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(vigilBin, args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return runResult{out.String(), errb.String(), code}
}

const repoRoot = "../.."

func schema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	s, err := c.Compile(filepath.Join(repoRoot, "testdata", "schema", name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, data string) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(data))
	if err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if err := s.Validate(v); err != nil {
		t.Fatalf("output does not validate: %v", err)
	}
}

func decode(t *testing.T, data string) *report.ScanReport {
	t.Helper()
	var env report.Envelope
	if err := json.Unmarshal([]byte(data), &env); err != nil || env.ScanReport == nil {
		t.Fatalf("not a scan report: %v\n%s", err, data)
	}
	return env.ScanReport
}

func issueIDs(r *report.ScanReport) map[string]int {
	out := map[string]int{}
	for _, g := range r.MultiFileScanDetails {
		out[g.IssueID] += g.NoOfFindings
	}
	return out
}

func TestScanExampleContract(t *testing.T) {
	res := vigil(t, "scan", filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	validate(t, schema(t, "scan_report.schema.json"), res.stdout)
	ids := issueIDs(decode(t, res.stdout))
	for _, want := range []string{"REENTRANCY_ETH", "TX_ORIGIN_AUTHENTICATION", "UNPROTECTED_SELFDESTRUCT"} {
		if ids[want] == 0 {
			t.Errorf("missing %s in %v", want, ids)
		}
	}
}

func TestFailOnExitCodes(t *testing.T) {
	vault := filepath.Join(repoRoot, "testdata/contracts/Vault.sol")
	for _, tt := range []struct {
		failOn string
		code   int
	}{{"none", 0}, {"critical", 1}, {"high", 1}, {"low", 1}} {
		if res := vigil(t, "scan", vault, "--fail-on", tt.failOn); res.code != tt.code {
			t.Errorf("--fail-on %s: exit %d, want %d (%s)", tt.failOn, res.code, tt.code, res.stderr)
		}
	}
	safe := t.TempDir()
	os.WriteFile(filepath.Join(safe, "Safe.sol"), []byte("pragma solidity 0.8.24;\ncontract Safe { uint256 public x; }\n"), 0o644)
	if res := vigil(t, "scan", safe, "--fail-on", "medium"); res.code != 0 {
		t.Errorf("clean folder with --fail-on medium: exit %d, want 0 (%s)", res.code, res.stdout)
	}
	if res := vigil(t, "scan", vault, "--fail-on", "severe"); res.code != 2 || !strings.Contains(res.stderr, "--fail-on") {
		t.Errorf("bad --fail-on: exit %d, stderr %q", res.code, res.stderr)
	}
	if res := vigil(t, "scan", vault, "--format", "pdf-please"); res.code != 2 {
		t.Errorf("bad --format: exit %d", res.code)
	}
	if res := vigil(t, "scan", filepath.Join(t.TempDir(), "missing.sol")); res.code != 2 {
		t.Errorf("missing file: exit %d", res.code)
	}
}

func TestScanFolderAndFormats(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.MkdirAll(filepath.Join(dir, "lib/dep"), 0o755)
	os.WriteFile(filepath.Join(dir, "src/Vault.sol"), src, 0o644)
	// A dependency with a finding: analysed, not reported unless asked for.
	os.WriteFile(filepath.Join(dir, "lib/dep/Kill.sol"), []byte("pragma solidity ^0.8.0;\ncontract K { function k() public { selfdestruct(payable(msg.sender)); } }\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte("[profile.default]\nsrc = \"src\"\nlibs = [\"lib\"]\n"), 0o644)

	res := vigil(t, "scan", dir)
	r := decode(t, res.stdout)
	for _, g := range r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if strings.HasPrefix(f.Findings[0].FilePath, "lib/") {
				t.Errorf("finding in a dependency reported by default: %s %s", g.IssueID, f.Findings[0].FilePath)
			}
		}
	}
	withDeps := decode(t, vigil(t, "scan", dir, "--include-deps").stdout)
	if issueIDs(withDeps)["UNPROTECTED_SELFDESTRUCT"] != issueIDs(r)["UNPROTECTED_SELFDESTRUCT"]+1 {
		t.Errorf("--include-deps should add the dependency's finding: %v vs %v", issueIDs(withDeps), issueIDs(r))
	}
	// include: in the config file, only src/ is reported.
	os.WriteFile(filepath.Join(dir, "vigil.yaml"), []byte("include: [src]\n"), 0o644)
	included := decode(t, vigil(t, "scan", dir, "--include-deps").stdout)
	os.Remove(filepath.Join(dir, "vigil.yaml"))
	for _, g := range included.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if !strings.HasPrefix(f.Findings[0].FilePath, "src/") {
				t.Errorf("include: [src] reported %s", f.Findings[0].FilePath)
			}
		}
	}
	// Skipping the only file in scope leaves nothing to report: an error naming why the rest
	// is out of scope, not an empty report.
	if skipped := vigil(t, "scan", dir, "--skip", "src/Vault.sol"); skipped.code != exitUsage ||
		!strings.Contains(skipped.stderr, "no file in scope") || !strings.Contains(skipped.stderr, "foundry.toml libs") {
		t.Errorf("--skip src/Vault.sol: exit %d, stderr %q", skipped.code, skipped.stderr)
	}

	sarif := vigil(t, "scan", dir, "--format", "sarif")
	validate(t, schema(t, "sarif-2.1.0.schema.json"), sarif.stdout)
	if !strings.Contains(sarif.stdout, `"uri": "src/Vault.sol"`) || !strings.Contains(sarif.stdout, "primaryLocationLineHash") {
		t.Errorf("SARIF lacks relative paths or fingerprints")
	}
	table := vigil(t, "scan", dir, "--format", "table")
	if strings.Contains(table.stdout, "\x1b[") {
		t.Error("table output has colour codes although stdout is not a terminal")
	}
	if !strings.Contains(table.stdout, "src/Vault.sol:") || !strings.Contains(table.stdout, "Score") {
		t.Errorf("table output lacks locations or score:\n%s", table.stdout)
	}
	md := vigil(t, "scan", dir, "--format", "markdown")
	if !strings.Contains(md.stdout, "# Vigil scan report") || !strings.Contains(md.stdout, "```solidity") {
		t.Errorf("markdown output incomplete:\n%s", md.stdout)
	}
	out := filepath.Join(t.TempDir(), "report.json")
	if res := vigil(t, "scan", dir, "--output", out); res.code != 0 || res.stdout != "" {
		t.Errorf("--output: exit %d, stdout %q", res.code, res.stdout)
	}
	if data, err := os.ReadFile(out); err != nil || decode(t, string(data)) == nil {
		t.Errorf("--output file: %v", err)
	}
}

func TestConfigFileInWorkspace(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	os.WriteFile(filepath.Join(dir, "Vault.sol"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "vigil.yaml"), []byte("detectors:\n  disable: [UNPROTECTED_SELFDESTRUCT]\nseverity:\n  TX_ORIGIN_AUTHENTICATION: low\nfail_on: high\n"), 0o644)
	res := vigil(t, "scan", dir)
	r := decode(t, res.stdout)
	ids := issueIDs(r)
	if ids["UNPROTECTED_SELFDESTRUCT"] != 0 {
		t.Error("detector disabled in vigil.yaml still ran")
	}
	if r.MultiFileScanSummary.IssueSeverityDistribution["low"] == 0 {
		t.Errorf("severity override not applied: %v", r.MultiFileScanSummary.IssueSeverityDistribution)
	}
	if res.code != 1 {
		t.Errorf("fail_on from vigil.yaml: exit %d, want 1 (reentrancy is high)", res.code)
	}
	// The environment overrides the config file.
	cmd := exec.Command(vigilBin, "scan", dir)
	cmd.Env = append(os.Environ(), "VIGIL_FAIL_ON=none")
	if err := cmd.Run(); err != nil {
		t.Errorf("VIGIL_FAIL_ON=none should win over the config file: %v", err)
	}
}

func TestZipWithTraversalRefused(t *testing.T) {
	dir := t.TempDir()
	archive := filepath.Join(dir, "evil.zip")
	f, _ := os.Create(archive)
	zw := zip.NewWriter(f)
	w, _ := zw.Create("contracts/Ok.sol")
	w.Write([]byte("contract Ok {}"))
	w, _ = zw.Create("../../escaped.sol")
	w.Write([]byte("contract Evil {}"))
	zw.Close()
	f.Close()

	res := vigil(t, "scan", archive)
	if res.code != 2 || !strings.Contains(res.stderr, "escaped.sol") {
		t.Errorf("traversal archive: exit %d, stderr %q", res.code, res.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "escaped.sol")); err == nil {
		t.Error("archive entry was written outside the extraction folder")
	}
}

func TestScanGitRepositoryOverHTTP(t *testing.T) {
	srv := gittest.NewServer(t)
	repo := srv.NewRepo(t, "vault")
	src, _ := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	first := repo.Commit(t, "vault", map[string]string{"contracts/Vault.sol": string(src)})
	repo.Commit(t, "fix", map[string]string{"contracts/Vault.sol": strings.ReplaceAll(string(src), "tx.origin", "msg.sender")})

	// Loopback is refused unless allowed.
	if res := vigil(t, "scan", "repo", repo.URL); res.code != 2 {
		t.Errorf("loopback git URL without --allow-private-networks: exit %d", res.code)
	}
	res := vigil(t, "scan", "repo", repo.URL, "--branch", "main", "--allow-private-networks")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	head := decode(t, res.stdout)
	if head.ProjectURL != repo.URL || head.ProjectBranch != "main" || len(head.ProjectCommit) != 40 {
		t.Errorf("source not recorded: %q %q %q", head.ProjectURL, head.ProjectBranch, head.ProjectCommit)
	}
	if issueIDs(head)["TX_ORIGIN_AUTHENTICATION"] != 0 {
		t.Error("head commit fixed tx.origin")
	}
	old := decode(t, vigil(t, "scan", "repo", repo.URL, "--commit", first, "--allow-private-networks").stdout)
	if old.ProjectCommit != first || issueIDs(old)["TX_ORIGIN_AUTHENTICATION"] != 1 {
		t.Errorf("scan of commit %s: got commit %s, findings %v", first, old.ProjectCommit, issueIDs(old))
	}
}

// TestBaseline reports only what a change introduced, by bug_hash, even though the old
// findings moved down by inserted lines.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	path := filepath.Join(dir, "Vault.sol")
	os.WriteFile(path, src, 0o644)
	baseline := filepath.Join(dir, "..", "baseline.json")
	vigil(t, "scan", dir, "--output", baseline)

	changed := strings.Replace(string(src), "    constructor() {", `    function sweep(address payable to) external {
        require(tx.origin == owner);
        to.transfer(address(this).balance);
    }

    constructor() {`, 1)
	os.WriteFile(path, []byte(changed), 0o644)
	res := vigil(t, "scan", dir, "--baseline", baseline, "--fail-on", "high")
	r := decode(t, res.stdout)
	ids := issueIDs(r)
	if ids["TX_ORIGIN_AUTHENTICATION"] != 1 || ids["REENTRANCY_ETH"] != 0 || ids["UNPROTECTED_SELFDESTRUCT"] != 0 {
		t.Errorf("baseline should keep the new tx.origin finding and drop the old ones, got %v", ids)
	}
	// Every remaining finding lies in the inserted function (lines 9 to 12).
	total := 0
	for _, g := range r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			total++
			if l := f.Findings[0].LineNosStart[0]; l < 9 || l > 12 {
				t.Errorf("%s at line %d is not new code", g.IssueID, l)
			}
		}
	}
	if r.MultiFileScanSummary.IssuesCount != total {
		t.Errorf("summary counts %d issues, report has %d", r.MultiFileScanSummary.IssuesCount, total)
	}
	if res.code != 1 {
		t.Errorf("new high finding with --fail-on high: exit %d", res.code)
	}
}

// TestScanCleanCorpus scans every audited file of ../shared/corpus/clean: the report and the
// SARIF validate, and the whole process time is printed (not asserted).
func TestScanCleanCorpus(t *testing.T) {
	clean := filepath.Join(repoRoot, "..", "shared", "corpus", "clean")
	if _, err := os.Stat(clean); err != nil {
		t.Skip("corpus not available")
	}
	start := time.Now()
	// Test code included: every .sol file of the corpus is in scope.
	res := vigil(t, "scan", clean, "--include-tests")
	elapsed := time.Since(start)
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	validate(t, schema(t, "scan_report.schema.json"), res.stdout)
	r := decode(t, res.stdout)
	t.Logf("clean corpus: %d files, %d lines, %d issues, score %s (%s), whole process %v",
		r.MultiFileScanSummary.CountFilesAnalyzed, r.MultiFileScanSummary.LinesAnalyzedCount,
		r.MultiFileScanSummary.IssuesCount, r.MultiFileScanSummary.ScoreV2, r.MultiFileScanSummary.ScoreRating, elapsed)
	want := 0
	filepath.WalkDir(clean, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".sol" {
			want++
		}
		return err
	})
	if r.MultiFileScanSummary.CountFilesAnalyzed != want {
		t.Errorf("files analysed: %d, want the %d .sol files of the corpus", r.MultiFileScanSummary.CountFilesAnalyzed, want)
	}
	validate(t, schema(t, "sarif-2.1.0.schema.json"), vigil(t, "scan", clean, "--format", "sarif").stdout)
}

func TestPDFAndHTMLFormats(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.pdf")
	if res := vigil(t, "scan", filepath.Join(repoRoot, "testdata/contracts/Vault.sol"), "--format", "pdf", "--output", out); res.code != 0 {
		t.Fatalf("pdf: exit %d %s", res.code, res.stderr)
	}
	if data, _ := os.ReadFile(out); !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Error("--format pdf did not write a PDF")
	}
	html := vigil(t, "scan", filepath.Join(repoRoot, "testdata/contracts/Vault.sol"), "--format", "html")
	if html.code != 0 || !strings.Contains(html.stdout, "<html") || !strings.Contains(html.stdout, "Unprotected selfdestruct") {
		t.Errorf("html: exit %d", html.code)
	}
}
