package detect

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// abandoned counts detector runs abandoned and still running: they stop at their next poll
// of the pass's context, or when done (Abandoned).
var abandoned atomic.Int64

// Abandoned returns how many abandoned detector runs have not returned yet: work a budget
// gave up on that still takes a processor (a server exports it as a metric).
func Abandoned() int64 { return abandoned.Load() }

// runner runs one worker's tasks, one after another, on a long-lived executor goroutine, and
// waits for each for the scan's context or the task budget, whichever ends first. Go cannot
// stop a goroutine: a task past its budget is told through its pass's context and stops at its
// next poll (Pass.Stopped); its findings are dropped and its executor is left to finish alone,
// a new one taking its place. Reusing the executor (rather than a goroutine, a channel and a
// context per task) matters: a scan runs every detector on every contract, over a hundred
// thousand tasks for a few hundred files.
type runner struct {
	ctx    context.Context
	prog   *sema.Program
	budget time.Duration
	timer  *time.Timer // the task budget, nil when unbounded
	ex     *executor
}

// executor is a goroutine running passes sent to it; its context ends when a pass it runs is
// abandoned (or the scan's context ends).
type executor struct {
	ctx    context.Context
	cancel context.CancelCauseFunc
	passes chan *Pass
	done   chan outcome
	// pass is reused for each task the executor runs (no detector keeps its pass after Run
	// returns); an abandoned executor keeps its own, so its late writes touch no live task.
	pass Pass
}

type outcome struct {
	findings []Finding
	diag     *Diagnostic
}

func newExecutor(ctx context.Context) *executor {
	e := &executor{passes: make(chan *Pass), done: make(chan outcome, 1)}
	e.ctx, e.cancel = context.WithCancelCause(ctx)
	go func() {
		for pass := range e.passes {
			f, d := runOne(pass, pass.task)
			e.done <- outcome{f, d}
		}
	}()
	return e
}

func newRunner(ctx context.Context, prog *sema.Program, budget time.Duration) *runner {
	r := &runner{ctx: ctx, prog: prog, budget: budget, ex: newExecutor(ctx)}
	if budget > 0 {
		r.timer = time.NewTimer(budget)
		r.timer.Stop()
	}
	return r
}

// close ends the runner's executor once it is idle.
func (r *runner) close() {
	close(r.ex.passes)
	r.ex.cancel(nil)
}

// run runs one task and returns its findings, or the diagnostic saying why it has none.
func (r *runner) run(t task) ([]Finding, *Diagnostic) {
	ex := r.ex
	pass := &ex.pass
	pass.Analyzer, pass.Program, pass.Contract, pass.File, pass.ctx, pass.task = t.a, r.prog, t.c, t.f, ex.ctx, t
	pass.findings = nil
	pass.current.Store(nil)
	ex.passes <- pass
	var expired <-chan time.Time
	if r.timer != nil {
		r.timer.Reset(r.budget)
		defer r.timer.Stop()
		expired = r.timer.C
	}
	finished := false
	select {
	case o := <-ex.done:
		// A detector told to stop returns early, its work unfinished: only a run that ended
		// with its context still live is complete.
		if ex.ctx.Err() == nil {
			return o.findings, o.diag
		}
		finished = true
	case <-ex.ctx.Done():
	case <-expired:
		ex.cancel(fmt.Errorf("detector %s ran past its budget of %s on %s", t.a.ID, r.budget, t.where()))
	}
	// Abandon the executor with its pass; the next task gets a new one.
	cause := context.Cause(ex.ctx)
	close(ex.passes)
	if !finished {
		abandoned.Add(1)
		go func() { <-ex.done; abandoned.Add(-1) }()
	}
	r.ex = newExecutor(r.ctx)
	fn := pass.function()
	d := &Diagnostic{Analyzer: t.a.ID, File: t.f.Path, Function: fn}
	if t.c != nil {
		d.Contract = t.c.Name
	}
	where := t.where()
	if fn != "" {
		where += ", function " + fn
	}
	d.Msg = fmt.Sprintf("%s: detector %s stopped on %s: %v", t.f.Path, t.a.ID, where, cause)
	return nil, d
}
