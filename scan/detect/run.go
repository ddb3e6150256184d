package detect

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Diagnostic is a problem running an analyzer (a panic, a budget hit), reported beside the
// findings. File, Contract and Function say where (Function when the detector said, through
// Pass.Stopped, which function it was in); the code they name was not fully analysed.
type Diagnostic struct {
	Analyzer string
	Msg      string
	File     string
	Contract string
	Function string
}

// Result is the outcome of Run.
type Result struct {
	Findings    []Finding
	Diagnostics []Diagnostic
	Suppressed  int
	// Silenced are the findings suppression comments silenced (Suppressed of them), for the
	// report to count those in the files it covers.
	Silenced []Finding
}

// Limits bound a run. The zero value bounds nothing.
type Limits struct {
	// Task is the most time one detector may spend on one contract (or one file's free
	// code). A task past it is abandoned: its goroutine is told through Pass.Context to stop,
	// its findings are dropped, a diagnostic names it and the run goes on.
	Task time.Duration
	// Track, when set, is told when a worker's work on a file starts and ends (running true,
	// then false; once for a worker's run of consecutive tasks on one file), so that a memory
	// watchdog can name the file being analysed.
	Track func(file string, running bool)
	// Workers is how many tasks run at once (0: one per processor). The result is the same
	// whatever the number.
	Workers int
	// Done, when set, is told after each task: its file, its findings (before suppression
	// comments and duplicate merging) and whether it was the file's last task, so that a caller
	// can show files analysed and findings so far. It is called from the worker goroutines, at
	// once. Tasks are handed out file by file so that files finish one after another.
	Done func(file string, found []Finding, last bool)
	// Files, when set, limits the run to the units of the files it accepts (the others are
	// still in the model, for context): vigil scan --new-since runs the detectors of the base
	// revision only on the files whose findings a change can alter.
	Files func(path string) bool
}

type task struct {
	a    *Analyzer
	u    *Unit
	path string // the unit's file
	pos  int    // its run position (schedule.at)
}

// where names the task's place for a diagnostic.
func (t task) where() string { return t.u.Where }

// schedule numbers the tasks of a run without listing them: a list would hold over a hundred
// thousand entries (and as many result slots) for a few hundred files, for the whole run. The
// tasks are every analyzer on every unit (a contract, a file's free code, a crate); task number
// i is analyzer i/len(units) on unit i%len(units), the order the result keeps. They are run
// file by file, in the subject's order, and within a file in task order, so that files finish
// one after another.
type schedule struct {
	analyzers []*Analyzer
	units     []Unit
	files     []string
	byFile    [][]int // per file (index into files), its units' indexes, increasing
	start     []int   // per file, the run position of its first task
	total     int
}

func newSchedule(subj Subject, analyzers []*Analyzer, only func(string) bool) *schedule {
	s := &schedule{analyzers: analyzers, files: subj.Files(), units: subj.Units()}
	s.byFile = make([][]int, len(s.files))
	if len(s.files) == 0 {
		return s
	}
	for u, t := range s.units {
		fi := t.File
		if fi < 0 || fi >= len(s.files) {
			fi = 0 // a unit of no listed file runs with the first
		}
		if only != nil && !only(s.files[fi]) {
			continue
		}
		s.byFile[fi] = append(s.byFile[fi], u)
	}
	s.start = make([]int, len(s.files))
	for fi, us := range s.byFile {
		s.start[fi] = s.total
		s.total += len(analyzers) * len(us)
	}
	return s
}

// at returns the task run at position k (0 <= k < total), its number and its file's index.
func (s *schedule) at(k int) (t task, number, file int) {
	fi, found := slices.BinarySearch(s.start, k)
	if !found {
		fi--
	}
	for fi+1 < len(s.start) && s.start[fi+1] == k {
		fi++ // skip files without tasks
	}
	us := s.byFile[fi]
	off := k - s.start[fi]
	a, u := off/len(us), us[off%len(us)]
	t = task{a: s.analyzers[a], u: &s.units[u], path: s.files[fi], pos: k}
	return t, a*len(s.units) + u, fi
}

// tasks is the bookkeeping of one run, shared by its runners (the work they do).
type tasks struct {
	plan *schedule
	subj Subject
	lim  Limits
	next atomic.Int64

	mu      sync.Mutex
	results []ran          // the tasks that found something or failed
	skipped map[int]int    // per file index, tasks not run because ctx ended
	left    []int          // per file, its tasks not finished yet
	ended   []bool         // per run position, whether its task is over
	low     int            // every task at a run position below it is over
	release []finishedFile // files done, in order, whose facts are not released yet
}

// finishedFile is a file whose tasks are all over, its facts to be released (what
// Subject.Finished returned) once every task started before is over too: a task still running
// may use them.
type finishedFile struct {
	release func()
	taken   int // the run positions handed out by then
}

// ran is what a task produced, kept only for tasks that found something or failed, with the
// task's number: the result is put back in task order, so that it does not depend on which
// worker ran which task.
type ran struct {
	number   int
	findings []Finding
	diag     *Diagnostic
}

func (w *tasks) take() (task, int, int, bool) {
	k := int(w.next.Add(1) - 1)
	if k >= w.plan.total {
		return task{}, 0, 0, false
	}
	t, number, file := w.plan.at(k)
	return t, number, file, true
}

func (w *tasks) skip(t task, file int) {
	w.mu.Lock()
	w.skipped[file]++
	w.mu.Unlock()
	w.done(t, file, nil)
}

