package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// scanTime is the one part of two scans' Markdown that may differ (another scan, another time).
var scanTime = regexp.MustCompile(`· [0-9.]+ s\n`)

// A saved JSON report renders again in every format without a scan, and gives what the scan
// gave: JSON round-trips byte for byte, SARIF and Markdown (with --source, the project folder the
// named file was read in, for paths and excerpts) match.
func TestReportRendersSavedJSON(t *testing.T) {
	contracts := filepath.Join(repoRoot, "testdata/contracts")
	vault := filepath.Join(contracts, "Vault.sol")
	saved := filepath.Join(t.TempDir(), "saved.json")
	if res := vigil(t, "scan", vault, "--output", saved); res.code != 0 {
		t.Fatalf("scan: exit %d: %s", res.code, res.stderr)
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if res := vigil(t, "report", saved, "--format", "json"); res.code != 0 || res.stdout != string(data) {
		t.Errorf("JSON does not round-trip (exit %d, %s)", res.code, res.stderr)
	}
	for _, tt := range []struct {
		format string
		extra  []string
	}{{"sarif", []string{"--source", repoRoot}}, {"markdown", []string{"--source", repoRoot}}} {
		scanned := vigil(t, "scan", vault, "--format", tt.format)
		rendered := vigil(t, append([]string{"render", saved, "--format", tt.format}, tt.extra...)...)
		if rendered.code != 0 || scanTime.ReplaceAllString(rendered.stdout, "") != scanTime.ReplaceAllString(scanned.stdout, "") {
			t.Errorf("%s rendered from the saved report differs from the scan's (exit %d, %s):\n%s", tt.format, rendered.code, rendered.stderr, rendered.stdout)
		}
		if tt.format == "sarif" {
			validate(t, schema(t, "sarif-2.1.0.schema.json"), rendered.stdout)
		}
	}
	if res := vigil(t, "report", saved, "--format", "table"); res.code != 0 || !strings.Contains(res.stdout, "UNPROTECTED_SELFDESTRUCT") {
		t.Errorf("table: exit %d %s", res.code, res.stderr)
	}
	for _, format := range []string{"html", "pdf"} {
		out := filepath.Join(t.TempDir(), "r."+format)
		if res := vigil(t, "report", saved, "--format", format, "--output", out); res.code != 0 {
			t.Errorf("%s: exit %d %s", format, res.code, res.stderr)
		} else if st, err := os.Stat(out); err != nil || st.Size() < 1000 {
			t.Errorf("%s: %v %v", format, st, err)
		}
	}
	if res := vigil(t, "report", vault); res.code != 2 || !strings.Contains(res.stderr, "Vault.sol is not a Vigil JSON report") {
		t.Errorf("a non-report: exit %d %s", res.code, res.stderr)
	}
}

// --format github prints workflow annotations for a scan, and --max-bytes bounds the Markdown;
// a --max-bytes too small for the summary is a usage error.
func TestGitHubFormatAndMaxBytes(t *testing.T) {
	vault := filepath.Join(repoRoot, "testdata/contracts/Vault.sol")
	res := vigil(t, "scan", "file", vault, "--format", "github")
	if res.code != 0 || !strings.Contains(res.stdout, "::error file=") || !strings.Contains(res.stdout, "title=") ||
		!strings.HasSuffix(res.stdout, "\n") || !strings.Contains(res.stdout, "::notice title=Vigil scan::Vigil: ") {
		t.Errorf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	res = vigil(t, "scan", "file", vault, "--format", "markdown", "--max-bytes", "3000")
	if res.code != 0 || len(res.stdout) > 3000 || !strings.Contains(res.stdout, "| Severity | Count |") {
		t.Errorf("exit %d, %d bytes\n%s%s", res.code, len(res.stdout), res.stdout, res.stderr)
	}
	if res := vigil(t, "scan", "file", vault, "--format", "markdown", "--max-bytes", "100"); res.code != exitUsage {
		t.Errorf("--max-bytes 100: exit %d", res.code)
	}
}
