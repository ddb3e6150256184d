package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
)

// guarded is a contract whose withdraw checks its owner with tx.origin (a high
// TX_ORIGIN_AUTHENTICATION finding) or, fixed, with msg.sender.
func guarded(name string, fixed bool) string {
	who := "tx.origin"
	if fixed {
		who = "msg.sender"
	}
	return "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ncontract " + name + " {\n    address owner;\n" +
		"    constructor() { owner = msg.sender; }\n    function withdraw() external {\n        require(" + who +
		" == owner, \"not owner\");\n        payable(msg.sender).transfer(address(this).balance);\n    }\n}\n"
}

// newSinceRepo makes a repository: main has A (vulnerable), B and D (vulnerable); the feature
// branch fixes A, adds a vulnerable C, renames B's file and pushes D's lines down. The working
// tree then adds an uncommitted vulnerable E.
func newSinceRepo(t *testing.T) (dir, mainCommit string) {
	t.Helper()
	dir = t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dir, "init", "-q", "-b", "main")
	write("src/A.sol", guarded("A", false))
	write("src/B.sol", guarded("B", false))
	write("src/D.sol", guarded("D", false))
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "main")
	gitIn(t, dir, "tag", "v1")
	mainCommit = gitIn(t, dir, "rev-parse", "HEAD")
	gitIn(t, dir, "checkout", "-qb", "feature")
	write("src/A.sol", guarded("A", true))
	write("src/C.sol", guarded("C", false))
	os.MkdirAll(filepath.Join(dir, "src/renamed"), 0o755)
	gitIn(t, dir, "mv", "src/B.sol", "src/renamed/B.sol")
	write("src/D.sol", "// moved down\n// by a comment\n"+guarded("D", false))
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "feature")
	// main moves on after the branch point: the merge base, not main's tip, is compared with.
	gitIn(t, dir, "checkout", "-q", "main")
	write("src/F.sol", guarded("F", false))
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "main moves on")
	gitIn(t, dir, "checkout", "-q", "feature")
	write("src/E.sol", guarded("E", false)) // dirty: not committed
	return dir, mainCommit
}

// txOrigin lists the files of the report's TX_ORIGIN_AUTHENTICATION findings.
func txOrigin(r *report.ScanReport) []string {
	var out []string
	for _, g := range r.MultiFileScanDetails {
		if g.IssueID == "TX_ORIGIN_AUTHENTICATION" {
			for _, f := range g.MetricWiseAggregatedFindings {
				out = append(out, f.Findings[0].FilePath)
			}
		}
	}
	return out
}

// TestNewSince scans a feature branch's working tree against main, a tag and a commit: only
// the findings it adds are reported (C and the uncommitted E), A's fixed one is listed as
// fixed, and the renamed and moved findings are unchanged; --fail-on counts only new ones.
func TestNewSince(t *testing.T) {
	dir, base := newSinceRepo(t)
	for _, ref := range []string{"main", "v1", base[:10]} {
		res := vigil(t, "scan", dir, "--new-since", ref, "--format", "json", "--fail-on", "high")
		if res.code != 1 {
			t.Fatalf("--new-since %s: exit %d (want 1: new high findings)\n%s", ref, res.code, res.stderr)
		}
		validate(t, schema(t, "scan_report.schema.json"), res.stdout)
		rep := decode(t, res.stdout)
		d := rep.NewSince
		if d == nil || d.Ref != ref || d.MergeBase != base {
			t.Fatalf("--new-since %s: comparison %+v, want merge base %s", ref, d, base)
		}
		got := strings.Join(txOrigin(rep), " ")
		if got != "src/C.sol src/E.sol" {
			t.Errorf("--new-since %s: new tx.origin findings in %q, want C and E", ref, got)
		}
		if d.Fixed == 0 || !strings.Contains(res.stdout, `"file_path": "src/A.sol"`) {
			t.Errorf("--new-since %s: A's fixed finding not listed: %+v", ref, d.FixedFindings)
		}
		for _, f := range d.FixedFindings {
			if f.FilePath != "src/A.sol" {
				t.Errorf("--new-since %s: %s in %s counted fixed (renamed or moved, not fixed)", ref, f.IssueID, f.FilePath)
			}
		}
		if d.New != rep.MultiFileScanSummary.IssuesCount || d.Unchanged == 0 {
			t.Errorf("--new-since %s: counts %+v, report has %d issues", ref, d, rep.MultiFileScanSummary.IssuesCount)
		}
	}

	// Nothing new: the gate passes although old findings remain.
	gitIn(t, dir, "stash", "-u", "-q")
	gitIn(t, dir, "checkout", "-q", "-B", "same", base)
	if res := vigil(t, "scan", dir, "--new-since", "main", "--fail-on", "low", "--format", "json"); res.code != 0 {
		t.Errorf("no change since main: exit %d\n%s", res.code, res.stderr)
	} else if rep := decode(t, res.stdout); rep.NewSince.New != 0 || rep.NewSince.Unchanged == 0 || len(rep.MultiFileScanDetails) != 0 {
		t.Errorf("no change since main: %+v", rep.NewSince)
	}
}

