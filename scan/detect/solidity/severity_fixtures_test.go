package solidity

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect/detecttest"
	"github.com/vigil-sec/vigil/scan/source"
)

// severityRe reads the severity a want line pins: // want "ID" severity:low.
var severityRe = regexp.MustCompile(`//\s*want\s+"([A-Z0-9_]+)".*\bseverity:([a-z]+)`)

// TestFixtureSeverities checks, in every detector's fixtures, the lines whose want comment
// pins a severity (severity:low): the finding there has that effective severity. A finding's
// presence is TestDetectors' to check; this one checks how much it weighs (a callee the
// protocol chose reported low, one the caller chose medium).
func TestFixtureSeverities(t *testing.T) {
	for _, a := range All {
		dir := filepath.Join("testdata", strings.ToLower(a.ID))
		type key struct {
			file string
			line int
		}
		want := map[key]string{}
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sol") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, path)
			for i, line := range source.SplitLines(string(src)) {
				if m := severityRe.FindStringSubmatch(line); m != nil && m[1] == a.ID {
					want[key{filepath.ToSlash(rel), i + 1}] = m[2]
				}
			}
			return nil
		})
		if err != nil || len(want) == 0 {
			continue
		}
		t.Run(a.ID, func(t *testing.T) {
			res := detecttest.Run(t, dir, a)
			got := map[key][]string{}
			for _, f := range res.Findings {
				pos := res.Program.Fset.Position(f.Pos)
				k := key{pos.Filename, pos.Line}
				got[k] = append(got[k], string(f.EffectiveSeverity()))
			}
			for k, sev := range want {
				if !containsString(got[k], sev) {
					t.Errorf("%s:%d: severity %v, want %s", k.file, k.line, got[k], sev)
				}
			}
		})
	}
}

func containsString(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
