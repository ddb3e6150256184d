package detect

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// abandoned counts detector runs abandoned and still running: they stop at their next poll
// of the pass's context, or when done (Abandoned).
var abandoned atomic.Int64

// Abandoned returns how many abandoned detector runs have not returned yet: work a budget
// gave up on that still takes a processor (a server exports it as a metric).
func Abandoned() int64 { return abandoned.Load() }

// work is what a runner needs of the run it takes part in (RunContext's bookkeeping).
type work interface {
	// take returns the next task to run, its number and its file's index; false when none is
	// left.
	take() (t task, number, file int, ok bool)
	// skip counts a task not run because the scan's context ended.
	skip(t task, file int)
	// finish records the outcome of a task that ran.
	finish(t task, number, file int, found []Finding, diag *Diagnostic)
	// track tells Limits.Track that work on a file starts (running) or ends.
	track(file string, running bool)
}

// runner runs one worker's share of the tasks. Its executor, a goroutine, takes the tasks one
// after another and runs them itself; the runner's own goroutine only watches, asleep until the
// running task's budget would end or the scan's context ends. Go cannot stop a goroutine: a task
// past its budget is told through its pass's context and stops at its next poll
// (Pass.Stopped); its findings are dropped, its executor is left to finish alone and a new one
// takes up the remaining tasks. Running a task costs no channel operation, goroutine switch or
// timer reset: a scan runs every detector on every contract, over a hundred thousand tasks for
// a few hundred files.
type runner struct {
	ctx    context.Context
	subj   Subject
	budget time.Duration
	work   work
}

// executor is a goroutine running tasks; its context ends when the task it runs is abandoned
// (or the scan's context ends).
type executor struct {
	ctx       context.Context
	cancel    context.CancelCauseFunc
	exhausted chan struct{} // closed when no task is left to take
	// pass is reused for each task the executor runs (no detector keeps its pass after Run
	// returns); an abandoned executor keeps its own, so its late writes touch no live task.
	pass Pass

	mu      sync.Mutex // guards the running task's fields, which the runner reads
	running bool
	t       task
	number  int
	file    int
	started time.Time
	gone    bool // abandoned: its task's late outcome is dropped
	// tracked is the file this executor has told Limits.Track it works on, "" for none. It is
	// told at a change of file, not around every task: an executor runs the tasks of one file
	// one after another, and a scan has over a hundred thousand tasks.
	tracked string
}

// trackFile marks file as the one ex works on ("" for none), telling Limits.Track of a change;
// ex.mu is held, so that the runner abandoning ex reads a mark Track was told of.
func (r *runner) trackFile(ex *executor, file string) {
	if ex.tracked == file {
		return
	}
	if ex.tracked != "" {
		r.work.track(ex.tracked, false)
	}
	if file != "" {
		r.work.track(file, true)
	}
	ex.tracked = file
}

// run runs tasks until none is left, replacing an executor that runs past a budget.
func (r *runner) run() {
	ex := r.start()
	if r.budget <= 0 {
		r.watch(&ex, nil, nil)
		return
	}
	timer := time.NewTimer(r.budget)
	defer timer.Stop()
	r.watch(&ex, timer.C, func() {
		ex.mu.Lock()
		if !ex.running {
			ex.mu.Unlock()
			timer.Reset(r.budget)
			return
		}
		if left := r.budget - time.Since(ex.started); left > 0 {
			ex.mu.Unlock()
			timer.Reset(left) // another task runs now: wake when its budget ends
			return
		}
		t := ex.t
		ex = r.abandon(ex, fmt.Errorf("detector %s ran past its budget of %s on %s", t.a.ID, r.budget, t.where()))
		timer.Reset(r.budget)
	})
}

// watch waits for *ex to run out of tasks, calling check when expired fires and abandoning the
// running task when the scan's context ends.
func (r *runner) watch(ex **executor, expired <-chan time.Time, check func()) {
	done := r.ctx.Done()
	for {
		select {
		case <-(*ex).exhausted:
			(*ex).cancel(nil)
			return
		case <-expired:
			check()
		case <-done:
			done = nil // the executors skip the tasks left; only the running one is abandoned
			(*ex).mu.Lock()
			if (*ex).running {
				*ex = r.abandon(*ex, nil)
			} else {
				(*ex).mu.Unlock()
			}
		}
	}
}

// abandon gives up on ex's running task (ex.mu held, released here) with the cause given (nil:
// the scan's), records its diagnostic and returns a new executor for the remaining tasks.
func (r *runner) abandon(ex *executor, cause error) *executor {
	ex.gone = true
	t, number, file := ex.t, ex.number, ex.file
	r.trackFile(ex, "")
	ex.mu.Unlock()
	abandoned.Add(1)
	ex.cancel(cause)
	r.work.finish(t, number, file, nil, stoppedDiag(&ex.pass, t, context.Cause(ex.ctx)))
	return r.start()
}

// start starts an executor on the remaining tasks.
func (r *runner) start() *executor {
	ex := &executor{exhausted: make(chan struct{})}
	ex.ctx, ex.cancel = context.WithCancelCause(r.ctx)
	go r.execute(ex)
	return ex
}

// execute is an executor's goroutine.
func (r *runner) execute(ex *executor) {
	for {
		t, number, file, ok := r.work.take()
		if !ok {
			ex.mu.Lock()
			r.trackFile(ex, "")
			ex.mu.Unlock()
			close(ex.exhausted)
			return
		}
		if r.ctx.Err() != nil {
			r.work.skip(t, file)
			continue
		}
		ex.mu.Lock()
		r.trackFile(ex, t.path)
		ex.running, ex.t, ex.number, ex.file, ex.started = true, t, number, file, time.Now()
		ex.mu.Unlock()
		pass := &ex.pass
		pass.Analyzer, pass.ctx, pass.task = t.a, ex.ctx, t
		r.subj.Bind(pass, t.u)
		pass.findings = nil
		pass.current.Store(nil)
		found, diag := runOne(pass, t)
		ex.mu.Lock()
		if ex.gone {
			ex.mu.Unlock()
			abandoned.Add(-1)
			return
		}
		ex.running = false
		ex.mu.Unlock()
		// A detector told to stop returns early, its work unfinished: only a run that ended
		// with its context still live is complete.
		if ex.ctx.Err() != nil && diag == nil {
			found, diag = nil, stoppedDiag(pass, t, context.Cause(ex.ctx))
		}
		r.work.finish(t, number, file, found, diag)
	}
}

// stoppedDiag is the diagnostic of a task stopped before its end, naming the function its
// pass was in.
func stoppedDiag(pass *Pass, t task, cause error) *Diagnostic {
	fn := pass.function()
	d := &Diagnostic{Analyzer: t.a.ID, File: t.path, Contract: t.u.Contract, Function: fn}
	where := t.where()
	if fn != "" {
		where += ", function " + fn
	}
	d.Msg = fmt.Sprintf("%s: detector %s stopped on %s: %v", t.path, t.a.ID, where, cause)
	return d
}
