package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A configuration that leaves no file in scope is an error (exit 2) naming the setting that
// removed them, not a perfect score that passes --fail-on.
func TestNoFileInScope(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		config map[string]string
		want   string // in the error
	}{
		{"include", map[string]string{"vigil.yaml": "include: [nothing]\n"}, "include: nothing"},
		{"foundry test", map[string]string{"foundry.toml": "[profile.default]\nsrc = \"contracts\"\ntest = \"src\"\n"}, `foundry.toml test = "src"`},
		{"foundry libs", map[string]string{"foundry.toml": "[profile.default]\nlibs = [\"src\"]\n"}, "foundry.toml libs"},
		{"hardhat tests", map[string]string{"hardhat.config.js": "module.exports = { paths: { sources: \"./contracts\", tests: \"./src\" } };\n"}, "Hardhat"},
		{"exclude", map[string]string{"vigil.yaml": "exclude: [src]\n"}, `left out "src"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.MkdirAll(filepath.Join(dir, "src"), 0o755)
			os.WriteFile(filepath.Join(dir, "src", "Vault.sol"), vault, 0o644)
			for name, content := range tt.config {
				os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
			}
			res := vigil(t, "scan", dir, "--fail-on", "high")
			if res.code != exitUsage || !strings.Contains(res.stderr, tt.want) || strings.Contains(res.stdout, "Score") {
				t.Errorf("exit %d, stderr %q, want exit 2 naming %q", res.code, res.stderr, tt.want)
			}
		})
	}
	// The same project with the default layout fails the gate on its findings.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	os.WriteFile(filepath.Join(dir, "src", "Vault.sol"), vault, 0o644)
	if res := vigil(t, "scan", dir, "--fail-on", "high"); res.code != exitFindings {
		t.Errorf("default layout: exit %d (%s)", res.code, res.stderr)
	}
}
