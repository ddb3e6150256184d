package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// vigilIn runs the binary with dir as its current folder.
func vigilIn(t *testing.T, dir string, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(vigilBin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return runResult{out.String(), errb.String(), code}
}

// hostileConfig is a scanned project's vigil.yaml that tries to write the report over a file
// of the user's, change its format, read files outside the workspace and open the network;
// its detector choice is the project's to make and holds.
func hostileConfig(victim string) string {
	return fmt.Sprintf("output: %s\nformat: markdown\nbaseline: /etc/passwd\nrustsec_db: /etc\nallow_private_networks: true\n"+
		"max_bytes: 3000\nexclude: [../.., /etc, generated]\ndetectors:\n  disable: [TX_ORIGIN_AUTHENTICATION]\n", victim)
}

// A scanned repository's vigil.yaml cannot choose where or how the report is written, nor
// reach outside the workspace: scanned as a folder from elsewhere, as a git URL, as the
// current folder (a CI job's checkout), and as files of the current folder, the report goes
// to standard output as JSON, the user's file is untouched, and each refused key is named on
// standard error. What describes the project (the detector choice) applies.
func TestScannedConfigCannotWriteFiles(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "victim.sh")
	const original = "echo the user's file\n"
	os.WriteFile(victim, []byte(original), 0o644)
	files := map[string]string{"src/Vault.sol": string(vault), "generated/Vault.sol": string(vault), "vigil.yaml": hostileConfig(victim)}

	project := t.TempDir()
	for p, src := range files {
		os.MkdirAll(filepath.Dir(filepath.Join(project, p)), 0o755)
		os.WriteFile(filepath.Join(project, p), []byte(src), 0o644)
	}
	repo := gittest.NewServer(t).NewRepo(t, "hostile")
	repo.Commit(t, "hostile", files)

	for _, c := range []struct {
		name string
		run  func() runResult
	}{
		{"folder", func() runResult { return vigil(t, "scan", project) }},
		{"git URL", func() runResult { return vigil(t, "scan", "repo", repo.URL, "--allow-private-networks") }},
		{"current folder", func() runResult { return vigilIn(t, project, "scan", ".") }},
		{"files of the current folder", func() runResult { return vigilIn(t, project, "scan", "file", "src/Vault.sol") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := c.run()
			if res.code != 0 {
				t.Fatalf("exit %d: %s", res.code, res.stderr)
			}
			if got, _ := os.ReadFile(victim); string(got) != original {
				t.Fatalf("the scanned project's config wrote over %s:\n%.300s", victim, got)
			}
			r := decode(t, res.stdout) // JSON on standard output, not Markdown in a file
			if c.name != "files of the current folder" {
				if ids := issueIDs(r); ids["TX_ORIGIN_AUTHENTICATION"] != 0 || ids["REENTRANCY_ETH"] == 0 {
					t.Errorf("the project's detector choice: %v", ids)
				}
			}
			for _, key := range []string{"output", "format", "baseline", "rustsec_db", "allow_private_networks", "max_bytes"} {
				if !strings.Contains(res.stderr, key) {
					t.Errorf("no warning names %s: %s", key, res.stderr)
				}
			}
			if !strings.Contains(res.stderr, `"/etc"`) || !strings.Contains(res.stderr, `"../.."`) {
				t.Errorf("exclude entries outside the workspace not refused by name: %s", res.stderr)
			}
		})
	}
	// The user's own config file is theirs: --config makes the same file apply in full.
	out := filepath.Join(t.TempDir(), "mine.md")
	mine := filepath.Join(t.TempDir(), "vigil.yaml")
	os.WriteFile(mine, []byte("output: "+out+"\nformat: markdown\n"), 0o644)
	if res := vigil(t, "scan", project, "--config", mine); res.code != 0 || res.stdout != "" {
		t.Fatalf("--config: exit %d, stdout %q %s", res.code, res.stdout, res.stderr)
	}
	if md, err := os.ReadFile(out); err != nil || !strings.HasPrefix(string(md), "# Vigil scan report") {
		t.Fatalf("--config output: %v %.100s", err, md)
	}
}

