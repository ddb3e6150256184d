package scans

import (
	"sync"
)

// finishSignal wakes the requests waiting for a scan when that scan finishes. Each waits for its
// own scan, so that a finished scan costs one store read by its own waiters, not one by every
// request waiting at that moment (8 concurrent file scans made 8 reads per finished scan).
type finishSignal struct {
	mu      sync.Mutex
	waiting map[string]*scanWaiters
}

type scanWaiters struct {
	ch chan struct{} // closed when the scan is reported finished
	n  int           // waiters holding ch
}

// wait returns a channel closed when scanID is next reported finished, and the function to
// call when the caller stops waiting on it.
func (f *finishSignal) wait(scanID string) (<-chan struct{}, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.waiting == nil {
		f.waiting = map[string]*scanWaiters{}
	}
	w := f.waiting[scanID]
	if w == nil {
		w = &scanWaiters{ch: make(chan struct{})}
		f.waiting[scanID] = w
	}
	w.n++
	return w.ch, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if w.n--; w.n == 0 && f.waiting[scanID] == w {
			delete(f.waiting, scanID)
		}
	}
}

// waited says whether anyone waits for scanID now.
func (f *finishSignal) waited(scanID string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.waiting[scanID] != nil
}

// broadcast wakes the waiters of scanID.
func (f *finishSignal) broadcast(scanID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if w := f.waiting[scanID]; w != nil {
		close(w.ch)
		delete(f.waiting, scanID)
	}
}
