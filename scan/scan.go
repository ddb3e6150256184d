package scan

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/detect/solidity"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	rustdetect "github.com/vigil-sec/vigil/scan/rust/detectors"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Options configures a scan.
type Options struct {
	// Enable, when non-empty, limits the scan to these detector ids; Disable removes ids.
	Enable, Disable []string
	// Severity overrides a detector's severity: {"TIMESTAMP_DEPENDENCE": "low"}.
	Severity map[string]string
	// IncludeDeps reports findings in dependencies too (they are always analysed for context).
	IncludeDeps bool
	// IncludeTests reports findings in test and script code too (workspace.File.Test); it is
	// always analysed for context.
	IncludeTests bool
	// Include, when non-empty, limits the report to files matching these paths or globs
	// (doublestar syntax; a folder name includes everything below it). Other files are still
	// analysed, for context, like dependencies.
	Include []string
	// ProjectSequence numbers bug ids: <BugPrefix>_<ProjectSequence>_<n>.
	ProjectSequence int64
	BugPrefix       string // default "VG"
	// ScanID is written into each finding record.
	ScanID string
	// Progress, when set, is told about each stage (for a terminal progress line).
	Progress func(stage string)
	// Advance, when set, is told where the scan stands (phase, files, findings so far) at each
	// change, from several goroutines one at a time; it must return quickly.
	Advance func(Progress)
	// Lang limits the scan to one language: "solidity", "rust", or "" for whatever the
	// workspace holds.
	Lang string
	// RustAdvisories is the RustSec advisory database for the Cargo.lock check (nil: the newer
	// of the snapshot bundled with Vigil and the one `vigil advisories update` left in the
	// user's cache, see advisory.Current).
	RustAdvisories *advisory.DB
	// Budgets bound the scan's time and memory (zero: unbounded).
	Budgets Budgets
	// Workers is how many files, functions or detector runs are analysed at once (0: one
	// per processor). The report is the same whatever the number.
	Workers int
	// Compilers maps a path prefix ("" for every file) to the exact compiler version the files
	// under it were built with (verified on-chain sources); the longest prefix wins.
	Compilers map[string]string
	// Within, when set, limits the scan to the files it accepts: the others are not read at
	// all (vigil scan --new-since scans, in the base revision, only the part of the code base
	// a change can reach; see DiffScope).
	Within func(path string) bool
	// DetectWithin, when set, runs the detectors only on the files it accepts; the others are
	// in the model for context, and report nothing.
	DetectWithin func(path string) bool
	// Reuse is the model of an earlier scan of another revision of the same code base: files
	// with the same path and content keep its syntax trees instead of being parsed again.
	Reuse *sema.Program
	// TuneGC lets the scan set the process's garbage collector pace per phase, for a lower
	// peak of memory (see gcPace), and leave it at the last phase's when it returns: for a
	// process that runs one scan at a time, such as the command line, never for one that runs
	// scans side by side.
	TuneGC bool
}

// compilerFor returns the known compiler version of a file, or "".
func (o Options) compilerFor(path string) string {
	best, version := -1, ""
	for prefix, v := range o.Compilers {
		if strings.HasPrefix(path, prefix) && len(prefix) > best {
			best, version = len(prefix), v
		}
	}
	return version
}

// Result is what a scan produced, the report plus what the renderers and tests may want.
type Result struct {
	Report *report.ScanReport
	// Stopped is the *BudgetError of a scan whose time or memory budget ran out: the report
	// holds what was found before, and its coverage names what was not analysed.
	Stopped error
	Program *sema.Program // the Solidity model, nil when the workspace has no Solidity
	// Source returns the lines of a scanned file (for code excerpts), or nil.
	Source func(path string) []string
}

// Catalogue returns every detector template, Solidity's then Rust's.
func Catalogue() []*detect.Template {
	var out []*detect.Template
	for _, a := range solidity.All {
		out = append(out, &a.Template)
	}
	for _, a := range rustdetect.All {
		out = append(out, &a.Template)
	}
	return out
}

