package main

import (
	"os"
	"os/exec"
	"testing"
)

// needTool finds an external program a test checks Vigil's output with: the path in the
// environment variable env (set by .ci/workflow-tools.sh), else name on PATH. Missing, the test
// skips on a developer machine, saying how to get it, and fails under .ci/run (VIGIL_CI=1).
func needTool(t *testing.T, env, name, how string) string {
	t.Helper()
	if p := os.Getenv(env); p != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	msg := name + " not found (" + env + " unset): " + how
	if os.Getenv("VIGIL_CI") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}
