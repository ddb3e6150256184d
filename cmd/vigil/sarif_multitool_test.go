package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Vigil's SARIF passes the official validator, Sarif.Multitool, without an error or a warning
// (its notes are advice Vigil does not take: rule ids like "CS2001", message ids instead of
// text, snippets, and help URIs it cannot reach offline): scans of a git repository whose paths hold spaces, '#', '%' and non-ASCII letters
// (with versionControlProvenance from its origin and commit) and of an incomplete scan (the
// gaps are notifications with locations).
func TestSARIFMultitoolValidates(t *testing.T) {
	tool := needTool(t, "VIGIL_SARIF_MULTITOOL", "Sarif.Multitool",
		"npm install @microsoft/sarif-multitool-linux@5.7.0 and set VIGIL_SARIF_MULTITOOL, or run .ci/workflow-tools.sh")
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	sub := filepath.Join(repo, "my contracts", "v#1 ü")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "Vault 100%.sol"), vault, 0o644); err != nil {
		t.Fatal(err)
	}
	runGit(t, repo, "init", "-q", "-b", "main")
	runGit(t, repo, "remote", "add", "origin", "git@github.com:example/vault.git")
	runGit(t, repo, "add", "-A")
	runGit(t, repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "vault")
	head := strings.TrimSpace(runGit(t, repo, "rev-parse", "HEAD"))

	broken := t.TempDir()
	if err := os.WriteFile(filepath.Join(broken, "Broken ü.sol"), []byte("contract A { function f( {"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "Vault.sol"), vault, 0o644); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	for name, target := range map[string]string{"repo": filepath.Join(repo, "my contracts"), "incomplete": broken} {
		log := filepath.Join(dir, name+".sarif")
		res := vigil(t, "scan", target, "--format", "sarif", "--output", log)
		if res.code != 0 {
			t.Fatalf("%s: exit %d: %s", name, res.code, res.stderr)
		}
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		if name == "repo" {
			var out struct {
				Runs []struct {
					VersionControlProvenance []struct{ RepositoryURI, RevisionID, Branch string }
				}
			}
			if err := json.Unmarshal(data, &out); err != nil || len(out.Runs[0].VersionControlProvenance) != 1 {
				t.Fatalf("no versionControlProvenance: %v\n%s", err, data)
			}
			vc := out.Runs[0].VersionControlProvenance[0]
			if vc.RepositoryURI != "ssh://git@github.com/example/vault.git" || vc.RevisionID != head || vc.Branch != "main" {
				t.Errorf("versionControlProvenance %+v, want the origin, %s and main", vc, head)
			}
		}
		multitoolValidate(t, tool, log)
	}
}

// multitoolValidate runs Sarif.Multitool validate on a log and fails on each of its results.
func multitoolValidate(t *testing.T, tool, log string) {
	t.Helper()
	out := log + ".validation.sarif"
	cmd := exec.Command(tool, "validate", log, "--output", out, "--level", "Error", "Warning")
	// The .NET runtime inside the tool needs no ICU for this.
	cmd.Env = append(os.Environ(), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1")
	console, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("Sarif.Multitool validate %s: %v\n%s", filepath.Base(log), err, console)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Runs []struct {
			Results []struct {
				RuleID  string
				Level   string
				Message struct{ Text string }
			}
		}
	}
	if err := json.Unmarshal(data, &v); err != nil || len(v.Runs) == 0 {
		t.Fatalf("validator output: %v\n%s", err, data)
	}
	for _, r := range v.Runs[0].Results {
		t.Errorf("%s: %s %s: %s", filepath.Base(log), r.Level, r.RuleID, r.Message.Text)
	}
}

func runGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