// included reports whether findings in path are reported under the Include list.
func (o Options) included(path string) bool {
	if len(o.Include) == 0 {
		return true
	}
	for _, pat := range o.Include {
		pat = strings.TrimSuffix(strings.TrimPrefix(pat, "./"), "/")
		if path == pat || strings.HasPrefix(path, pat+"/") {
			return true
		}
		if ok, _ := doublestar.Match(pat, path); ok {
			return true
		}
	}
	return false
}

// enabled reports whether the options let detector id run.
func (o Options) enabled(id string) bool {
	on := len(o.Enable) == 0
	for _, e := range o.Enable {
		on = on || strings.EqualFold(e, id)
	}
	for _, d := range o.Disable {
		if strings.EqualFold(d, id) {
			return false
		}
	}
	return on
}

// Analyzers returns the Solidity detectors the options enable, or an error naming an unknown
// id (Solidity or Rust).
func (o Options) Analyzers() ([]*detect.Analyzer, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	return o.solidityAnalyzers(), nil
}

// validate reports the first unknown detector id, severity or language of the options.
func (o Options) validate() error {
	known := knownIDs()
	for _, id := range append(append([]string(nil), o.Enable...), o.Disable...) {
		if !known[strings.ToUpper(id)] {
			return fmt.Errorf("unknown detector %q (see `vigil detectors`)", id)
		}
	}
	for id, sev := range o.Severity {
		if !known[strings.ToUpper(id)] {
			return fmt.Errorf("severity override for unknown detector %q", id)
		}
		if _, err := detect.ParseSeverity(sev); err != nil {
			return fmt.Errorf("severity override for %s: %v", id, err)
		}
	}
	switch o.Lang {
	case "", "solidity", "rust":
	default:
		return fmt.Errorf("unknown language %q (solidity or rust)", o.Lang)
	}
	return nil
}

// solidityAnalyzers are the Solidity detectors the options enable.
func (o Options) solidityAnalyzers() []*detect.Analyzer {
	out := make([]*detect.Analyzer, 0, len(solidity.All))
	for _, a := range solidity.All {
		if o.enabled(a.ID) {
			out = append(out, a)
		}
	}
	return out
}

// knownIDs is the set of detector ids of the catalogue, made once per process (the catalogue
// never changes; every scan checks its options against it).
var knownIDs = sync.OnceValue(func() map[string]bool {
	known := map[string]bool{}
	for _, t := range Catalogue() {
		known[t.ID] = true
	}
	return known
})

// testAnalyzers are run by every scan beside the chosen detectors: a hook for tests of the
// pipeline's budgets (a detector that never ends), never set outside tests.
var testAnalyzers []*detect.Analyzer

// Run scans the workspace and returns the report. Code it could not fully analyse (syntax
// errors, budgets, a failing detector, files no model takes) is named in the report's
// coverage, which caps the score. When ctx is cancelled Run returns its error; when a budget
// (opts.Budgets, or ctx's deadline) runs out it returns the report so far with Result.Stopped.
//
// Run is a pipeline: select (each source file to the language that takes it, reported or
// analysed for context only), read (each language reads its files), analyse (each language's
// model and detectors, under the budgets), merge (the languages' findings, diagnostics and
// gaps in one, with the severity overrides), report (groups, score, coverage, excerpts).
func Run(ctx context.Context, ws *workspace.Workspace, opts Options) (*Result, error) {
	start := time.Now()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	sel, err := selectFiles(ctx, ws, opts)
	if err != nil {
		return nil, err
	}
	if len(sel.inScope) == 0 && sel.any() {
		if noted, _ := noteGaps(ws, opts); len(noted) == 0 {
			return nil, sel.nothingInScope(ws)
		}
	}
	lines := newSourceLines()
	langs, size, err := readSources(ctx, ws, sel, lines)
	if err != nil {
		return nil, err
	}
	r, release := newRun(ctx, ws, sel, langs[0], size)
	defer release()
	analyses := make([]analysis, 0, len(langs))
	for _, l := range langs {
		a, err := l.analyse(r)
		if err != nil {
			return nil, err
		}
		analyses = append(analyses, a)
	}
	m := merge(analyses, opts, lines)
	rep := buildReport(ws, sel, m, lines, start)
	return &Result{Report: rep, Stopped: m.stopped, Program: m.program, Source: lines.get}, nil
}
