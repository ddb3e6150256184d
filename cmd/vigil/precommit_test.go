package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Debian's pre-commit runs the repository's hook (.pre-commit-hooks.yaml) as a user's would:
// `pre-commit try-repo` builds Vigil from this checkout (language: golang) and runs it on the
// files staged in a temporary repository. A staged vulnerable contract fails the hook; a safe
// one passes.
func TestPreCommitTryRepo(t *testing.T) {
	preCommit := needTool(t, "VIGIL_PRE_COMMIT", "pre-commit", "apt-get install pre-commit, or run .ci/workflow-tools.sh")
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	runGit(t, work, "init", "-q")
	files := map[string]string{"contracts/Vault.sol": string(vault), "README.md": "not scanned\n",
		"contracts/Safe.sol": "// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\ncontract Safe {\n    uint256 public total;\n}\n"}
	for p, src := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(work, p)), 0o755)
		if err := os.WriteFile(filepath.Join(work, p), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(staged ...string) (string, error) {
		runGit(t, work, "reset", "-q")
		runGit(t, work, append([]string{"add", "--"}, staged...)...)
		cmd := exec.Command(preCommit, "try-repo", root, "vigil")
		cmd.Dir = work
		// Build with the module cache the test suite already filled, without the network, and
		// path-independently so that the build cache serves pre-commit's copy of the checkout.
		cmd.Env = append(os.Environ(), "PRE_COMMIT_HOME="+filepath.Join(work, ".pre-commit-home"),
			"GOMODCACHE="+strings.TrimSpace(string(modcache)), "GOPROXY=off", "GOFLAGS=-buildvcs=false -trimpath", "NO_COLOR=1")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("contracts/Vault.sol", "README.md")
	if err == nil || !strings.Contains(out, "- hook id: vigil") || !strings.Contains(out, "Failed") ||
		!strings.Contains(out, "UNPROTECTED_SELFDESTRUCT") {
		t.Errorf("a staged vulnerable contract passed the hook: %v\n%s", err, out)
	}
	out, err = run("contracts/Safe.sol")
	if err != nil || !strings.Contains(out, "Passed") {
		t.Errorf("a staged safe contract failed the hook: %v\n%s", err, out)
	}
}
