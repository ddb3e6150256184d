package scan

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// TestRustDependencyCrates checks that code of crates the program only depends on (vendored,
// copied from a registry, used through a path outside the program) is not reported as the
// program's: the same unsafe code is reported in the program only, the report says how many
// dependency files it left out, and --include-deps reports them marked as dependencies.
func TestRustDependencyCrates(t *testing.T) {
	src, err := os.ReadFile("rust/testdata/detectors/unsafe_code/native/src/lib.rs")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	manifest := func(name, deps string) string {
		return "[package]\nname = \"" + name + "\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nsolana-program = \"1.18.26\"\n" + deps
	}
	// The program, with a path dependency outside it and a patched copy of a registry crate.
	write("program/Cargo.toml", manifest("prog", "libx = { path = \"../libx\" }\nregcrate = \"1.0\"\n\n[patch.crates-io]\nregcrate = { path = \"../third_party/regcrate\" }\n"))
	write("program/src/lib.rs", string(src))
	write("libx/Cargo.toml", manifest("libx", ""))
	write("libx/src/lib.rs", string(src))
	// A crate as a registry publishes it, copied into the repository.
	write("third_party/regcrate/Cargo.toml", manifest("regcrate", ""))
	write("third_party/regcrate/.cargo_vcs_info.json", "{\"git\": {\"sha1\": \"0000000000000000000000000000000000000000\"}}\n")
	write("third_party/regcrate/src/lib.rs", string(src))
	// cargo vendor output.
	write("vendor/vcrate/Cargo.toml", manifest("vcrate", ""))
	write("vendor/vcrate/.cargo-checksum.json", "{\"files\":{},\"package\":\"00\"}\n")
	write("vendor/vcrate/src/lib.rs", string(src))

	scanned := func(includeDeps bool) (files map[string]bool, deps map[string]bool, diags string) {
		ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		res, err := Run(context.Background(), ws, Options{IncludeDeps: includeDeps})
		if err != nil {
			t.Fatal(err)
		}
		files, deps = map[string]bool{}, map[string]bool{}
		for _, g := range res.Report.MultiFileScanDetails {
			if g.IssueID != "SOLANA_UNSAFE_CODE" {
				continue
			}
			for _, f := range g.MetricWiseAggregatedFindings {
				for _, l := range f.Findings {
					files[l.FilePath] = true
					if f.Dependency {
						deps[l.FilePath] = true
					}
				}
			}
		}
		return files, deps, strings.Join(res.Report.Diagnostics, "\n")
	}
	keys := func(m map[string]bool) string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}

	files, deps, diags := scanned(false)
	if keys(files) != "program/src/lib.rs" || len(deps) != 0 {
		t.Errorf("default scan reported unsafe code in %q (dependencies %q), want the program only", keys(files), keys(deps))
	}
	if !strings.Contains(diags, "rust: 3 files of dependency crates") {
		t.Errorf("the report does not say what it left out:\n%s", diags)
	}
	files, deps, _ = scanned(true)
	if keys(files) != "libx/src/lib.rs program/src/lib.rs third_party/regcrate/src/lib.rs vendor/vcrate/src/lib.rs" ||
		keys(deps) != "libx/src/lib.rs third_party/regcrate/src/lib.rs vendor/vcrate/src/lib.rs" {
		t.Errorf("--include-deps: reported %q, as dependencies %q", keys(files), keys(deps))
	}
}
