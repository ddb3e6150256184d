package worker

import (
	"context"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server/store"
)

// progressEvery bounds how often a running scan's progress is written within one phase. The
// engine reports every file and detector run (thousands a second on a large project); each
// write is a database write that every API process polls, so a quarter second is as live as a
// person can see and cheap for the store.
const progressEvery = 250 * time.Millisecond

// progressReporter records a running scan's progress in the store at a bounded rate. update
// never waits for the store (it is called from the engine's workers): it keeps the latest
// value, which a goroutine writes on the next tick, or at once when the phase changed, so that
// the end of a slow clone or parse shows without waiting for a tick.
//
// Nothing is written before the first tick: most scans (a file scan of one contract) end well
// within it, and their outcome, recorded at once, supersedes any progress; writing it would
// only cost the store a write per phase for nobody to see. A scan still running at the first
// tick writes its latest value then and behaves as above from there on.
type progressReporter struct {
	write func(store.Progress)

	mu      sync.Mutex
	latest  store.Progress
	dirty   bool   // latest not yet written
	phase   string // the phase of the last update, to see a change
	started bool   // the first tick came: writes are due
	kick    chan struct{}
	stop    chan struct{}
	done    chan struct{}
}

// newProgressReporter starts a reporter that, from the first value of tick on, writes at most
// once per value from tick, plus at each phase change. close writes what is pending, if the
// first tick came, and stops it.
func newProgressReporter(tick <-chan time.Time, write func(store.Progress)) *progressReporter {
	r := &progressReporter{write: write, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go r.loop(tick)
	return r
}

func (r *progressReporter) loop(tick <-chan time.Time) {
	defer close(r.done)
	for {
		select {
		case <-r.kick:
		case <-tick:
			r.mu.Lock()
			r.started = true
			r.mu.Unlock()
		case <-r.stop:
			r.flush()
			return
		}
		r.flush()
	}
}

// update records p as the scan's progress.
func (r *progressReporter) update(p store.Progress) {
	r.mu.Lock()
	r.latest, r.dirty = p, true
	changed := p.Phase != r.phase && r.started
	r.phase = p.Phase
	r.mu.Unlock()
	if changed {
		select {
		case r.kick <- struct{}{}:
		default: // a write is due already; it will take the latest value
		}
	}
}

// flush writes the latest value if it was not written yet and the first tick came.
func (r *progressReporter) flush() {
	r.mu.Lock()
	p, due := r.latest, r.dirty && r.started
	if due {
		r.dirty = false
	}
	r.mu.Unlock()
	if due {
		r.write(p)
	}
}

// close writes the pending value (once the first tick came) and waits for the reporter to stop.
func (r *progressReporter) close() {
	close(r.stop)
	<-r.done
}

// reportProgress starts the reporter of one attempt of a scan. A failed write is logged and
// the scan goes on: progress is only shown.
func (w *Worker) reportProgress(ctx context.Context, scanID string) (*progressReporter, func()) {
	ticker := time.NewTicker(progressEvery)
	ctx = context.WithoutCancel(ctx) // the last value is written even as the attempt stops
	r := newProgressReporter(ticker.C, func(p store.Progress) {
		p.At = time.Now().UTC()
		if err := w.Store.SetScanProgress(ctx, scanID, p); err != nil {
			w.Log.Warn("recording scan progress", "scan_id", scanID, "err", err)
		}
	})
	return r, func() { r.close(); ticker.Stop() }
}

// engineProgress converts the engine's progress for the store.
func engineProgress(p scan.Progress) store.Progress {
	return store.Progress{Phase: p.Phase, FilesDone: p.FilesDone, FilesTotal: p.FilesTotal, Findings: p.Findings}
}