// TestNewSinceFormats shows the comparison in every format: the counts, REF and the merge base,
// and the Markdown of a pull request lists the new and the fixed findings.
func TestNewSinceFormats(t *testing.T) {
	dir, base := newSinceRepo(t)
	for _, format := range []string{"table", "markdown", "sarif", "github", "html"} {
		res := vigil(t, "scan", dir, "--new-since", "main", "--format", format)
		if res.code != 0 {
			t.Fatalf("%s: exit %d %s", format, res.code, res.stderr)
		}
		out := res.stdout
		if !strings.Contains(out, "main") || !strings.Contains(out, base[:12]) || !strings.Contains(out, "fixed") {
			t.Errorf("%s: no comparison with main (%s) in:\n%.2000s", format, base[:12], out)
		}
		if format == "markdown" {
			if !strings.Contains(out, "**2 new**") && !strings.Contains(out, " new**") {
				t.Errorf("markdown: no count of new findings:\n%s", out)
			}
			if !strings.Contains(out, "src/C.sol") || !strings.Contains(out, "~~") || !strings.Contains(out, "src/A.sol") {
				t.Errorf("markdown: the new (C) and fixed (A) findings are not both listed:\n%s", out)
			}
		}
		if format == "sarif" {
			var log struct {
				Runs []struct {
					Invocations []struct {
						ToolExecutionNotifications []struct {
							Properties map[string]string `json:"properties"`
						} `json:"toolExecutionNotifications"`
					} `json:"invocations"`
				} `json:"runs"`
			}
			if err := json.Unmarshal([]byte(out), &log); err != nil {
				t.Fatal(err)
			}
			found := false
			for _, n := range log.Runs[0].Invocations[0].ToolExecutionNotifications {
				found = found || n.Properties["merge_base"] == base
			}
			if !found {
				t.Errorf("sarif: no new-since notification naming the merge base")
			}
		}
	}
}

// TestNewSinceShallowClone: a shallow clone (actions/checkout's default) lacks the merge base,
// and the error says to fetch the whole history with fetch-depth: 0.
func TestNewSinceShallowClone(t *testing.T) {
	dir, _ := newSinceRepo(t)
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "E")
	shallow := filepath.Join(t.TempDir(), "shallow")
	gitIn(t, filepath.Dir(shallow), "clone", "-q", "--depth", "1", "--branch", "feature", "file://"+dir, shallow)
	gitIn(t, shallow, "fetch", "-q", "--depth", "1", "origin", "main:refs/remotes/origin/main")
	for _, ref := range []string{"origin/main", "v1"} {
		res := vigil(t, "scan", shallow, "--new-since", ref)
		if res.code != 2 || !strings.Contains(res.stderr, "fetch-depth: 0") {
			t.Errorf("--new-since %s in a shallow clone: exit %d, stderr %q", ref, res.code, res.stderr)
		}
	}
	// Not a repository at all: a clear error.
	plain := t.TempDir()
	os.WriteFile(filepath.Join(plain, "A.sol"), []byte(guarded("A", false)), 0o644)
	if res := vigil(t, "scan", plain, "--new-since", "main"); res.code != 2 || !strings.Contains(res.stderr, "git") {
		t.Errorf("outside a repository: exit %d %q", res.code, res.stderr)
	}
}

// TestNewSinceUpgradeCheck: a contract that looks upgradeable is checked against its base
// version, and a storage break is a new critical finding.
func TestNewSinceUpgradeCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) {
		src := "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n" + initializable +
			"contract Vault is Initializable {\n    constructor() { _disableInitializers(); }\n" + body + "}\n"
		if err := os.WriteFile(filepath.Join(dir, "Vault.sol"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dir, "init", "-q", "-b", "main")
	write("    uint256 public total;\n    mapping(address => uint256) public balances;\n")
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "v1")
	write("    address public admin;\n    uint256 public total;\n    mapping(address => uint256) public balances;\n")
	res := vigil(t, "scan", dir, "--new-since", "main", "--format", "json", "--fail-on", "critical")
	if res.code != 1 {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	if ids := issueIDs(decode(t, res.stdout)); ids["UPGRADE_STORAGE_VARIABLE_INSERTED"] != 1 {
		t.Errorf("no storage break reported: %v", ids)
	}
}

// TestGitHubActionPullRequest runs the action's scan step as a pull_request event would, on a
// repository made in the test: it scans with --new-since the base branch, gates on the new
// findings, and the job summary lists the new and the fixed ones with the counts.
func TestGitHubActionPullRequest(t *testing.T) {
	var action struct {
		Runs struct{ Steps []actionStep }
	}
	readYAML(t, ".github/actions/vigil/action.yml", &action)
	var step actionStep
	for _, s := range action.Runs.Steps {
		if s.Name == "Scan" {
			step = s
		}
	}
	dir, _ := newSinceRepo(t)
	for _, event := range []string{"pull_request", "push"} {
		tmp := t.TempDir()
		cmd := exec.Command("bash", "-e", "-c", step.Run)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(vigilBin)+":"+os.Getenv("PATH"), "RUNNER_TEMP="+tmp,
			"GITHUB_OUTPUT="+filepath.Join(tmp, "output"), "GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary"),
			"SCAN_PATH="+dir, "FAIL_ON=high", "EVENT_NAME="+event, "BASE_REF=main")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: scan step: %v\n%s", event, err, out)
		}
		summary, _ := os.ReadFile(filepath.Join(tmp, "summary"))
		pr := strings.Contains(string(summary), "New since `main`")
		if pr != (event == "pull_request") {
			t.Errorf("%s: job summary compares with main: %v\n%s", event, pr, summary)
		}
		if event == "pull_request" && (!strings.Contains(string(summary), "src/C.sol") || !strings.Contains(string(summary), "Fixed since main")) {
			t.Errorf("pull_request: the summary does not list the new and the fixed findings:\n%s", summary)
		}
		if output, _ := os.ReadFile(filepath.Join(tmp, "output")); !strings.Contains(string(output), "exit-code=1\n") {
			t.Errorf("%s: outputs %q, want exit-code=1 (a new high finding)", event, output)
		}
	}
}
