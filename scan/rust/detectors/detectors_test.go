package detectors

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

var wantRe = regexp.MustCompile(`(?://|#)\s*want((?:\s+"[A-Z0-9_]+")+)(?:\s+severity=([a-z]+))?`)
var idRe = regexp.MustCompile(`"([A-Z0-9_]+)"`)

// wanted reads the want comments of a crate folder as "file:line" of the findings of id, each
// with the severity its mark pins (`// want "ID" severity=low`; "" when the line has no mark):
// detectors weigh one class by what the code at stake holds, and the fixtures say how.
func wanted(t *testing.T, dir, id string) map[string]detect.Severity {
	t.Helper()
	out := map[string]detect.Severity{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".rs") || d.Name() == "Cargo.lock") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, line := range strings.Split(string(data), "\n") {
			m := wantRe.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, w := range idRe.FindAllStringSubmatch(m[1], -1) {
				if w[1] == id {
					out[filepath.ToSlash(rel)+":"+strconv.Itoa(i+1)] = detect.Severity(m[2])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func testDB(t *testing.T) *advisory.DB {
	db, err := advisory.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestFixtures runs each detector over its fixture folder: every want
// comment must be reported (at the severity its mark pins, if any), every
// finding must be wanted and must fill every placeholder of its description.
func TestFixtures(t *testing.T) {
	cfg := Config{Advisories: testDB(t)}
	for _, a := range All {
		a := a
		folder := strings.ToLower(strings.TrimPrefix(a.ID, "SOLANA_"))
		t.Run(folder, func(t *testing.T) {
			crates, _ := filepath.Glob(filepath.Join("../testdata/detectors", folder, "*"))
			n := 0
			for _, dir := range crates {
				if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
					continue
				}
				n++
				ws, err := model.LoadWorkspace(dir, model.Limits{})
				if err != nil {
					t.Fatal(err)
				}
				want := wanted(t, dir, a.ID)
				got := map[string]bool{}
				for _, f := range Run(ws, []*detect.Analyzer{a}, cfg) {
					at := f.File + ":" + strconv.Itoa(f.Line)
					got[at] = true
					if sev := want[at]; sev != "" && f.EffectiveSeverity() != sev {
						t.Errorf("%s: %s reported %s, want %s", filepath.Base(dir), at, f.EffectiveSeverity(), sev)
					}
					// No report may show a raw ${key}.
					if desc := a.Fill(f.Details); strings.Contains(desc, "${") {
						t.Errorf("%s:%d: unfilled placeholder in %q", f.File, f.Line, desc)
					}
				}
				var missing, extra []string
				for k := range want {
					if !got[k] {
						missing = append(missing, k)
					}
				}
				for k := range got {
					if _, ok := want[k]; !ok {
						extra = append(extra, k)
					}
				}
				sort.Strings(missing)
				sort.Strings(extra)
				for _, k := range missing {
					t.Errorf("%s: %s not reported", filepath.Base(dir), k)
				}
				for _, k := range extra {
					t.Errorf("%s: unexpected finding at %s", filepath.Base(dir), k)
				}
			}
			if n == 0 {
				t.Fatalf("no fixtures for %s", a.ID)
			}
		})
	}
}

func TestTemplates(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All {
		if err := a.Template.Check(); err != nil {
			t.Error(err)
		}
		if seen[a.ID] {
			t.Errorf("duplicate id %s", a.ID)
		}
		seen[a.ID] = true
		if ByID(a.ID) != a {
			t.Errorf("ByID(%s)", a.ID)
		}
	}
	if len(All) < 16 {
		t.Errorf("%d detectors", len(All))
	}
}
