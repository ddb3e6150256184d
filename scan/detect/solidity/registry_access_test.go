package solidity

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TestAccessDetailsFilled runs the access family on its own fixtures and checks that every
// finding fills every placeholder its template declares, so no report shows a raw ${key}.
func TestAccessDetailsFilled(t *testing.T) {
	for _, a := range accessDetectors {
		dir := filepath.Join("testdata", strings.ToLower(a.ID))
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var srcs []sema.SourceFile
		for _, e := range entries {
			src, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			srcs = append(srcs, sema.SourceFile{Path: e.Name(), Src: src})
		}
		res := detect.Run(sema.Load(srcs, nil), []*detect.Analyzer{a})
		if len(res.Findings) == 0 {
			t.Errorf("%s: no findings on its fixtures", a.ID)
		}
		for _, f := range res.Findings {
			if desc := a.Fill(f.Details); strings.Contains(desc, "${") {
				t.Errorf("%s: unfilled placeholder in %q", a.ID, desc)
			}
		}
	}
}
