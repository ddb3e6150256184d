package scan

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vigil-sec/vigil/scan/detect"
)

// Budgets bound one scan. A zero field bounds nothing; `vigil scan` and `vigil serve` set safe
// defaults (README: Budgets). Hitting a budget stops the analysis where it is: the code not
// analysed is named in the report's coverage, which marks the scan incomplete.
type Budgets struct {
	// Timeout is the wall-clock time of the whole scan.
	Timeout time.Duration
	// Detector is the most time one detector may spend on one contract; past it that detector
	// run is abandoned and the rest of the scan goes on.
	Detector time.Duration
	// MaxMemory is the Go heap, in bytes, past which a watchdog stops the analysis.
	MaxMemory uint64
}

// BudgetError says a whole-scan budget ran out, and where: "memory budget exceeded in a.sol
// (limit 2.0 GiB)". Its text is written for the user.
type BudgetError struct {
	Budget string // "time" or "memory"
	Where  string // the files being analysed when it ran out, or the stage
	Limit  string
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("%s budget exceeded in %s (limit %s)", e.Budget, e.Where, e.Limit)
}

// activity names what the scan is doing, for a budget error: the files being analysed, or
// else the stage.
type activity struct {
	mu    sync.Mutex
	stage string
	files map[string]int
}

func newActivity() *activity { return &activity{files: map[string]int{}} }

func (a *activity) setStage(stage string) {
	a.mu.Lock()
	a.stage = stage
	a.mu.Unlock()
}

// track is detect.Limits.Track.
func (a *activity) track(file string, running bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if running {
		a.files[file]++
	} else if a.files[file]--; a.files[file] <= 0 {
		delete(a.files, file)
	}
}

func (a *activity) describe() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.files) == 0 {
		if a.stage == "" {
			return "the scan"
		}
		return a.stage
	}
	names := make([]string, 0, len(a.files))
	for f := range a.files {
		names = append(names, f)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// budgetContext derives the analysis context of a scan: it ends with a *BudgetError when the
// time budget or the parent's deadline runs out, or when the memory watchdog fires, naming
// what was being analysed; with the parent's own error when the parent is cancelled (Ctrl-C,
// a stopping server). The parent's deadline becomes a budget error too, so that a server's
// scan timeout reads like the CLI's.
func budgetContext(parent context.Context, b Budgets, act *activity, inputBytes int64) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(parent))
	timeErr := func(limit string) error { return &BudgetError{Budget: "time", Where: act.describe(), Limit: limit} }
	stopParent := context.AfterFunc(parent, func() {
		if errors.Is(parent.Err(), context.DeadlineExceeded) {
			cancel(timeErr("the scan timeout"))
			return
		}
		cancel(parent.Err())
	})
	var timer *time.Timer
	if b.Timeout > 0 {
		timer = time.AfterFunc(b.Timeout, func() { cancel(timeErr(b.Timeout.String())) })
	}
	unwatch := func() {}
	if b.MaxMemory > 0 {
		unwatch = memory.watch(&watched{limit: b.MaxMemory, size: inputBytes, started: time.Now(), act: act, cancel: cancel})
	}
	return ctx, func() {
		unwatch()
		if timer != nil {
			timer.Stop()
		}
		stopParent()
		cancel(nil)
	}
}

// The memory watchdog. The Go heap is the process's, shared by every scan a server runs at
// once, so one sampler watches them all: when the heap passes a scan's budget (after a forced
// collection, so that garbage does not count), it stops one scan, the one with the largest
// input (ties: the most recent), and gives the collector a moment before judging again. A
// single scan (the CLI) is simply stopped when it passes its budget.

var memory = &memoryWatch{scans: map[*watched]bool{}}

type watched struct {
	limit   uint64
	size    int64
	started time.Time
	act     *activity
	cancel  context.CancelCauseFunc
}

type memoryWatch struct {
	mu      sync.Mutex
	scans   map[*watched]bool
	running bool
}

// samplePeriod is how often the heap is read (cheap: runtime/metrics does not stop the world).
const samplePeriod = 10 * time.Millisecond

func (m *memoryWatch) watch(w *watched) (unwatch func()) {
	m.mu.Lock()
	m.scans[w] = true
	if !m.running {
		m.running = true
		go m.loop()
	}
	m.mu.Unlock()
	// Judge once at the start too: a scan that finishes between two samples must not escape a
	// budget the heap already exceeds (a budget below what the process holds stops it at once).
	m.check()
	return func() {
		m.mu.Lock()
		delete(m.scans, w)
		m.mu.Unlock()
	}
}

func (m *memoryWatch) loop() {
	for {
		time.Sleep(samplePeriod)
		m.mu.Lock()
		if len(m.scans) == 0 {
			m.running = false
			m.mu.Unlock()
			return
		}
		m.mu.Unlock()
		if m.check() {
			time.Sleep(20 * samplePeriod)
		}
	}
}

// check stops the scan the heap's size condemns, if any (after a forced collection, so that
// garbage does not count), and reports whether it stopped one.
func (m *memoryWatch) check() bool {
	if m.over(heapBytes()) == nil {
		return false
	}
	runtime.GC()
	w := m.over(heapBytes())
	if w == nil {
		return false
	}
	m.mu.Lock()
	delete(m.scans, w)
	m.mu.Unlock()
	w.cancel(&BudgetError{Budget: "memory", Where: w.act.describe(), Limit: bytesText(w.limit)})
	return true
}

// over returns the scan to stop at this heap size, or nil.
func (m *memoryWatch) over(heap uint64) *watched {
	m.mu.Lock()
	defer m.mu.Unlock()
	var pick *watched
	for w := range m.scans {
		if heap <= w.limit {
			continue
		}
		if pick == nil || w.size > pick.size || w.size == pick.size && w.started.After(pick.started) {
			pick = w
		}
	}
	return pick
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heapBytes is the memory of the heap's objects, live and not yet collected.
func heapBytes() uint64 {
	s := make([]metrics.Sample, 1)
	copy(s, heapSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// bytesText writes a byte count for people: "2.0 GiB", "512 MiB", "300 B".
func bytesText(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// abandonable runs f in a goroutine and waits for it or for ctx. A panic in f becomes an
// error (a bug in Vigil, not in the user's code). When ctx ends first f is abandoned: Go cannot
// stop it, it ends at its own next poll of ctx or when done, and its result is not used.
func abandonable(ctx context.Context, what string, f func()) (stopped bool, err error) {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("internal error while %s (please report it): %v", what, r)
			}
		}()
		f()
		done <- nil
	}()
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
		select {
		case err := <-done:
			return false, err
		default:
			abandoned.Add(1)
			go func() { <-done; abandoned.Add(-1) }()
			return true, nil
		}
	}
}

// abandoned counts model builds and Rust analyses abandoned and still running.
var abandoned atomic.Int64

// Abandoned returns how many pieces of analysis a budget gave up on are still running: Go
// cannot stop them, they end at their next poll of the scan's context or when done. A server
// exports it as a metric; a steady rise means a detector that does not poll.
func Abandoned() int64 { return abandoned.Load() + detect.Abandoned() }
