package ecosystem

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

// Check is the whole ecosystem test for one corpus: it scans every project of corpusDir,
// prints the counts per severity, and fails with a readable diff when the findings and the
// list in listFile disagree. With update set it rewrites listFile instead (see the package
// documentation) and still fails on entries left unreviewed. It skips when the corpus folder
// is absent.
func Check(t testing.TB, corpusDir, listFile string, update bool) {
	t.Helper()
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	found, counts, err := ScanCorpus(context.Background(), corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	logCounts(t, counts)
	list, err := Load(listFile)
	if err != nil {
		t.Fatal(err)
	}
	if update {
		list = Merge(list, found)
		if err := list.Write(listFile); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d entries)", listFile, len(list.Findings))
	}
	if d := Compare(list, found); !d.Empty() {
		t.Errorf("the findings on %s differ from %s:\n%s\nIf the change is intended, run\n"+
			"  go test ./scan/evaluation -run Ecosystem -update\nand give every new entry a verdict and a reason.",
			corpusDir, listFile, d)
	}
}

// logCounts prints the findings per severity of each project and in total.
func logCounts(t testing.TB, counts map[string]map[string]int) {
	t.Helper()
	sevs := []string{"critical", "high", "medium", "low", "informational", "gas"}
	total := map[string]int{}
	projects := make([]string, 0, len(counts))
	for p := range counts {
		projects = append(projects, p)
	}
	sort.Strings(projects)
	line := func(name string, dist map[string]int) string {
		var parts []string
		for _, s := range sevs {
			parts = append(parts, fmt.Sprintf("%s %d", s, dist[s]))
		}
		return fmt.Sprintf("%-24s %s", name, strings.Join(parts, ", "))
	}
	for _, p := range projects {
		for s, n := range counts[p] {
			total[s] += n
		}
		t.Log(line(p, counts[p]))
	}
	t.Log(line("total", total))
}
