package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// widest is the widest line of text, in characters.
func widest(text string) (int, string) {
	n, line := 0, ""
	for _, l := range strings.Split(text, "\n") {
		if w := utf8.RuneCountInString(l); w > n {
			n, line = w, l
		}
	}
	return n, line
}

// The terminal report fits 80 columns (long descriptions wrap, long code and paths are cut),
// counts in good English, and shows a large result as a summary (the most severe findings and
// the counts by detector) unless --all.
func TestTableFits80ColumnsAndSummarises(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Replace(string(vault), "selfdestruct(payable(msg.sender));",
		"selfdestruct(payable(msg.sender)); uint256 "+strings.Repeat("averyveryverylongname", 8)+" = 1;", 1)
	dir := writeFiles(t, map[string]string{"Vault.sol": long})
	res := vigilEnv(t, []string{"COLUMNS="}, "scan", dir, "--format", "table")
	if n, line := widest(res.stdout); n > 80 {
		t.Errorf("a line of %d columns:\n%s", n, line)
	}

	one := writeFiles(t, map[string]string{"One.sol": "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n" +
		"contract One { function close() external { selfdestruct(payable(msg.sender)); } }\n"})
	res = vigilEnv(t, []string{"COLUMNS="}, "scan", one, "--format", "table")
	if !strings.Contains(res.stdout, "· 1 issue · 1 file · 3 lines ·") {
		t.Errorf("counts:\n%s", res.stdout)
	}

	var b strings.Builder
	b.WriteString("// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\ncontract Many {\n")
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&b, "    function close%d() external { selfdestruct(payable(msg.sender)); }\n", i)
	}
	b.WriteString("}\n")
	many := writeFiles(t, map[string]string{"Many.sol": b.String()})
	res = vigilEnv(t, []string{"COLUMNS="}, "scan", many, "--format", "table")
	listed := strings.Count(res.stdout, "[UNPROTECTED_SELFDESTRUCT VG_")
	if !strings.Contains(res.stdout, "60 findings: a summary follows") || !strings.Contains(res.stdout, "Findings by detector") ||
		listed != 10 || !strings.Contains(res.stdout, "UNPROTECTED_SELFDESTRUCT  critical") {
		t.Errorf("summary view (%d listed):\n%s", listed, res.stdout)
	}
	if n, line := widest(res.stdout); n > 80 {
		t.Errorf("summary view: a line of %d columns:\n%s", n, line)
	}
	all := vigilEnv(t, []string{"COLUMNS="}, "scan", many, "--format", "table", "--all")
	if n := strings.Count(all.stdout, "[UNPROTECTED_SELFDESTRUCT VG_"); n != 60 {
		t.Errorf("--all lists %d findings", n)
	}
}

// vigil detectors fits 80 columns; vigil detectors ID explains one detector: what it finds, the
// fix, the facts it reads, an example from its tests and references.
func TestDetectorsListAndExplain(t *testing.T) {
	res := vigilEnv(t, []string{"COLUMNS="}, "detectors")
	if n, line := widest(res.stdout); res.code != 0 || n > 80 || !strings.Contains(res.stdout, "REENTRANCY_ETH") {
		t.Errorf("exit %d, a line of %d columns: %s", res.code, n, line)
	}
	res = vigilEnv(t, []string{"COLUMNS="}, "detectors", "reentrancy_eth")
	for _, want := range []string{"REENTRANCY_ETH: Reentrancy with ether transfer", "What it finds", "How to fix it",
		"How it decides", "Example it flags (scan/detect/solidity/testdata/reentrancy_eth/vulnerable.sol:", "call{value",
		"References", "https://swcregistry.io/docs/SWC-107", "https://cwe.mitre.org/data/definitions/841.html"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("explanation lacks %q:\n%s", want, res.stdout)
		}
	}
	if n, line := widest(res.stdout); n > 80 {
		t.Errorf("a line of %d columns: %s", n, line)
	}
	if strings.Contains(res.stdout, "// want") {
		t.Error("the example keeps the test's want marks")
	}
	// A Rust detector's example comes from its Rust fixtures.
	if res := vigil(t, "detectors", "SOLANA_ARBITRARY_CPI"); !strings.Contains(res.stdout, "scan/rust/testdata/detectors/") {
		t.Errorf("Rust example:\n%s", res.stdout)
	}
	if res := vigil(t, "detectors", "REENTRANCY_ET"); res.code != exitUsage || !strings.Contains(res.stderr, "did you mean REENTRANCY_ETH") {
		t.Errorf("unknown id: exit %d %q", res.code, res.stderr)
	}
}
