package worker

import (
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/store"
)

// A scan that ends before the first tick writes no progress at all: not the first value of a
// phase, not what is pending when the reporter closes. Its outcome supersedes it.
func TestProgressReporterQuickScanWritesNothing(t *testing.T) {
	tick := make(chan time.Time)
	writes := make(chan store.Progress, 1000)
	r := newProgressReporter(tick, func(p store.Progress) { writes <- p })
	r.update(store.Progress{Phase: "fetching"})
	r.update(store.Progress{Phase: "parsing", FilesTotal: 1})
	r.update(store.Progress{Phase: "analysing", FilesDone: 1, FilesTotal: 1, Findings: 4})
	r.close()
	if len(writes) != 0 {
		t.Fatalf("a scan that ended before the first tick wrote %d progress values, first %+v", len(writes), <-writes)
	}
}

// A scan still running at the first tick writes its latest value then (not the phases it went
// through before); from then on the reporter writes the first value of each phase at once,
// coalesces the updates within a phase into one write per tick (the latest value), and writes
// what is pending when closed. The test drives the ticks itself: nothing depends on how fast
// the goroutines run.
func TestProgressReporterLongScanShowsProgress(t *testing.T) {
	tick := make(chan time.Time)
	writes := make(chan store.Progress, 1000)
	r := newProgressReporter(tick, func(p store.Progress) { writes <- p })
	next := func(want store.Progress) {
		t.Helper()
		if got := <-writes; got != want {
			t.Fatalf("written %+v, want %+v", got, want)
		}
	}

	r.update(store.Progress{Phase: "fetching"})
	r.update(store.Progress{Phase: "parsing", FilesTotal: 100})
	tick <- time.Time{}
	next(store.Progress{Phase: "parsing", FilesTotal: 100}) // the first tick: the latest value
	for i := 1; i <= 100; i++ {
		r.update(store.Progress{Phase: "parsing", FilesDone: i, FilesTotal: 100})
	}
	tick <- time.Time{}
	next(store.Progress{Phase: "parsing", FilesDone: 100, FilesTotal: 100}) // 100 updates, one write
	tick <- time.Time{}                                                     // nothing new: nothing written
	r.update(store.Progress{Phase: "analysing", FilesTotal: 3})
	next(store.Progress{Phase: "analysing", FilesTotal: 3}) // a new phase: no tick needed
	r.update(store.Progress{Phase: "analysing", FilesDone: 1, FilesTotal: 3, Findings: 2})
	r.close() // the pending value is written on the way out
	next(store.Progress{Phase: "analysing", FilesDone: 1, FilesTotal: 3, Findings: 2})
	if len(writes) != 0 {
		t.Fatalf("%d writes more than expected, first %+v", len(writes), <-writes)
	}
}

// update never waits for the store: while a write hangs, the engine's workers go on, and the
// value written next is the latest.
func TestProgressReporterNeverBlocksTheScan(t *testing.T) {
	tick := make(chan time.Time)
	release := make(chan struct{})
	writes := make(chan store.Progress, 1000)
	r := newProgressReporter(tick, func(p store.Progress) { <-release; writes <- p })
	tick <- time.Time{} // past the first tick: phase changes write at once
	phases := []string{"parsing", "analysing"}
	for i := range 1000 {
		r.update(store.Progress{Phase: phases[i%2], FilesDone: i})
	}
	close(release)
	r.close()
	close(writes)
	var got []store.Progress
	for p := range writes {
		got = append(got, p)
	}
	if len(got) == 0 || len(got) > 2 || got[len(got)-1] != (store.Progress{Phase: "analysing", FilesDone: 999}) {
		t.Fatalf("1000 updates while the store hung gave the writes %+v; want at most 2, the last one the latest", got)
	}
}
