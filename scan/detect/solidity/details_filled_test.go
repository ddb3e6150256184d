package solidity

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestDetailsFilled runs every detector on its own fixtures and checks that each finding fills
// every placeholder of its template's description: no report may show a raw ${key}. (It
// replaces the access family's own check, TestAccessDetailsFilled.)
func TestDetailsFilled(t *testing.T) {
	for _, a := range All {
		dir := filepath.Join("testdata", strings.ToLower(a.ID))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Errorf("%s: no fixtures in %s", a.ID, dir)
			continue
		}
		var srcs []sema.SourceFile
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".sol") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, sema.SourceFile{Path: e.Name(), Src: src})
		}
		findings := detect.Run(sema.Load(srcs, nil), []*detect.Analyzer{a}).Findings
		if len(findings) == 0 {
			t.Errorf("%s: no findings on its fixtures", a.ID)
		}
		for _, f := range findings {
			if desc := a.Fill(f.Details); strings.Contains(desc, "${") {
				t.Errorf("%s: unfilled placeholder in %q", a.ID, desc)
			}
		}
	}
}
