package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file named alone is read in its project: its relative and remapped imports come from disk
// for context, so a bug it inherits from ./Base.sol is found and nothing is unresolved; only
// the named files are reported.
func TestScanNamedFileReadsImports(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, src := range map[string]string{
		"foundry.toml":   "[profile.default]\nsrc = \"src\"\n",
		"remappings.txt": "@owned/=lib/owned/src/\n",
		"lib/owned/src/Owned.sol": "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n" +
			"contract Owned { address public owner; constructor() { owner = msg.sender; } }\n",
		"src/Base.sol": strings.Replace(string(vault), "contract Vault", "contract Base", 1),
		"src/Child.sol": "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\nimport \"./Base.sol\";\nimport \"@owned/Owned.sol\";\n" +
			"contract Child is Base, Owned {}\n",
		"src/Other.sol": strings.Replace(string(vault), "contract Vault", "contract Other", 1),
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(src), 0o644)
	}
	child := filepath.Join(dir, "src", "Child.sol")
	res := vigil(t, "scan", child)
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	r := decode(t, res.stdout)
	if issueIDs(r)["REENTRANCY_ETH"] == 0 {
		t.Errorf("the reentrancy Child inherits from ./Base.sol was missed: %v", issueIDs(r))
	}
	if !r.Coverage.Complete {
		t.Errorf("imports unresolved: %+v", r.Coverage.Gaps)
	}
	if len(r.Scope.Files) != 1 || r.Scope.Files[0].Path != "src/Child.sol" {
		t.Errorf("scope %+v, want src/Child.sol alone", r.Scope.Files)
	}
	for _, g := range r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				if strings.Contains(loc.FilePath, "Other.sol") || strings.Contains(loc.FilePath, "Owned.sol") {
					t.Errorf("a finding of a file not named nor reached: %s %s", g.IssueID, loc.FilePath)
				}
			}
		}
	}

	// Two named files are both reported; as the pre-commit hook names them.
	res = vigil(t, "scan", "file", child, filepath.Join(dir, "src", "Other.sol"))
	if r := decode(t, res.stdout); res.code != 0 || len(r.Scope.Files) != 2 {
		t.Errorf("two files: exit %d, scope %+v (%s)", res.code, r.Scope, res.stderr)
	}
}

// A named file the repository's configuration excludes is not scanned (the pre-commit hook
// names staged files, excluded mocks among them): nothing to scan is said, and passes.
func TestScanNamedFileExcluded(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "mocks"), 0o755)
	os.WriteFile(filepath.Join(dir, "foundry.toml"), []byte("[profile.default]\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "vigil.yaml"), []byte("exclude: [mocks]\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "mocks", "Mock.sol"), []byte(cleanSolidity), 0o644)
	res := vigil(t, "scan", "file", filepath.Join(dir, "mocks", "Mock.sol"), "--fail-on", "high")
	if res.code != 0 || !strings.Contains(res.stderr, "every file named is left out by the skip settings") {
		t.Errorf("exit %d, stderr %q", res.code, res.stderr)
	}
}
