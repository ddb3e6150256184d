package web

import (
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server/store"
)

// What the page says for each state the worker can record.
func TestProgressTexts(t *testing.T) {
	running := func(p store.Progress) store.Scan { return store.Scan{Status: report.StatusInProgress, Progress: p} }
	for _, c := range []struct {
		sc            store.Scan
		phase, detail string
		done, total   int
	}{
		{store.Scan{Status: report.StatusQueued}, "Waiting for a worker", "", 0, 0},
		{running(store.Progress{}), "Starting", "", 0, 0},
		{running(store.Progress{Phase: scan.PhaseFetching}), "Fetching the sources", "", 0, 0},
		{running(store.Progress{Phase: scan.PhaseParsing, FilesDone: 4, FilesTotal: 9}), "Parsing the Solidity files", "4 of 9 files", 4, 9},
		{running(store.Progress{Phase: scan.PhaseParsing, FilesDone: 9, FilesTotal: 9}), "Building the model of the contracts", "9 of 9 files", 9, 9},
		{running(store.Progress{Phase: scan.PhaseAnalysing, FilesDone: 2, FilesTotal: 9, Findings: 1}), "Analysing the contracts", "2 of 9 files · 1 finding so far", 2, 9},
		{running(store.Progress{Phase: scan.PhaseRust, FilesTotal: 3}), "Analysing the Rust code", "0 of 3 files · 0 findings so far", 0, 3},
		{running(store.Progress{Phase: "from-a-newer-worker"}), "from-a-newer-worker", "", 0, 0},
		{store.Scan{Status: report.StatusDone, Progress: store.Progress{Phase: scan.PhaseAnalysing, FilesTotal: 9}}, "", "", 0, 0},
	} {
		got := progressOf(c.sc)
		if got.Phase != c.phase || got.Detail != c.detail || got.Done != c.done || got.Total != c.total {
			t.Errorf("%s %+v: %q %q %d/%d, want %q %q %d/%d", c.sc.Status, c.sc.Progress, got.Phase, got.Detail, got.Done, got.Total,
				c.phase, c.detail, c.done, c.total)
		}
	}
}