// A scanned project's vigil.yaml may lower a limit, never raise one: a file over the default
// max_file_bytes stays out although the project raised the limit, and a budget the project
// lowers below the user's own flag applies (the scan stops at it, incomplete).
func TestScannedConfigLowersLimitsOnly(t *testing.T) {
	small := "pragma solidity ^0.8.0;\ncontract A { function f() public { selfdestruct(payable(msg.sender)); } }\n"
	big := small + "// " + strings.Repeat("x", 5<<20) + "\n"
	dir := writeFiles(t, map[string]string{"Small.sol": small, "Big.sol": big,
		"vigil.yaml": "limits:\n  max_file_bytes: 100000000\n  max_memory: 0\nmax_memory: 64GiB\ntimeout: 10h\n"})
	res := vigil(t, "scan", dir)
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	if r := decode(t, res.stdout); r.MultiFileScanSummary.CountFilesAnalyzed != 1 {
		t.Errorf("%d files analysed: the project raised max_file_bytes past the user's", r.MultiFileScanSummary.CountFilesAnalyzed)
	}
	for _, key := range []string{"limits.max_file_bytes", "limits.max_memory", "max_memory", "timeout"} {
		if !strings.Contains(res.stderr, key+" ignored") {
			t.Errorf("no warning for %s: %s", key, res.stderr)
		}
	}

	lower := writeFiles(t, map[string]string{"branchy.sol": branchy(400), "vigil.yaml": "limits:\n  timeout: 1ns\n"})
	res = vigil(t, "scan", lower, "--timeout", "10m", "--fail-on", "critical")
	if res.code != exitIncomplete {
		t.Fatalf("a budget the project lowered below --timeout: exit %d, want %d (%s)", res.code, exitIncomplete, res.stderr)
	}
}

// vigil lsp applies the same rule to its workspace folder's vigil.yaml (the folder it is
// started in, as editors start it): a file over the default max_file_bytes stays out of the
// workspace scan although the project raised the limit, and the refused keys are named.
func TestLSPScannedConfigRule(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{
		"vigil.yaml":    "limits:\n  max_file_bytes: 100000000\noutput: /tmp/vigil-lsp-output\n",
		"src/Base.sol":  lspBase,
		"src/Vault.sol": lspVault,
		"big/Big.sol":   strings.Replace(lspVault, "contract Vault", "contract Big", 1) + "// " + strings.Repeat("x", 5<<20) + "\n",
	})
	vault, big := fileURI(filepath.Join(dir, "src/Vault.sol")), fileURI(filepath.Join(dir, "big/Big.sol"))
	c := startLSP(t, dir)
	if e := c.call("initialize", map[string]any{"processId": nil, "rootUri": fileURI(dir), "capabilities": map[string]any{}}, nil); e != nil {
		t.Fatalf("initialize: %+v", e)
	}
	c.notify("initialized", map[string]any{})
	if ds := withCode(c.diagnostics(vault, func(publishedDiagnostics) bool { return true }).Diagnostics, "REENTRANCY_ETH"); len(ds) != 1 {
		t.Fatalf("workspace scan of Vault.sol: %+v\n%s", ds, c.log())
	}
	for _, m := range c.held {
		var p publishedDiagnostics
		if string(m["method"]) == `"textDocument/publishDiagnostics"` && json.Unmarshal(m["params"], &p) == nil && p.URI == big &&
			len(withCode(p.Diagnostics, "REENTRANCY_ETH")) > 0 {
			t.Errorf("Big.sol was analysed: the project raised max_file_bytes past the user's")
		}
	}
	if log := c.log(); !strings.Contains(log, "limits.max_file_bytes ignored") || !strings.Contains(log, "output") {
		t.Errorf("the refused keys are not named:\n%s", log)
	}
}
