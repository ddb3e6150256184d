package scan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// Test and script code and vendored copies are analysed for context but not reported unless
// asked, and the report says what it left out.
func TestTestAndVendoredCodeLeftOut(t *testing.T) {
	vault, err := os.ReadFile("../testdata/contracts/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, p := range []string{"src/Vault.sol", "test/Vault.t.sol", "src/vendor/Vault.sol"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), vault, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := func(opts Options) (map[string]bool, []string) {
		ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		res, err := Run(context.Background(), ws, opts)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, g := range res.Report.MultiFileScanDetails {
			for _, f := range g.MetricWiseAggregatedFindings {
				seen[f.Findings[0].FilePath] = true
			}
		}
		return seen, res.Report.Diagnostics
	}
	seen, diags := files(Options{})
	if !seen["src/Vault.sol"] || seen["test/Vault.t.sol"] || seen["src/vendor/Vault.sol"] {
		t.Errorf("default scan reported %v; want src/Vault.sol only", seen)
	}
	want := "not reported, analysed for context only: 1 dependency files (--include-deps) and 1 test and script files (--include-tests)"
	if !strings.Contains(strings.Join(diags, "\n"), want) {
		t.Errorf("diagnostics %q lack %q", diags, want)
	}
	if seen, _ := files(Options{IncludeTests: true}); !seen["test/Vault.t.sol"] || seen["src/vendor/Vault.sol"] {
		t.Errorf("with IncludeTests: %v", seen)
	}
	if seen, _ := files(Options{IncludeDeps: true}); seen["test/Vault.t.sol"] || !seen["src/vendor/Vault.sol"] {
		t.Errorf("with IncludeDeps: %v", seen)
	}
}
