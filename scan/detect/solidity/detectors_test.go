package solidity

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect/detecttest"
)

// TestDetectors runs every registered detector on its fixtures: testdata/<id>/vulnerable.sol
// must carry `// want` lines (each reported), and testdata/<id>/safe.sol must give no finding.
func TestDetectors(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range All {
		if seen[a.ID] {
			t.Errorf("%s registered twice", a.ID)
		}
		seen[a.ID] = true
		t.Run(a.ID, func(t *testing.T) {
			if err := a.Check(); err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join("testdata", strings.ToLower(a.ID))
			for _, name := range []string{"vulnerable.sol", "safe.sol"} {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Fatalf("missing fixture %s/%s: every detector needs positive and negative fixtures", dir, name)
				}
			}
			vuln, _ := os.ReadFile(filepath.Join(dir, "vulnerable.sol"))
			if !strings.Contains(string(vuln), `// want "`+a.ID+`"`) {
				t.Fatalf("%s/vulnerable.sol has no // want %q line", dir, a.ID)
			}
			detecttest.Run(t, dir, a)
		})
	}
}
