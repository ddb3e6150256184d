package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A failing gate says why in one line on standard error: how many findings are at or above the
// threshold and what it did not count (suppressed, baselined); on exit 3, what was not analysed.
func TestGateSaysWhy(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	silenced := strings.Replace(string(vault), `        require(tx.origin == owner, "not owner");`,
		"        // vigil-disable-next-line TX_ORIGIN_AUTHENTICATION\n        require(tx.origin == owner, \"not owner\");", 1)
	dir := writeFiles(t, map[string]string{"Vault.sol": silenced})
	res := vigil(t, "scan", dir, "--fail-on", "high")
	line := regexp.MustCompile(`^vigil: --fail-on high: (\d+) findings? at or above high \(of medium confidence or surer\) fails? the gate; not counted: 1 suppressed by vigil-disable comments\n$`)
	if res.code != exitFindings || !line.MatchString(res.stderr) {
		t.Errorf("exit %d, stderr %q", res.code, res.stderr)
	}
	high := countAtLeast(decode(t, res.stdout), "high", "medium")
	if m := line.FindStringSubmatch(res.stderr); m == nil || m[1] != strconv.Itoa(high) {
		t.Errorf("the gate line counts %v, the report %d at or above high", m, high)
	}

	// A baseline: the known findings are counted as such.
	base := filepath.Join(t.TempDir(), "base.json")
	os.WriteFile(base, []byte(res.stdout), 0o644)
	os.WriteFile(filepath.Join(dir, "Second.sol"), []byte(strings.Replace(string(vault), "contract Vault", "contract Second", 1)), 0o644)
	res = vigil(t, "scan", dir, "--fail-on", "high", "--baseline", base)
	if res.code != exitFindings || !strings.Contains(res.stderr, "known findings hidden by the baseline") || strings.Count(res.stderr, "\n") != 1 {
		t.Errorf("baseline: exit %d, stderr %q", res.code, res.stderr)
	}

	// Exit 3 names what was not analysed.
	noise := writeFiles(t, map[string]string{"noise.sol": notSolidity, "Counter.sol": cleanSolidity})
	res = vigil(t, "scan", noise, "--fail-on", "high")
	if res.code != exitIncomplete || !strings.Contains(res.stderr, "1 of 2 files not fully analysed: noise.sol: not parsed") {
		t.Errorf("incomplete: exit %d, stderr %q", res.code, res.stderr)
	}
	// A passing gate prints nothing.
	if res := vigil(t, "scan", writeFiles(t, map[string]string{"Counter.sol": cleanSolidity}), "--fail-on", "high"); res.code != 0 || res.stderr != "" {
		t.Errorf("pass: exit %d, stderr %q", res.code, res.stderr)
	}
}
