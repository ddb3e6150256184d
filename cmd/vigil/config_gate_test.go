package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// When the scanned repository's vigil.yaml lowers a severity, disables a detector or narrows
// the scope, every format says so in one line; settings given on the command line are not
// listed (the pipeline shows them).
func TestConfigThatChangesTheGateIsShown(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{"Vault.sol": string(vault),
		"vigil.yaml": "severity:\n  TX_ORIGIN_AUTHENTICATION: low\ndetectors:\n  disable: [REENTRANCY_ETH]\nexclude: [mocks]\n"})
	want := []string{"TX_ORIGIN_AUTHENTICATION high to low", "disable REENTRANCY_ETH", "exclude mocks"}
	for _, format := range []string{"json", "table", "sarif", "markdown", "html", "github", "pdf"} {
		text := scanText(t, dir, format)
		if text == "" {
			continue
		}
		if n := strings.Count(text, "change what this scan reports and gates"); n != 1 {
			t.Errorf("%s: the configuration line appears %d times:\n%s", format, n, text)
		}
		for _, w := range want {
			if format == "markdown" {
				w = strings.ReplaceAll(w, "_", `\_`)
			}
			if !strings.Contains(text, w) {
				t.Errorf("%s output lacks %q", format, w)
			}
		}
		if format == "json" {
			validate(t, schema(t, "scan_report.schema.json"), text)
			if r := decode(t, text); r.Scope.ConfigFile != "vigil.yaml" || len(r.Scope.Config) != 3 {
				t.Errorf("scope %+v", r.Scope)
			}
		}
	}
	// The same settings as flags: the pipeline's own, not listed.
	clean := writeFiles(t, map[string]string{"Vault.sol": string(vault)})
	res := vigil(t, "scan", clean, "--disable", "REENTRANCY_ETH", "--format", "table")
	if strings.Contains(res.stdout, "change what this scan reports") {
		t.Errorf("a flag was reported as configuration:\n%s", res.stdout)
	}
}

// scanText is the scan of dir in a format, as text (the PDF through pdftotext; "" when that is
// not installed outside CI).
func scanText(t *testing.T, dir, format string) string {
	t.Helper()
	if format != "pdf" {
		res := vigil(t, "scan", dir, "--format", format)
		if res.code != 0 {
			t.Fatalf("%s: exit %d: %s", format, res.code, res.stderr)
		}
		return res.stdout
	}
	out := filepath.Join(t.TempDir(), "r.pdf")
	if res := vigil(t, "scan", dir, "--format", "pdf", "--output", out); res.code != 0 {
		t.Fatalf("pdf: exit %d: %s", res.code, res.stderr)
	}
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("VIGIL_CI") != "" {
			t.Fatal("pdftotext (poppler-utils) not installed")
		}
		t.Log("pdftotext (poppler-utils) not installed: PDF text not checked")
		return ""
	}
	data, err := exec.Command(tool, "-enc", "UTF-8", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(data)), " ")
}
