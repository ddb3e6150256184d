package solidity

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/detect/detecttest"
	"github.com/vigil-sec/vigil/scan/source"
)

// severityMark is a want line that also pins the severity of the findings it wants:
// `// want "LOCKED_ETHER" severity=low`. Detectors weigh the same bug class differently by
// its evidence (who can reach it, what it can cost), and the fixtures say how.
var severityMark = regexp.MustCompile(`//\s*want(?:\s+"[A-Z0-9_]+")+\s+severity=([a-z]+)`)

// TestFixtureSeverities checks, for every detector whose fixtures carry severity marks, that
// each finding on a marked line has the marked severity (TestDetectors checks that it is
// reported at all).
func TestFixtureSeverities(t *testing.T) {
	for _, a := range All {
		dir := filepath.Join("testdata", strings.ToLower(a.ID))
		if !hasSeverityMarks(dir) {
			continue
		}
		t.Run(a.ID, func(t *testing.T) {
			res := detecttest.Run(t, dir, a)
			marks := map[string]map[int]detect.Severity{}
			for _, f := range res.Program.Files {
				for i, line := range source.SplitLines(string(f.Src)) {
					if m := severityMark.FindStringSubmatch(line); m != nil {
						if marks[f.Path] == nil {
							marks[f.Path] = map[int]detect.Severity{}
						}
						marks[f.Path][i+1] = detect.Severity(m[1])
					}
				}
			}
			seen := map[string]bool{}
			for _, f := range res.Findings {
				pos := res.Program.Fset.Position(f.Pos)
				want, ok := marks[pos.Filename][pos.Line]
				if !ok {
					continue
				}
				seen[pos.Filename+":"+strconv.Itoa(pos.Line)] = true
				if got := f.EffectiveSeverity(); got != want {
					t.Errorf("%s:%d: %s reported %s, want %s", pos.Filename, pos.Line, a.ID, got, want)
				}
			}
			for file, lines := range marks {
				for line := range lines {
					if !seen[file+":"+strconv.Itoa(line)] {
						t.Errorf("%s:%d: no %s finding to check the severity of", file, line, a.ID)
					}
				}
			}
		})
	}
}

// hasSeverityMarks reports whether a .sol file of dir (or of a folder in it) carries a mark.
func hasSeverityMarks(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.sol"))
	nested, _ := filepath.Glob(filepath.Join(dir, "*", "*.sol"))
	for _, name := range append(files, nested...) {
		if src, err := os.ReadFile(name); err == nil && severityMark.Match(src) {
			return true
		}
	}
	return false
}
