package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An unknown key or a bad value in vigil.yaml, or an unknown or bad VIGIL_* variable, is a
// usage error naming the file and line (or the variable) and the setting probably meant.
func TestUnknownSettingsAreErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"Counter.sol": cleanSolidity})
	for _, tt := range []struct {
		config string
		env    []string
		want   string
	}{
		{config: "fail_on: high\ndisabel: [DEAD_CODE]\n", want: `vigil.yaml:2: unknown setting "disabel" (did you mean "disable"?)`},
		{config: "fail_onn: high\n", want: `vigil.yaml:1: unknown setting "fail_onn" (did you mean "fail_on"?)`},
		{config: "fail-on: high\n", want: `did you mean "fail_on"`},
		{config: "include_deps: maybe\n", want: `vigil.yaml:1: include_deps: "maybe" is not true or false`},
		{config: "limits:\n  max_files: lots\n", want: `vigil.yaml:2: limits.max_files: "lots" is not a valid int`},
		{config: "limits:\n  max_filez: 3\n", want: `did you mean "limits.max_files"`},
		{config: "severity:\n  TIMESTAMP_DEPENDENCE: low\n  TX_ORIGN_AUTHENTICATION: low\n", want: `vigil.yaml:3: severity: unknown detector "TX_ORIGN_AUTHENTICATION" (did you mean TX_ORIGIN_AUTHENTICATION?)`},
		{config: "detectors:\n  disabled: [DEAD_CODE]\n", want: `did you mean "detectors.disable"`},
		{env: []string{"VIGIL_FAIL_ONN=high"}, want: "VIGIL_FAIL_ONN is not a Vigil setting (did you mean VIGIL_FAIL_ON?)"},
		{env: []string{"VIGIL_INCLUDE_DEPS=maybe"}, want: `VIGIL_INCLUDE_DEPS: "maybe" is not true or false`},
		{env: []string{"VIGIL_TIMEOUT=soon"}, want: `VIGIL_TIMEOUT: "soon" is not a duration`},
	} {
		cfg := filepath.Join(t.TempDir(), "vigil.yaml")
		args := []string{"scan", dir}
		if tt.config != "" {
			os.WriteFile(cfg, []byte(tt.config), 0o644)
			args = append(args, "--config", cfg)
		}
		res := vigilEnv(t, tt.env, args...)
		if res.code != exitUsage || !strings.Contains(res.stderr, tt.want) || res.stdout != "" {
			t.Errorf("%q %v: exit %d, stderr %q; want exit 2 and %q", tt.config, tt.env, res.code, res.stderr, tt.want)
		}
	}
	// The scanned folder's own vigil.yaml is checked the same way.
	os.WriteFile(filepath.Join(dir, "vigil.yaml"), []byte("exclud: [mocks]\n"), 0o644)
	if res := vigil(t, "scan", dir); res.code != exitUsage || !strings.Contains(res.stderr, `vigil.yaml:1: unknown setting "exclud" (did you mean "exclude"?)`) {
		t.Errorf("the project's vigil.yaml: exit %d, stderr %q", res.code, res.stderr)
	}
	// Every setting the README's example config uses, and tool variables, are accepted.
	dir = writeFiles(t, map[string]string{"Counter.sol": cleanSolidity})
	os.Mkdir(filepath.Join(dir, "src"), 0o755)
	os.Rename(filepath.Join(dir, "Counter.sol"), filepath.Join(dir, "src", "Counter.sol"))
	readme, _ := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	example := regexp.MustCompile("(?s)```yaml\n# vigil.yaml\n(.*?)```").FindSubmatch(readme)
	if example == nil {
		t.Fatal("README has no example vigil.yaml")
	}
	cfg := filepath.Join(t.TempDir(), "vigil.yaml")
	os.WriteFile(cfg, example[1], 0o644)
	res := vigilEnv(t, []string{"VIGIL_CI=1", "VIGIL_LIMITS_GIT_TIMEOUT=3m", "VIGIL_DISABLE=DEAD_CODE"}, "scan", dir, "--config", cfg)
	if res.code != 0 {
		t.Errorf("the README's example config: exit %d: %s", res.code, res.stderr)
	}
}

// Every key the commands read (v.Get..., listOf, unmarshalSection, budgetSetting) is a known
// setting: a setting added without being known here would be refused as unknown.
func TestEveryReadSettingIsKnown(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	calls := regexp.MustCompile(`(?:v\.Get[A-Za-z0-9]*|v\.IsSet|v\.InConfig|budgetSetting|unmarshalSection|listOf)\(v?,?\s*("[a-z_.]+"(?:,\s*"[a-z_.]+")*)`)
	quoted := regexp.MustCompile(`"([a-z_.]+)"`)
	s := knownSettings()
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, _ := os.ReadFile(f)
		for _, call := range calls.FindAllStringSubmatch(string(src), -1) {
			for _, m := range quoted.FindAllStringSubmatch(call[1], -1) {
				n++
				key := m[1]
				if strings.HasSuffix(key, ".") {
					continue // a prefix the code completes ("limits." + key)
				}
				section, leaf, dotted := strings.Cut(key, ".")
				_, inSection := s.sections[section][leaf]
				switch {
				case s.top[key] != "", s.sections[key] != nil, key == "severity":
				case dotted && (inSection || hasPrefix(s.sections[section], leaf+".")):
				default:
					t.Errorf("%s reads %q, which is not a known setting (config_keys.go)", f, key)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("found only %d settings read: the pattern no longer matches the code", n)
	}
}

// vigilEnv runs vigil with extra environment variables.
func vigilEnv(t *testing.T, env []string, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(vigilBin, args...)
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1"), env...)
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
