package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func readYAML(t *testing.T, path string, into any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, path))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// The pre-commit hook's entry, run by the binary on a staged contract, blocks the commit on
// its high findings; its file pattern takes Solidity and Rust only.
func TestPreCommitHook(t *testing.T) {
	var hooks []struct {
		ID, Entry, Language, Files string
		PassFilenames              bool `yaml:"pass_filenames"`
	}
	readYAML(t, ".pre-commit-hooks.yaml", &hooks)
	if len(hooks) != 1 || hooks[0].ID != "vigil" || hooks[0].Language != "golang" || !hooks[0].PassFilenames {
		t.Fatalf("hooks: %+v", hooks)
	}
	files := regexp.MustCompile(hooks[0].Files)
	for name, want := range map[string]bool{"src/Vault.sol": true, "programs/lib.rs": true, "README.md": false, "a.sol.bak": false} {
		if files.MatchString(name) != want {
			t.Errorf("files pattern on %s: %v", name, !want)
		}
	}
	args := strings.Fields(hooks[0].Entry)
	if args[0] != "vigil" {
		t.Fatalf("entry %q does not run vigil", hooks[0].Entry)
	}
	res := vigil(t, append(args[1:], filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))...)
	if res.code != exitFindings || !strings.Contains(res.stdout, "REENTRANCY_ETH") {
		t.Errorf("hook on Vault.sol: exit %d, want %d\n%s%s", res.code, exitFindings, res.stdout, res.stderr)
	}
}

type actionStep struct {
	Name, ID, If, Uses, Run, Shell string
	Env                            map[string]string
	With                           map[string]string
}

// The composite action's shape: its inputs, shell syntax, install and cache steps (its logic is
// run as the runner runs it in action_test.go).
func TestGitHubAction(t *testing.T) {
	var action struct {
		Inputs map[string]struct{ Default string }
		Runs   struct {
			Using string
			Steps []actionStep
		}
	}
	readYAML(t, ".github/actions/vigil/action.yml", &action)
	for _, in := range []string{"path", "fail-on", "version"} {
		if _, ok := action.Inputs[in]; !ok {
			t.Errorf("input %s missing", in)
		}
	}
	steps := map[string]actionStep{}
	for _, s := range action.Runs.Steps {
		steps[s.Name] = s
		if s.Run != "" {
			if out, err := exec.Command("bash", "-n", "-c", s.Run).CombinedOutput(); err != nil {
				t.Errorf("step %q: %v %s", s.Name, err, out)
			}
		}
	}
	if action.Runs.Using != "composite" {
		t.Errorf("using %q", action.Runs.Using)
	}
	upload := steps["Upload SARIF"]
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") || !strings.Contains(upload.If, "always()") {
		t.Errorf("upload step: %+v", upload)
	}
	if !strings.Contains(steps["Build Vigil"].Run, "go install") || !strings.Contains(steps["Download the Vigil release"].Run, "sha256sum -c") {
		t.Errorf("install steps do not build or verify the release")
	}
	// The binary is cached, and saved right after install: a failing gate must not lose it.
	restore, save := steps["Restore the Vigil binary"], steps["Save the Vigil binary"]
	if !strings.HasPrefix(restore.Uses, "actions/cache/restore@") || !strings.HasPrefix(save.Uses, "actions/cache/save@") ||
		restore.With["key"] != save.With["key"] || !strings.Contains(steps["Download the Vigil release"].If, "cache-hit") {
		t.Errorf("binary cache steps: %+v %+v", restore, save)
	}
}

// The README's CI snippet uploads SARIF even when the gate fails, with the permission it needs.
func TestReadmeCISnippet(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i := strings.Index(readme, "### In CI")
	if i < 0 {
		t.Fatal("README has no CI section")
	}
	section := readme[i : i+strings.Index(readme[i+1:], "\n### ")+1]
	for _, want := range []string{"security-events: write", "if: always()", "actions/setup-go", "upload-sarif@v4", ".github/actions/vigil"} {
		if !strings.Contains(section, want) {
			t.Errorf("CI snippet lacks %q", want)
		}
	}
	if lic, err := os.ReadFile(filepath.Join(repoRoot, "LICENSE")); err != nil || !strings.Contains(string(lic), "Apache License\n                           Version 2.0") || !strings.Contains(string(lic), "END OF TERMS AND CONDITIONS") {
		t.Errorf("LICENSE is not the Apache-2.0 text: %v", err)
	}
}

// The action's download step installs a release archive only when goreleaser's checksums.txt
// lists it with the right SHA-256: run with bash against a local release server, a good
// release installs a working binary, a tampered or unlisted archive fails the step.
func TestGitHubActionDownload(t *testing.T) {
	var action struct{ Runs struct{ Steps []actionStep } }
	readYAML(t, ".github/actions/vigil/action.yml", &action)
	var step actionStep
	for _, s := range action.Runs.Steps {
		if s.Name == "Download the Vigil release" {
			step = s
		}
	}
	if step.Run == "" {
		t.Fatal("no download step")
	}
	bin, err := os.ReadFile(vigilBin)
	if err != nil {
		t.Fatal(err)
	}
	var archive bytes.Buffer
	gz := gzip.NewWriter(&archive)
	tw := tar.NewWriter(gz)
	tw.WriteHeader(&tar.Header{Name: "vigil", Mode: 0o755, Size: int64(len(bin))})
	tw.Write(bin)
	tw.WriteHeader(&tar.Header{Name: "LICENSE", Mode: 0o644, Size: 3})
	tw.Write([]byte("..."))
	tw.Close()
	gz.Close()
	const name = "vigil_1.2.3_linux_amd64.tar.gz"
	sum := sha256.Sum256(archive.Bytes())
	for _, tt := range []struct {
		name, checksums string
		ok              bool
	}{
		{"good", hex.EncodeToString(sum[:]) + "  " + name + "\n" + strings.Repeat("0", 64) + "  vigil_1.2.3_darwin_arm64.tar.gz\n", true},
		{"tampered", strings.Repeat("ab", 32) + "  " + name + "\n", false},
		{"unlisted", hex.EncodeToString(sum[:]) + "  vigil_1.2.3_linux_arm64.tar.gz\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/v1.2.3/" + name:
					w.Write(archive.Bytes())
				case "/v1.2.3/checksums.txt":
					io.WriteString(w, tt.checksums)
				default:
					http.NotFound(w, r)
				}
			}))
			defer srv.Close()
			home := t.TempDir()
			cmd := exec.Command("bash", "-e", "-c", step.Run)
			cmd.Env = append(os.Environ(), "HOME="+home, "RUNNER_OS=Linux", "RUNNER_ARCH=X64", "VERSION=v1.2.3",
				"RELEASE_URL="+srv.URL+"/", "GITHUB_OUTPUT="+filepath.Join(home, "output"))
			out, err := cmd.CombinedOutput()
			installed := filepath.Join(home, ".cache/vigil-action/v1.2.3/vigil")
			if !tt.ok {
				if err == nil {
					t.Errorf("the step passed:\n%s", out)
				}
				if _, err := os.Stat(installed); err == nil {
					t.Error("an unverified binary was installed")
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if output, _ := os.ReadFile(filepath.Join(home, "output")); !strings.Contains(string(output), "installed=true") {
				t.Errorf("outputs %q", output)
			}
			if v, err := exec.Command(installed, "version").Output(); err != nil || !strings.HasPrefix(string(v), "vigil ") {
				t.Errorf("installed binary: %v %s", err, v)
			}
		})
	}
}
