package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// Stand-ins for the actions the composite action uses. cacheHit says whether actions/cache finds
// the binary; uploaded records the SARIF files upload-sarif was given, after checking that the
// file is there and is SARIF (the real action fails on a missing file).
func actionStandIns(t *testing.T, r *actionRunner, cacheHit bool, uploaded *[]string) {
	r.uses = func(step actionStep, with map[string]string) (map[string]string, error) {
		switch {
		case strings.HasPrefix(step.Uses, "actions/cache/restore@"):
			if cacheHit {
				return map[string]string{"cache-hit": "true"}, nil
			}
			return map[string]string{"cache-hit": "false"}, nil
		case strings.HasPrefix(step.Uses, "actions/cache/save@"):
			return nil, nil
		case strings.HasPrefix(step.Uses, "github/codeql-action/upload-sarif@"):
			data, err := os.ReadFile(with["sarif_file"])
			if err != nil {
				return nil, fmt.Errorf("upload-sarif: %v", err)
			}
			validate(t, schema(t, "sarif-2.1.0.schema.json"), string(data))
			*uploaded = append(*uploaded, with["sarif_file"])
			return nil, nil
		}
		return nil, fmt.Errorf("no stand-in for %s", step.Uses)
	}
}

// vaultWorkspace is a checkout holding the example vault (high findings).
func vaultWorkspace(t *testing.T) string {
	ws := t.TempDir()
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ws, "Vault.sol"), vault, 0o644)
	return ws
}

// The action run as the runner runs it uploads the SARIF log when the gate fails (the upload's
// condition holds under the runner's rules, where hashFiles() sees nothing outside the
// workspace), then fails the job with Vigil's exit code; it uses upload-sarif's current major.
func TestGitHubActionUploadsSARIFWhenTheGateFails(t *testing.T) {
	r, steps := newActionRunner(t, vaultWorkspace(t), map[string]string{"version": "v1.2.3"})
	installedVigil(t, r, "v1.2.3")
	var uploaded []string
	actionStandIns(t, r, true, &uploaded)
	if r.run(steps) {
		t.Fatalf("the job passed a vault with high findings:\n%s", r.log.String())
	}
	if len(uploaded) != 1 {
		t.Fatalf("SARIF uploads %v (steps run %v)\n%s", uploaded, r.ran, r.log.String())
	}
	if !strings.HasPrefix(uploaded[0], r.temp) {
		t.Errorf("the SARIF log %s was written outside the runner's temp folder (into the user's checkout?)", uploaded[0])
	}
	if got := r.steps["scan"].Outputs["exit-code"]; got != "1" || !r.didRun("Apply fail-on") {
		t.Errorf("exit-code %q, steps run %v", got, r.ran)
	}
	if !strings.Contains(r.log.String(), "::error::vigil exited 1") {
		t.Errorf("log:\n%s", r.log.String())
	}
	if summary, _ := os.ReadFile(filepath.Join(r.temp, "summary")); !strings.Contains(string(summary), "# Vigil scan report") {
		t.Errorf("job summary: %q", summary)
	}
	for _, s := range steps {
		if strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") && s.Uses != "github/codeql-action/upload-sarif@v4" {
			t.Errorf("upload step uses %s, not the current major version v4", s.Uses)
		}
	}

	// A clean project passes: the log is still uploaded, the gate step does not run.
	clean := t.TempDir()
	os.WriteFile(filepath.Join(clean, "Counter.sol"), []byte(cleanSolidity), 0o644)
	r, steps = newActionRunner(t, clean, map[string]string{"version": "v1.2.3"})
	installedVigil(t, r, "v1.2.3")
	uploaded = nil
	actionStandIns(t, r, true, &uploaded)
	if !r.run(steps) || len(uploaded) != 1 || r.didRun("Apply fail-on") {
		t.Errorf("clean project: uploads %v, steps run %v\n%s", uploaded, r.ran, r.log.String())
	}
}

