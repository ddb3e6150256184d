package jobs

import (
	"context"
	"errors"
	"sync"
)

// Errors of Submit.
var (
	ErrQueueFull = errors.New("jobs: queue is full")
	ErrStopped   = errors.New("jobs: runner stopped")
)

// Func runs one job. ctx is cancelled when the runner stops.
type Func func(ctx context.Context, id string)

// Runner is a bounded worker pool over job ids. Each id is queued at most once at a time.
type Runner struct {
	workers  int
	maxQueue int
	run      Func

	mu      sync.Mutex
	queue   []string
	alone   []string        // jobs to run with no other running (SubmitAlone)
	solo    bool            // a job of alone is running: no other starts
	active  map[string]bool // queued or running
	running int
	waiters map[string][]chan struct{}
	stopped bool
	signal  chan struct{}

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// New returns a runner with the given number of workers (at least 1) and queue bound (at
// least 1); call Start to begin.
func New(workers, maxQueue int, run Func) *Runner {
	ctx, cancel := context.WithCancel(context.Background())
	return &Runner{
		workers: max(workers, 1), maxQueue: max(maxQueue, 1), run: run,
		active: map[string]bool{}, waiters: map[string][]chan struct{}{},
		signal: make(chan struct{}, 1), ctx: ctx, cancel: cancel,
	}
}

// Start starts the workers.
func (r *Runner) Start() {
	for i := 0; i < r.workers; i++ {
		r.wg.Add(1)
		go r.work()
	}
}

// Submit queues a job. Submitting an id already queued or running does nothing.
func (r *Runner) Submit(id string) error { return r.enqueue(id, &r.queue) }

// SubmitAlone queues a job to run alone: it starts when no other job runs, and none starts
// while it runs. The server runs so a scan suspected of crashing the process, so that a second
// crash can be blamed on it and no other client's scan dies with it.
func (r *Runner) SubmitAlone(id string) error { return r.enqueue(id, &r.alone) }

// enqueue adds id to one of the runner's queues, under the shared limits.
func (r *Runner) enqueue(id string, queue *[]string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.stopped:
		return ErrStopped
	case r.active[id]:
		return nil
	case len(r.queue)+len(r.alone) >= r.maxQueue:
		return ErrQueueFull
	}
	r.active[id] = true
	*queue = append(*queue, id)
	r.poke()
	return nil
}

func (r *Runner) poke() {
	select {
	case r.signal <- struct{}{}:
	default:
	}
}

// Wait returns when the job is no longer queued or running (at once for an unknown id), or
// with ctx's error.
func (r *Runner) Wait(ctx context.Context, id string) error {
	r.mu.Lock()
	if !r.active[id] {
		r.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	r.waiters[id] = append(r.waiters[id], ch)
	r.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stats returns how many jobs are queued and running.
func (r *Runner) Stats() (queued, running int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.queue) + len(r.alone), r.running
}

// Stop refuses new jobs, cancels the running ones' contexts and waits for the workers to
// return, or for ctx. Queued jobs are dropped: their state, kept by the caller, says they are
// unfinished.
func (r *Runner) Stop(ctx context.Context) error {
	r.mu.Lock()
	r.stopped = true
	r.queue, r.alone = nil, nil
	r.mu.Unlock()
	r.cancel()
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (r *Runner) next() (string, bool) {
	for {
		r.mu.Lock()
		if r.stopped {
			r.mu.Unlock()
			return "", false
		}
		// A job to run alone goes first: once the running jobs are done it starts, and no
		// other starts until it is done.
		if len(r.alone) > 0 && !r.solo && r.running == 0 {
			id := r.alone[0]
			r.alone = r.alone[1:]
			r.running++
			r.solo = true
			r.mu.Unlock()
			return id, true
		}
		if len(r.queue) > 0 && len(r.alone) == 0 && !r.solo {
			id := r.queue[0]
			r.queue = r.queue[1:]
			r.running++
			if len(r.queue) > 0 {
				r.poke() // let another idle worker take the next one
			}
			r.mu.Unlock()
			return id, true
		}
		r.mu.Unlock()
		select {
		case <-r.signal:
		case <-r.ctx.Done():
			return "", false
		}
	}
}

func (r *Runner) work() {
	defer r.wg.Done()
	for {
		id, ok := r.next()
		if !ok {
			return
		}
		r.runOne(id)
	}
}

func (r *Runner) runOne(id string) {
	defer func() {
		r.mu.Lock()
		r.running--
		if r.running == 0 {
			r.solo = false
		}
		r.poke() // a job waiting to run alone, or the queue held behind one
		delete(r.active, id)
		ws := r.waiters[id]
		delete(r.waiters, id)
		r.mu.Unlock()
		for _, ch := range ws {
			close(ch)
		}
	}()
	r.run(r.ctx, id)
}
