package detectors

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// TestConfidenceFollowsEvidence checks that confidence says how a finding was decided: a
// stored key the program matches with an account elsewhere is medium, one only the names pair
// is low.
func TestConfidenceFollowsEvidence(t *testing.T) {
	for _, c := range []struct {
		dir  string
		line int
		want detect.Confidence
	}{
		{"../testdata/detectors/account_data_matching/anchor", 62, detect.ConfidenceMedium},
		{"../testdata/detectors/account_data_matching/anchor_names", 23, detect.ConfidenceLow},
	} {
		ws, err := model.LoadWorkspace(c.dir, model.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range Run(ws, []*detect.Analyzer{AccountDataMatching}, Config{}) {
			if f.Line != c.line {
				continue
			}
			found = true
			if f.Confidence != c.want {
				t.Errorf("%s:%d: confidence %s, want %s", c.dir, c.line, f.Confidence, c.want)
			}
		}
		if !found {
			t.Errorf("%s:%d: not reported", c.dir, c.line)
		}
	}
}