// When installation fails nothing after it runs: no scan, no upload of a log that does not
// exist, and no `exit ""` from the gate step (the failed install step already failed the job).
func TestGitHubActionInstallFailure(t *testing.T) {
	r, steps := newActionRunner(t, vaultWorkspace(t), map[string]string{"version": "v1.2.3"})
	var uploaded []string
	actionStandIns(t, r, true, &uploaded) // the cache says hit, but holds no binary
	if r.run(steps) {
		t.Fatal("the job passed without Vigil")
	}
	for _, name := range []string{"Scan", "Upload SARIF", "Apply fail-on"} {
		if r.didRun(name) {
			t.Errorf("step %q ran after the install failed (steps run %v)\n%s", name, r.ran, r.log.String())
		}
	}
	if strings.Contains(r.log.String(), "numeric argument") {
		t.Errorf("log:\n%s", r.log.String())
	}
}

// annotations: true annotates the findings in the files the pull request changed, fetching the
// base commit a shallow checkout lacks; the other findings are counted in the closing notice.
// Without a base (a new branch's push) every finding is annotated and a notice says so.
func TestGitHubActionAnnotatesChangedFiles(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	srv := gittest.NewServer(t)
	repo := srv.NewRepo(t, "project")
	repo.AllowFetchByHash(t)
	base := repo.Commit(t, "old vault", map[string]string{"contracts/Old.sol": string(vault)})
	repo.Commit(t, "new vault", map[string]string{"contracts/New.sol": strings.Replace(string(vault), "contract Vault", "contract NewVault", 1)})
	// actions/checkout's default: a shallow clone of the head commit.
	ws := filepath.Join(t.TempDir(), "checkout")
	gittest.Git(t, filepath.Dir(ws), "clone", "-q", "--depth=1", repo.URL, ws)

	for _, tt := range []struct {
		name, before string
		event        map[string]any
		newOnly      bool
	}{
		{"pull request", "", map[string]any{"pull_request": map[string]any{"base": map[string]any{"sha": base}}}, true},
		{"push", "", map[string]any{"before": base}, true},
		{"new branch", "", map[string]any{"before": strings.Repeat("0", 40)}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, steps := newActionRunner(t, ws, map[string]string{"version": "v1.2.3", "annotations": "true", "path": "contracts"})
			r.event = tt.event
			installedVigil(t, r, "v1.2.3")
			var uploaded []string
			actionStandIns(t, r, true, &uploaded)
			r.run(steps)
			log := r.log.String()
			newAnn := strings.Contains(log, "file=contracts/New.sol,")
			oldAnn := strings.Contains(log, "file=contracts/Old.sol,")
			if !newAnn || oldAnn == tt.newOnly {
				t.Errorf("annotations on New.sol %v, on Old.sol %v (want %v)\n%s", newAnn, oldAnn, !tt.newOnly, log)
			}
			if tt.newOnly && !strings.Contains(log, "in files this change did not touch, not annotated") {
				t.Errorf("the notice does not count the findings left unannotated:\n%s", log)
			}
			if !tt.newOnly && !strings.Contains(log, "every finding is annotated") {
				t.Errorf("no notice that the changed files are unknown:\n%s", log)
			}
		})
	}
}

// The gate step's script never runs `exit ""`: given no exit code (Vigil never ran) it fails
// saying so, and given one it exits with it.
func TestGitHubActionGateStep(t *testing.T) {
	r, steps := newActionRunner(t, t.TempDir(), nil)
	var gate actionStep
	for _, s := range steps {
		if s.Name == "Apply fail-on" {
			gate = s
		}
	}
	for code, want := range map[string]string{"": "Vigil did not run", "3": "vigil exited 3"} {
		gate.Env = map[string]string{"CODE": code, "FAIL_ON": "high"}
		gate.ID = "gate"
		r.log.Reset()
		_, err := r.shell(gate)
		log := r.log.String()
		if err == nil || !strings.Contains(log, want) || strings.Contains(log, "numeric argument") {
			t.Errorf("CODE=%q: %v\n%s", code, err, log)
		}
		if code == "3" && !strings.Contains(err.Error(), "exit status 3") {
			t.Errorf("CODE=3: %v", err)
		}
	}
}