func (w *tasks) track(file string, running bool) {
	if w.lim.Track != nil {
		w.lim.Track(file, running)
	}
}

func (w *tasks) finish(t task, number, file int, found []Finding, diag *Diagnostic) {
	if len(found) > 0 || diag != nil {
		w.mu.Lock()
		w.results = append(w.results, ran{number, found, diag})
		w.mu.Unlock()
	}
	w.done(t, file, found)
}

// done counts a task over: it tells Limits.Done, and releases the derived facts of the files
// whose tasks are over, so that a scan holds the facts of a file or two at a time, not the
// corpus's.
func (w *tasks) done(t task, file int, found []Finding) {
	w.mu.Lock()
	w.left[file]--
	last := w.left[file] == 0
	if last {
		if release := w.subj.Finished(file); release != nil {
			w.release = append(w.release, finishedFile{release: release, taken: min(int(w.next.Load()), w.plan.total)})
		}
	}
	w.ended[t.pos] = true
	for w.low < len(w.ended) && w.ended[w.low] {
		w.low++
	}
	var ready []finishedFile
	for len(w.release) > 0 && w.release[0].taken <= w.low {
		ready = append(ready, w.release[0])
		w.release = w.release[1:]
	}
	w.mu.Unlock()
	for _, r := range ready {
		r.release()
	}
	if w.lim.Done != nil {
		w.lim.Done(t.path, found, last)
	}
}

// Run executes the analyzers on the program, without a deadline or budget: see RunContext.
func Run(prog *sema.Program, analyzers []*Analyzer) Result {
	return RunContext(context.Background(), prog, analyzers, Limits{})
}

// RunContext executes the analyzers on the Solidity program, in parallel over analyzers and
// contracts, and returns the findings sorted by file, line and id, with suppressed findings
// removed. When ctx ends the tasks not yet run are skipped and the ones running abandoned, each
// file left out getting one diagnostic with ctx's cause; a task past lim.Task is abandoned alone.
func RunContext(ctx context.Context, prog *sema.Program, analyzers []*Analyzer, lim Limits) Result {
	return RunSubject(ctx, newSolidityProgram(prog), analyzers, lim)
}

// RunSubject is RunContext for a program of any language: every analyzer on every unit of
// subj, in parallel, under the same budgets; findings sorted by position and id, suppressed
// ones removed.
func RunSubject(ctx context.Context, subj Subject, analyzers []*Analyzer, lim Limits) Result {
	w := &tasks{plan: newSchedule(subj, analyzers, lim.Files), subj: subj, lim: lim, skipped: map[int]int{}}
	w.left, w.ended = make([]int, len(w.plan.files)), make([]bool, w.plan.total)
	for fi, us := range w.plan.byFile {
		w.left[fi] = len(analyzers) * len(us)
	}
	workers := lim.Workers
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &runner{ctx: ctx, subj: subj, budget: lim.Task, work: w}
			r.run()
		}()
	}
	wg.Wait()
	var res Result
	slices.SortFunc(w.results, func(a, b ran) int { return cmp.Compare(a.number, b.number) })
	found := 0
	for _, r := range w.results {
		found += len(r.findings)
	}
	if found > 0 {
		res.Findings = make([]Finding, 0, found)
	}
	for _, r := range w.results {
		res.Findings = append(res.Findings, r.findings...)
		if r.diag != nil {
			res.Diagnostics = append(res.Diagnostics, *r.diag)
		}
	}
	for fi, n := range w.skipped {
		path := w.plan.files[fi]
		res.Diagnostics = append(res.Diagnostics, Diagnostic{File: path,
			Msg: fmt.Sprintf("%s: analysis stopped (%v); %d detector runs on this file were not made", path, context.Cause(ctx), n)})
	}

	kept := res.Findings[:0]
	for _, f := range res.Findings {
		if subj.Silenced(&f) {
			res.Suppressed++
			res.Silenced = append(res.Silenced, f)
			continue
		}
		kept = append(kept, f)
	}
	res.Findings = dedupe(kept)
	sort.SliceStable(res.Findings, func(i, j int) bool {
		a, b := res.Findings[i], res.Findings[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.Analyzer.ID < b.Analyzer.ID
	})
	sort.Slice(res.Diagnostics, func(i, j int) bool { return res.Diagnostics[i].Msg < res.Diagnostics[j].Msg })
	return res
}

// dedupe drops a finding reported twice at the same place by the same analyzer (a function
// inherited by two contracts is analysed once per contract that declares it, but a detector
// looking at inherited code could see it twice).
func dedupe(fs []Finding) []Finding {
	type key struct {
		id         string
		pos, end   int
		file, line string // a finding without a position (Finding.File)
	}
	seen := map[key]bool{}
	out := fs[:0]
	for _, f := range fs {
		k := key{id: f.Analyzer.ID, pos: int(f.Pos), end: int(f.End)}
		if f.File != "" {
			k.file, k.line = f.File, fmt.Sprint(f.Line, f.Details)
		}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

func runOne(pass *Pass, t task) (findings []Finding, diag *Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			diag = &Diagnostic{Analyzer: t.a.ID, File: t.path, Contract: t.u.Contract, Function: pass.function(),
				Msg: fmt.Sprintf("detector %s failed on %s: %v\n%s", t.a.ID, t.where(), r, debug.Stack())}
			findings = nil
		}
	}()
	t.a.Run(pass)
	return pass.findings, nil
}
