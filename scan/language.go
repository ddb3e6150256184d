package scan

import (
	"context"
	"errors"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// language is one language's front end in the pipeline. It is made for one scan from the
// selection, takes the files the select stage gave it (read), and analyses them under the
// scan's budgets (analyse), returning its findings in the language-neutral form the report is
// made of. Solidity (solidity.go) and Rust (rust.go) are the two; adding a language is a
// package for its model and detectors (as scan/solidity and scan/rust are), a type here
// implementing language, and its entry in languages.
type language interface {
	// read takes the language's files before the analysis and its budgets start, reading from
	// the workspace what it analyses (until ctx is cancelled); it returns the size of its input.
	read(ctx context.Context, ws *workspace.Workspace, files []selected, lines *sourceLines) (int64, error)
	// active says whether the files read give the language anything to analyse.
	active() bool
	// stage names what the language analyses first, for a budget that runs out before then.
	stage() string
	// analyse runs the language's model and detectors under r's context.
	analyse(r *run) (analysis, error)
}

// languages are the front ends, in the order their findings, diagnostics and gaps are merged.
var languages = []struct {
	lang workspace.Language
	new  func(*selection) language
}{
	{workspace.Solidity, newSolidity},
	{workspace.Rust, newRust},
}

// languageOf is the entry of languages that takes files of lang, or -1 (unknown, or left out
// by Options.Lang).
func languageOf(lang workspace.Language, only string) int {
	for i, l := range languages {
		if l.lang == lang && (only == "" || only == string(l.lang)) {
			return i
		}
	}
	return -1
}

// analysis is what one language's analysis produced.
type analysis struct {
	records     []record
	files       int // the files analysed that the report covers, and their lines
	lines       int
	diagnostics []string
	gaps        []report.Gap
	source      map[string][]string // lines of files for excerpts, when not kept by read
	detectors   []string            // the detectors run, for the report's scope
	stopped     error               // the *BudgetError that ended the analysis early, if one did
	program     *sema.Program       // Solidity's model (Result.Program)
	rustsec     *report.AdvisorySnapshot
	suppressed  int // findings in reported files that suppression comments silenced
}

// run is the analyse stage's shared state: the context the budgets end, what the scan is doing
// (named by a budget error) and where it stands.
type run struct {
	parent, ctx context.Context
	ws          *workspace.Workspace
	opts        Options
	sel         *selection
	act         *activity
	tracker     *progressTracker
	progress    func(stage string) // Options.Progress, never nil
}

// newRun starts the analysis context under opts.Budgets. The first language's stage is named
// from the start: a budget the process already exceeds stops the scan before the first stage
// begins, and its error must still say what it stopped.
func newRun(parent context.Context, ws *workspace.Workspace, sel *selection, first language, inputBytes int64) (*run, func()) {
	opts := sel.opts
	r := &run{parent: parent, ws: ws, opts: opts, sel: sel, act: newActivity(), tracker: newProgressTracker(opts.Advance), progress: opts.Progress}
	if r.progress == nil {
		r.progress = func(string) {}
	}
	r.act.setStage(first.stage())
	ctx, release := budgetContext(parent, opts.Budgets, r.act, inputBytes)
	r.ctx = ctx
	return r, release
}

// stopped returns the budget error once the analysis context ended, or the parent's error
// when the caller cancelled the scan.
func (r *run) stopped() (budget error, cancelled error) {
	cause := context.Cause(r.ctx)
	var be *BudgetError
	if errors.As(cause, &be) {
		return be, nil
	}
	if r.parent.Err() != nil {
		return nil, r.parent.Err()
	}
	return nil, nil
}

// guard runs f as abandonable does. When the analysis context ends first, f is abandoned and
// budget says why (the budget error); err is f's panic, or the caller's cancellation.
func (r *run) guard(what string, f func()) (budget, err error) {
	gone, err := abandonable(r.ctx, what, f)
	if err != nil || !gone {
		return nil, err
	}
	if budget, err = r.stopped(); budget == nil && err == nil {
		budget = context.Cause(r.ctx) // not a budget's: still, f was abandoned
	}
	return budget, err
}
