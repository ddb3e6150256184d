package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inheritsMissing imports two files that are not there and inherits from one of them.
const inheritsMissing = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;
import "./Base.sol";
import "./Helpers.sol";
contract Counter is Base {
    uint256 public count;
    function increment() external { count += 1; }
}
`

const missingBase = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;
contract Base { uint256 internal total; }
`

// An unresolved import or base contract is a coverage gap: counted in the JSON coverage (one gap
// each), shown once in every format as one line that says how to fix it, the score capped below
// Great, and --fail-on exits 3 unless --allow-incomplete. With the file present the scan is
// complete.
func TestUnresolvedImportIsAGap(t *testing.T) {
	dir := writeFiles(t, map[string]string{"Counter.sol": inheritsMissing, "Helpers.sol.txt": ""})
	for _, format := range []string{"json", "table", "sarif", "markdown", "html", "github", "pdf"} {
		text := scanText(t, dir, format)
		if text == "" {
			continue
		}
		if n := strings.Count(text, "not resolved: 2 imports and 1 base contract in 1 file were not found"); n != 1 {
			t.Errorf("%s: the unresolved summary appears %d times:\n%s", format, n, text)
		}
		for _, want := range []string{"INCOMPLETE SCAN", "forge install", "remappings"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s output lacks %q:\n%s", format, want, text)
			}
		}
		if format == "json" {
			validate(t, schema(t, "scan_report.schema.json"), text)
			r := decode(t, text)
			c := r.Coverage
			gaps := 0
			for _, g := range c.Gaps {
				if g.Kind == "not_resolved" && g.File == "Counter.sol" && g.Line > 0 {
					gaps++
				}
			}
			if c.Complete || c.FilesFull != 0 || gaps != 3 {
				t.Errorf("coverage: %+v", c)
			}
			if r.MultiFileScanSummary.ScoreRating == "Great" {
				t.Errorf("a scan with missing imports rated %s", r.MultiFileScanSummary.ScoreRating)
			}
		}
	}
	if res := vigil(t, "scan", dir, "--fail-on", "high"); res.code != exitIncomplete || !strings.Contains(res.stderr, "not resolved") {
		t.Errorf("--fail-on high: exit %d, want 3 naming the unresolved imports: %s", res.code, res.stderr)
	}
	if res := vigil(t, "scan", dir, "--fail-on", "high", "--allow-incomplete"); res.code != 0 {
		t.Errorf("--allow-incomplete: exit %d: %s", res.code, res.stderr)
	}

	// Present, they resolve: complete.
	os.WriteFile(filepath.Join(dir, "Base.sol"), []byte(missingBase), 0o644)
	os.WriteFile(filepath.Join(dir, "Helpers.sol"), []byte("// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\nlibrary Helpers {}\n"), 0o644)
	res := vigil(t, "scan", dir, "--fail-on", "high")
	if r := decode(t, res.stdout); res.code != 0 || !r.Coverage.Complete {
		t.Errorf("with Base.sol: exit %d, coverage %+v (%s)", res.code, r.Coverage, res.stderr)
	}
}
