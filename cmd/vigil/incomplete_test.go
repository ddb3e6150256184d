package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// notSolidity is a .sol file that is no Solidity at all: nothing in it can be analysed.
const notSolidity = "q7Zk+ 3vP/x @@ {{ ]] wL0= }} %% 9aa; !! contract ( ) ) function {{{ ~~ 0x\n" +
	"R2d2 ::: ^^^ ,,, pragma %% \\ }} ]] )) ## $$ <<< >>> 77 && || ??\n"

const cleanSolidity = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;
contract Counter {
    uint256 public count;
    function increment() external { count += 1; }
}
`

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestIncompleteScanEveryFormat: a file that cannot be parsed is named, with the incomplete
// warning, in every output format.
func TestIncompleteScanEveryFormat(t *testing.T) {
	dir := writeFiles(t, map[string]string{"Counter.sol": cleanSolidity, "noise.sol": notSolidity})
	for _, format := range []string{"json", "table", "sarif", "markdown", "html"} {
		res := vigil(t, "scan", dir, "--format", format)
		if res.code != 0 {
			t.Fatalf("%s: exit %d: %s", format, res.code, res.stderr)
		}
		for _, want := range []string{"INCOMPLETE SCAN", "noise.sol: not parsed"} {
			if !strings.Contains(res.stdout, want) {
				t.Errorf("%s output lacks %q:\n%s", format, want, res.stdout)
			}
		}
		switch format {
		case "json":
			validate(t, schema(t, "scan_report.schema.json"), res.stdout)
			r := decode(t, res.stdout)
			c := r.Coverage
			if c == nil || c.Complete || c.Files != 2 || c.FilesFull != 1 || len(c.Gaps) != 1 || c.Gaps[0].Kind != "not_parsed" {
				t.Errorf("coverage: %+v", c)
			}
			if r.MultiFileScanSummary.ScoreRating == "Great" {
				t.Errorf("an incomplete scan rated Great")
			}
		case "sarif":
			validate(t, schema(t, "sarif-2.1.0.schema.json"), res.stdout)
			var log struct {
				Runs []struct {
					Invocations []struct {
						ExecutionSuccessful        bool `json:"executionSuccessful"`
						ToolExecutionNotifications []struct {
							Message struct{ Text string } `json:"message"`
						} `json:"toolExecutionNotifications"`
					} `json:"invocations"`
				} `json:"runs"`
			}
			if err := json.Unmarshal([]byte(res.stdout), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
				t.Fatalf("SARIF: %v", err)
			}
			inv := log.Runs[0].Invocations[0]
			if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) < 2 {
				t.Errorf("SARIF invocation: %+v", inv)
			}
		}
	}
	// PDF, read back by an independent reader when one is installed.
	out := filepath.Join(t.TempDir(), "r.pdf")
	if res := vigil(t, "scan", dir, "--format", "pdf", "--output", out); res.code != 0 {
		t.Fatalf("pdf: exit %d: %s", res.code, res.stderr)
	}
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (poppler-utils) not installed: PDF text not checked")
	}
	text, err := exec.Command(tool, "-enc", "UTF-8", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(string(text)), " ")
	for _, want := range []string{"INCOMPLETE SCAN", "noise.sol: not parsed"} {
		if !strings.Contains(flat, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
}

// TestFailOnIncomplete: --fail-on exits 0 on a clean complete scan, 1 on findings, 3 on an
// incomplete scan (a file of random text) unless --allow-incomplete; without --fail-on nothing
// fails.
func TestFailOnIncomplete(t *testing.T) {
	clean := writeFiles(t, map[string]string{"Counter.sol": cleanSolidity})
	noise := writeFiles(t, map[string]string{"noise.sol": notSolidity})
	vault := filepath.Join(repoRoot, "testdata/contracts/Vault.sol")
	for _, tt := range []struct {
		args []string
		code int
	}{
		{[]string{clean, "--fail-on", "high"}, 0},
		{[]string{vault, "--fail-on", "high"}, 1},
		{[]string{noise, "--fail-on", "high"}, 3},
		{[]string{noise, "--fail-on", "high", "--allow-incomplete"}, 0},
		{[]string{noise}, 0},
	} {
		res := vigil(t, append([]string{"scan"}, tt.args...)...)
		if res.code != tt.code {
			t.Errorf("scan %v: exit %d, want %d (%s)", tt.args, res.code, tt.code, res.stderr)
		}
		if tt.code == 3 && !strings.Contains(res.stderr, "incomplete scan") {
			t.Errorf("exit 3 without saying why: %q", res.stderr)
		}
	}
	r := decode(t, vigil(t, "scan", noise).stdout)
	if r.MultiFileScanSummary.ScoreV2 != "0.00" || r.MultiFileScanSummary.ScoreRating != "Poor" {
		t.Errorf("random text scores %s (%s)", r.MultiFileScanSummary.ScoreV2, r.MultiFileScanSummary.ScoreRating)
	}
}

// branchy is one function of n if/else blocks: a slow input for the analysis.
func branchy(n int) string {
	var b strings.Builder
	b.WriteString("// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\ncontract Branchy {\n    uint256 total;\n" +
		"    mapping(uint256 => uint256) slots;\n    function run(uint256 x) public {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "        if (x == %d) { total = %d; } else { slots[%d] = x; }\n", i, i, i)
	}
	b.WriteString("    }\n}\n")
	return b.String()
}

// TestTimeoutBudget: with a tiny --timeout the scan stops, says where, and is incomplete.
func TestTimeoutBudget(t *testing.T) {
	dir := writeFiles(t, map[string]string{"branchy.sol": branchy(400)})
	res := vigil(t, "scan", dir, "--timeout", "1ns", "--fail-on", "critical")
	if res.code != 3 {
		t.Fatalf("exit %d, want 3: %s", res.code, res.stderr)
	}
	r := decode(t, res.stdout)
	if !r.Incomplete() || !strings.Contains(strings.Join(r.Diagnostics, "\n"), "time budget exceeded in") {
		t.Errorf("coverage %+v diagnostics %q", r.Coverage, r.Diagnostics)
	}
	// The same budget through vigil.yaml's limits section.
	cfg := filepath.Join(t.TempDir(), "vigil.yaml")
	os.WriteFile(cfg, []byte("limits:\n  timeout: 1ns\n"), 0o644)
	if res := vigil(t, "scan", dir, "--config", cfg, "--fail-on", "critical"); res.code != 3 {
		t.Errorf("limits.timeout in vigil.yaml: exit %d (%s)", res.code, res.stderr)
	}
}

// TestMemoryBudgetFlag: a memory budget of one byte stops the analysis at once.
func TestMemoryBudgetFlag(t *testing.T) {
	dir := writeFiles(t, map[string]string{"branchy.sol": branchy(400)})
	res := vigil(t, "scan", dir, "--max-memory", "1", "--format", "table")
	if res.code != 0 || !strings.Contains(res.stdout, "memory budget exceeded in") || !strings.Contains(res.stdout, "INCOMPLETE SCAN") {
		t.Errorf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	if res := vigil(t, "scan", dir, "--max-memory", "lots"); res.code != 2 {
		t.Errorf("--max-memory lots: exit %d", res.code)
	}
}
