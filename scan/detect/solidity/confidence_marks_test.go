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

// confidenceMark is a want line that also pins the confidence of the findings it wants:
// `// want "SECRET_IN_STORAGE" confidence=low`. A finding's confidence says what decided it
// (facts on resolved code, an assumption, a name), and the fixtures say which.
var confidenceMark = regexp.MustCompile(`//\s*want(?:\s+"[A-Z0-9_]+")+(?:\s+severity=[a-z]+)?\s+confidence=([a-z]+)`)

// TestFixtureConfidences checks, for every detector whose fixtures carry confidence marks, that
// each finding on a marked line has the marked confidence.
func TestFixtureConfidences(t *testing.T) {
	for _, a := range All {
		dir := filepath.Join("testdata", strings.ToLower(a.ID))
		files, _ := filepath.Glob(filepath.Join(dir, "*.sol"))
		marked := false
		for _, name := range files {
			if src, err := os.ReadFile(name); err == nil && confidenceMark.Match(src) {
				marked = true
			}
		}
		if !marked {
			continue
		}
		t.Run(a.ID, func(t *testing.T) {
			res := detecttest.Run(t, dir, a)
			marks := map[string]detect.Confidence{}
			for _, f := range res.Program.Files {
				for i, line := range source.SplitLines(string(f.Src)) {
					if m := confidenceMark.FindStringSubmatch(line); m != nil {
						marks[f.Path+":"+strconv.Itoa(i+1)] = detect.Confidence(m[1])
					}
				}
			}
			seen := map[string]bool{}
			for _, f := range res.Findings {
				pos := res.Program.Fset.Position(f.Pos)
				at := pos.Filename + ":" + strconv.Itoa(pos.Line)
				want, ok := marks[at]
				if !ok {
					continue
				}
				seen[at] = true
				if got := f.EffectiveConfidence(); got != want {
					t.Errorf("%s: %s reported with confidence %s, want %s", at, a.ID, got, want)
				}
			}
			for at := range marks {
				if !seen[at] {
					t.Errorf("%s: no %s finding to check the confidence of", at, a.ID)
				}
			}
		})
	}
}
