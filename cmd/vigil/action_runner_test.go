package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nektos/act/pkg/exprparser"
	"github.com/nektos/act/pkg/model"
)

// actionRunner runs the steps of the composite action (.github/actions/vigil/action.yml) the way
// GitHub's runner does, so that tests check the action's logic and not its text: each step's
// `if:` is evaluated by act's expression interpreter (nektos/act, which implements the runner's
// semantics: success() unless a status function is named, case-insensitive string comparison,
// hashFiles() over the files under the workspace only), `${{ }}` in env and with is
// interpolated, a `run:` step runs with `bash --noprofile --norc -eo pipefail` in the workspace,
// and its GITHUB_OUTPUT and GITHUB_PATH files feed the following steps. A `uses:` step is handed
// to the test's stand-in for that action.
type actionRunner struct {
	t                     *testing.T
	workspace, temp, home string
	inputs                map[string]any
	event                 map[string]any
	// uses stands in for the actions the composite calls: it returns the step's outputs, or an
	// error when that action would fail.
	uses func(step actionStep, with map[string]string) (map[string]string, error)

	steps  map[string]*model.StepResult // by step id
	status string                       // the job's status: success or failure
	path   []string                     // GITHUB_PATH additions, newest first
	ran    []string                     // names of the steps that ran
	log    strings.Builder              // the run steps' output
}

// newActionRunner reads the action and prepares a workspace, a runner temp folder and a home;
// inputs override the action's defaults.
func newActionRunner(t *testing.T, workspace string, inputs map[string]string) (*actionRunner, []actionStep) {
	t.Helper()
	var action struct {
		Inputs map[string]struct{ Default string }
		Runs   struct{ Steps []actionStep }
	}
	readYAML(t, ".github/actions/vigil/action.yml", &action)
	r := &actionRunner{t: t, workspace: workspace, temp: t.TempDir(), home: t.TempDir(), inputs: map[string]any{},
		event: map[string]any{}, steps: map[string]*model.StepResult{}, status: "success"}
	for name, in := range action.Inputs {
		r.inputs[name] = in.Default
	}
	for name, v := range inputs {
		r.inputs[name] = v
	}
	return r, action.Runs.Steps
}

func (r *actionRunner) interpreter() exprparser.Interpreter {
	env := &exprparser.EvaluationEnvironment{
		Github: &model.GithubContext{Workspace: r.workspace, Event: r.event, EventName: "pull_request"},
		Env:    map[string]string{},
		Job:    &model.JobContext{Status: r.status},
		Steps:  r.steps,
		Runner: map[string]any{"temp": r.temp, "os": "Linux", "arch": "X64"},
		Inputs: r.inputs,
	}
	return exprparser.NewInterpeter(env, exprparser.Config{WorkingDir: r.workspace, Context: "step"})
}

var exprPattern = regexp.MustCompile(`\$\{\{(.*?)\}\}`)

// interpolate replaces each ${{ expression }} of s by its value, as the runner does in env and with.
func (r *actionRunner) interpolate(s string) string {
	r.t.Helper()
	return exprPattern.ReplaceAllStringFunc(s, func(m string) string {
		v, err := r.interpreter().Evaluate(strings.TrimSpace(m[3:len(m)-2]), exprparser.DefaultStatusCheckNone)
		if err != nil {
			r.t.Fatalf("expression %s: %v", m, err)
		}
		switch v := v.(type) {
		case nil:
			return ""
		case string:
			return v
		case bool:
			if v {
				return "true"
			}
			return "false"
		}
		r.t.Fatalf("expression %s: unexpected value %v", m, v)
		return ""
	})
}

// run runs every step in order and returns whether the job succeeded.
func (r *actionRunner) run(steps []actionStep) bool {
	r.t.Helper()
	for _, s := range steps {
		v, err := r.interpreter().Evaluate(s.If, exprparser.DefaultStatusCheckSuccess)
		if err != nil {
			r.t.Fatalf("step %q: if %q: %v", s.Name, s.If, err)
		}
		if !exprparser.IsTruthy(v) {
			if s.ID != "" { // a skipped step's outputs read as empty strings
				r.steps[s.ID] = &model.StepResult{Outputs: map[string]string{}, Outcome: model.StepStatusSkipped, Conclusion: model.StepStatusSkipped}
			}
			continue
		}
		r.ran = append(r.ran, s.Name)
		with := map[string]string{}
		for k, v := range s.With {
			with[k] = r.interpolate(v)
		}
		var outputs map[string]string
		if s.Uses != "" {
			outputs, err = r.uses(s, with)
		} else {
			outputs, err = r.shell(s)
		}
		result := &model.StepResult{Outputs: outputs, Outcome: model.StepStatusSuccess, Conclusion: model.StepStatusSuccess}
		if err != nil {
			r.log.WriteString("step " + s.Name + " failed: " + err.Error() + "\n")
			result.Outcome, result.Conclusion = model.StepStatusFailure, model.StepStatusFailure
			r.status = "failure"
		}
		if result.Outputs == nil {
			result.Outputs = map[string]string{}
		}
		if s.ID != "" {
			r.steps[s.ID] = result
		}
	}
	return r.status == "success"
}

// shell runs a run step with bash, as the runner runs `shell: bash`.
func (r *actionRunner) shell(s actionStep) (map[string]string, error) {
	output := filepath.Join(r.temp, "output-"+s.ID)
	os.WriteFile(output, nil, 0o644)
	pathFile := filepath.Join(r.temp, "path")
	os.WriteFile(pathFile, nil, 0o644)
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", s.Run)
	cmd.Dir = r.workspace
	cmd.Env = append(os.Environ(),
		"PATH="+strings.Join(append(append([]string{}, r.path...), os.Getenv("PATH")), ":"),
		"HOME="+r.home, "RUNNER_TEMP="+r.temp, "RUNNER_OS=Linux", "RUNNER_ARCH=X64",
		"GITHUB_WORKSPACE="+r.workspace, "GITHUB_OUTPUT="+output, "GITHUB_PATH="+pathFile,
		"GITHUB_STEP_SUMMARY="+filepath.Join(r.temp, "summary"), "NO_COLOR=1")
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+r.interpolate(v))
	}
	out, err := cmd.CombinedOutput()
	r.log.Write(out)
	if added, _ := os.ReadFile(pathFile); len(added) > 0 {
		for _, p := range strings.Fields(string(added)) {
			r.path = append([]string{p}, r.path...)
		}
	}
	outputs := map[string]string{}
	if f, ferr := os.Open(output); ferr == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, v, ok := strings.Cut(sc.Text(), "="); ok {
				outputs[k] = v
			}
		}
		f.Close()
	}
	return outputs, err
}

// installedVigil is a stand-in for actions/cache whose restore finds the binary of the version
// (the test built it): the action then neither downloads nor builds.
func installedVigil(t *testing.T, r *actionRunner, version string) {
	t.Helper()
	dir := filepath.Join(r.home, ".cache/vigil-action", version)
	os.MkdirAll(dir, 0o755)
	bin, err := os.ReadFile(vigilBin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "vigil"), bin, 0o755); err != nil {
		t.Fatal(err)
	}
}

func (r *actionRunner) didRun(name string) bool {
	for _, n := range r.ran {
		if n == name {
			return true
		}
	}
	return false
}
