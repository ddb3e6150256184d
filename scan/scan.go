package scan

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
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
	known := knownIDs()
	for _, id := range append(append([]string(nil), o.Enable...), o.Disable...) {
		if !known[strings.ToUpper(id)] {
			return nil, fmt.Errorf("unknown detector %q (see `vigil detectors`)", id)
		}
	}
	for id, sev := range o.Severity {
		if !known[strings.ToUpper(id)] {
			return nil, fmt.Errorf("severity override for unknown detector %q", id)
		}
		if _, err := detect.ParseSeverity(sev); err != nil {
			return nil, fmt.Errorf("severity override for %s: %v", id, err)
		}
	}
	switch o.Lang {
	case "", "solidity", "rust":
	default:
		return nil, fmt.Errorf("unknown language %q (solidity or rust)", o.Lang)
	}
	out := make([]*detect.Analyzer, 0, len(solidity.All))
	for _, a := range solidity.All {
		if o.enabled(a.ID) {
			out = append(out, a)
		}
	}
	return out, nil
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
func Run(parent context.Context, ws *workspace.Workspace, opts Options) (*Result, error) {
	start := time.Now()
	analyzers, err := opts.Analyzers()
	if err != nil {
		return nil, err
	}
	chosen := analyzers // what the report's scope names
	analyzers = append(analyzers[:len(analyzers):len(analyzers)], testAnalyzers...)
	// Detector ids are case-insensitive (configuration keys arrive in lower case).
	overrides := map[string]string{}
	for id, sev := range opts.Severity {
		overrides[strings.ToUpper(id)] = strings.ToLower(sev)
	}
	progress := opts.Progress
	if progress == nil {
		progress = func(string) {}
	}

	tracker := newProgressTracker(opts.Advance)

	files := ws.Sources(true)
	lines := newSourceLines()
	var analysedFiles, analysedLines int
	var srcs []sema.SourceFile
	var inScope []report.FileSize // the files the report covers, for the coverage figure
	var inputBytes int64
	hasRust, rustFiles := false, 0
	leftOutTests, leftOutDeps := map[string]bool{}, 0 // for the report's note on what it leaves out
	// dropped says whether findings in a file stay out of the report (dependencies, tests,
	// files outside Include): they are analysed for context only.
	dropped := func(file string, dependency bool) bool {
		return dependency && !opts.IncludeDeps || leftOutTests[file] || !opts.included(file)
	}
	for _, f := range files {
		if err := parent.Err(); err != nil {
			return nil, err
		}
		test := f.Test && !opts.IncludeTests
		if test {
			leftOutTests[f.Path] = true
		} else if f.Dependency && !opts.IncludeDeps {
			leftOutDeps++
		}
		reported := (!f.Dependency || opts.IncludeDeps) && !test && opts.included(f.Path)
		switch {
		case f.Lang == workspace.Solidity && opts.Lang != "rust":
		case f.Lang == workspace.Rust && opts.Lang != "solidity":
			hasRust = hasRust || !f.Dependency
			rustFiles++
			if reported {
				inScope = append(inScope, report.FileSize{Path: f.Path, Lines: f.Lines})
			}
			inputBytes += f.Size
			continue
		default:
			continue
		}
		data, err := ws.ReadFile(f.Path)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		inputBytes += int64(len(data))
		context := f.Dependency || test || !opts.included(f.Path)
		srcs = append(srcs, sema.SourceFile{Path: f.Path, Src: data, Dependency: context, Compiler: opts.compilerFor(f.Path)})
		lines.add(f.Path, data)
		if reported {
			analysedFiles++
			analysedLines += f.Lines
			inScope = append(inScope, report.FileSize{Path: f.Path, Lines: f.Lines})
		}
	}
	if len(srcs) == 0 && !hasRust {
		if opts.Lang != "" {
			return nil, fmt.Errorf("%w (with --lang %s)", workspace.ErrNoSources, opts.Lang)
		}
		return nil, workspace.ErrNoSources
	}

	act := newActivity()
	// Name the sources from the start: a budget the process already exceeds stops the scan
	// before the first stage begins, and its error must still say what it stopped.
	solPaths := make([]string, 0, len(srcs))
	for _, s := range srcs {
		solPaths = append(solPaths, s.Path)
	}
	if len(srcs) > 0 {
		act.setStage(modelStage(solPaths))
	} else {
		act.setStage("the Rust crates")
	}
	ctx, release := budgetContext(parent, opts.Budgets, act, inputBytes)
	defer release()
	// stopped returns the budget error once the analysis context ended, or parent's error.
	stopped := func() (budget error, cancelled error) {
		cause := context.Cause(ctx)
		var be *BudgetError
		if errors.As(cause, &be) {
			return be, nil
		}
		if parent.Err() != nil {
			return nil, parent.Err()
		}
		return nil, nil
	}
	var gaps []report.Gap
	gapAll := func(paths []string, kind, reason string) {
		for _, p := range paths {
			gaps = append(gaps, report.Gap{File: p, Kind: kind, Reason: reason})
		}
	}

	var records []record
	var diagnostics []string
	var prog *sema.Program
	var budgetErr error
	if len(srcs) > 0 {
		progress(fmt.Sprintf("parsing %d Solidity files", len(srcs)))
		tracker.phase(PhaseParsing, len(srcs))
		var remaps []sema.Remapping
		for _, r := range ws.Remappings {
			remaps = append(remaps, sema.Remapping{Prefix: r.Prefix, Target: r.Target})
		}
		act.setStage(modelStage(solPaths))
		pace := paceGC(opts.TuneGC)
		var loaded *sema.Program
		gone, err := abandonable(ctx, "analysing the sources", func() {
			loaded = sema.LoadWith(srcs, remaps, sema.LoadOptions{Budget: sema.DefaultBudget, Workers: opts.Workers,
				Parsed: func(string) { tracker.fileDone(0) }})
		})
		if err != nil {
			return nil, err
		}
		if gone {
			budget, cancelled := stopped()
			if cancelled != nil {
				return nil, cancelled
			}
			budgetErr = budget
			gapAll(solPaths, report.GapNotAnalysed, budget.Error())
		} else {
			prog = loaded
		}
		pace.detecting()
	}
	if prog != nil {
		progress(fmt.Sprintf("running %d Solidity detectors", len(analyzers)))
		act.setStage("the Solidity detectors")
		tracker.phase(PhaseAnalysing, len(prog.Files))
		taskDone := func(_ string, found []detect.Finding, last bool) {
			n := 0
			for _, f := range found {
				if file := prog.FileOf(f.Pos); file != nil && !dropped(file.Path, file.Dependency) {
					n++
				}
			}
			if last {
				tracker.fileDone(n)
			} else {
				tracker.found(n)
			}
		}
		res := detect.RunContext(ctx, prog, analyzers, detect.Limits{Task: opts.Budgets.Detector, Track: act.track, Workers: opts.Workers,
			Done: taskDone})
		if budget, cancelled := stopped(); cancelled != nil {
			return nil, cancelled
		} else if budget != nil {
			budgetErr = budget
		}
		records = slices.Grow(records, len(res.Findings))
		for _, f := range res.Findings {
			rec := solidityRecord(prog, f)
			if dropped(rec.file, rec.dependency) {
				continue
			}
			records = append(records, rec)
		}
		for _, d := range prog.Diagnostics {
			diagnostics = append(diagnostics, d.String())
		}
		gaps = append(gaps, syntaxGaps(prog.Diagnostics)...)
		gaps = append(gaps, budgetGaps(prog.Diagnostics)...)
		for _, d := range res.Diagnostics {
			diagnostics = append(diagnostics, d.Msg)
			gaps = append(gaps, report.Gap{File: d.File, Kind: report.GapNotAnalysed, Reason: strings.TrimPrefix(firstLine(d.Msg), d.File+": "),
				Contract: d.Contract, Function: d.Function, Detector: d.Analyzer})
		}
	}
	var rustsec *report.AdvisorySnapshot
	if hasRust {
		progress("running Rust detectors")
		tracker.phase(PhaseRust, rustFiles)
		act.setStage("the Rust detectors")
		var rr rustResult
		var rerr error
		hooks := rustRun{track: act.track, filesDone: func(n int) { tracker.filesDone(n) }}
		gone, err := abandonable(ctx, "analysing the Rust sources", func() { rr, rerr = scanRust(ctx, ws, opts, hooks) })
		if err != nil {
			return nil, err
		}
		if gone {
			budget, cancelled := stopped()
			if cancelled != nil {
				return nil, cancelled
			}
			budgetErr = budget
			for _, f := range inScope {
				if strings.HasSuffix(f.Path, ".rs") {
					gapAll([]string{f.Path}, report.GapNotAnalysed, budget.Error())
				}
			}
		} else {
			if rerr != nil {
				return nil, rerr
			}
			if budget, cancelled := stopped(); cancelled != nil {
				return nil, cancelled
			} else if budget != nil {
				budgetErr = budget
			}
			kept := 0
			for _, r := range rr.records {
				if opts.enabled(r.tmpl.ID) && opts.included(r.file) {
					records = append(records, r)
					kept++
				}
			}
			tracker.phaseDone(kept)
			analysedFiles += rr.files
			analysedLines += rr.lines
			diagnostics = append(diagnostics, rr.diags...)
			gaps = append(gaps, rr.gaps...)
		}
		for p, l := range rr.source {
			lines.set(p, l)
		}
		rustsec = rr.advisories
	}
	for i := range records {
		if sev, ok := overrides[records[i].tmpl.ID]; ok {
			records[i].severity = detect.Severity(sev)
		}
	}

	rep := &report.ScanReport{
		ScanID:               opts.ScanID,
		ScanType:             report.ScanTypeProject,
		ScanInitTime:         report.Timestamp(start),
		ScanStatus:           report.StatusDone,
		MultiFileScanStatus:  report.StatusDone,
		ReportingStatus:      report.ReportNotGenerated,
		QuickFileScanDetails: opts.ScanID,
		SkipFilePaths:        []string{},
		FileURLList:          []string{},
		ProjectURL:           ws.URL,
		ProjectBranch:        ws.Branch,
		ProjectCommit:        ws.Commit,
	}
	rep.MultiFileScanDetails = groupRecords(records, opts)
	rep.RustSec = rustsec
	rep.Diagnostics = append(rep.Diagnostics, diagnostics...)
	for _, n := range ws.Notes {
		rep.Diagnostics = append(rep.Diagnostics, n.Path+": "+n.Reason)
	}
	if note := leftOutNote(leftOutDeps, len(leftOutTests)); note != "" {
		rep.Diagnostics = append(rep.Diagnostics, note)
	}
	noted, notedFiles := noteGaps(ws, opts)
	gaps, inScope = append(gaps, noted...), append(inScope, notedFiles...)
	if budgetErr != nil {
		rep.Diagnostics = append(rep.Diagnostics, "analysis stopped: "+budgetErr.Error())
	}
	rep.MultiFileScanSummary = report.Summarize(rep.MultiFileScanDetails, analysedFiles, analysedLines, time.Since(start))
	rep.ApplyCoverage(report.NewCoverage(inScope, inScopeGaps(gaps, inScope, budgetErr)))
	rep.Scope = scope(inScope, chosen, len(srcs) > 0, hasRust, opts)
	if warning := rep.Warning(); warning != "" {
		rep.Diagnostics = append(rep.Diagnostics, warning)
	}
	for _, g := range rep.Coverage.GapLines() {
		rep.Diagnostics = append(rep.Diagnostics, "incomplete: "+g)
	}
	rep.Excerpts = excerpts(rep.MultiFileScanDetails, lines.get)
	return &Result{Report: rep, Stopped: budgetErr, Program: prog, Source: lines.get}, nil
}

// record is one finding in a language-neutral form: what the report, the fingerprint and the
// score need.
type record struct {
	tmpl       *detect.Template
	severity   detect.Severity // empty: the template's
	confidence detect.Confidence
	file       string
	line, end  int
	column     int
	endColumn  int // just after the last byte, 0 when unknown
	contract   string
	function   string
	code       string // the finding's source text, whitespace normalised
	details    map[string]string
	dependency bool
}

func (r record) effectiveSeverity() detect.Severity {
	if r.severity != "" {
		return r.severity
	}
	return r.tmpl.Severity
}

// solidityRecord converts a detector finding.
func solidityRecord(prog *sema.Program, f detect.Finding) record {
	start, end := prog.Fset.Position(f.Pos), prog.Fset.Position(f.End)
	if end.Line < start.Line {
		end = start
	}
	r := record{tmpl: &f.Analyzer.Template, severity: f.Severity, confidence: f.Confidence, file: start.Filename,
		line: start.Line, end: end.Line, column: start.Column, contract: f.Contract, function: f.Function, details: f.Details}
	if f.End.IsValid() && end != start {
		r.endColumn = end.Column
	}
	if file := prog.FileOf(f.Pos); file != nil {
		r.dependency = file.Dependency
		tf := file.TokFile
		if from, to := tf.Offset(f.Pos), tf.Offset(f.End); from <= to && to <= len(file.Src) {
			r.code = joinFields(file.Src[from:to])
		}
	}
	return r
}

// groupRecords builds the finding groups of the report, most severe first.
func groupRecords(records []record, opts Options) []*report.Group {
	prefix := opts.BugPrefix
	if prefix == "" {
		prefix = "VG"
	}
	byID := map[string]*report.Group{}
	var order []*report.Group
	hashes := fingerprinter{seen: map[string]int{}}
	slices.SortStableFunc(records, func(a, b record) int {
		return cmp.Or(
			cmp.Compare(a.effectiveSeverity().Rank(), b.effectiveSeverity().Rank()),
			strings.Compare(a.tmpl.ID, b.tmpl.ID),
			strings.Compare(a.file, b.file),
			cmp.Compare(a.line, b.line),
			cmp.Compare(a.column, b.column),
		)
	})
	// The findings, their locations and line lists are made in one piece each instead of a few
	// allocations per finding.
	recs := make([]report.Finding, len(records))
	locs := make([]report.Location, len(records))
	locPtrs := make([]*report.Location, len(records))
	lineNos := make([]int, 2*len(records))
	for n, r := range records {
		g := byID[r.tmpl.ID]
		if g == nil {
			g = &report.Group{IssueID: r.tmpl.ID, TemplateDetails: TemplateOf(r.tmpl)}
			byID[r.tmpl.ID] = g
			order = append(order, g)
		}
		details := r.details
		if details == nil {
			details = map[string]string{}
		}
		lineNos[2*n], lineNos[2*n+1] = r.line, r.end
		locs[n] = report.Location{
			FilePath:     r.file,
			LineNosStart: lineNos[2*n : 2*n+1 : 2*n+1],
			LineNosEnd:   lineNos[2*n+1 : 2*n+2 : 2*n+2],
			Column:       r.column,
			EndColumn:    r.endColumn,
		}
		locPtrs[n] = &locs[n]
		rec := &recs[n]
		*rec = report.Finding{
			BugHash:            hashes.hash(r),
			BugID:              prefix + "_" + strconv.FormatInt(opts.ProjectSequence, 10) + "_" + strconv.Itoa(n+1),
			BugStatus:          report.BugPendingFix,
			Comment:            "",
			DescriptionDetails: details,
			ScanID:             opts.ScanID,
			Findings:           locPtrs[n : n+1 : n+1],
			Dependency:         r.dependency,
		}
		// Every finding says how severe and how sure it is, so that gates and readers need not
		// look the template up (and see where a detector lowered its confidence).
		rec.Severity = string(r.effectiveSeverity())
		rec.Confidence = string(r.confidence)
		if r.confidence == "" {
			rec.Confidence = string(r.tmpl.Confidence)
		}
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, rec)
		g.NoOfFindings++
	}
	return order
}

// catalogueDate is the creation date of the detector catalogue's current version, for the
// templates' bookkeeping fields.
const catalogueDate = "2026-11-22T00:00:00.000000"

// TemplateOf renders a detector's template as SPEC 2.3 shows it.
func TemplateOf(a *detect.Template) *report.Template {
	keys := a.DescriptionKeys
	if keys == nil {
		keys = []string{}
	}
	langs := a.Languages
	if langs == nil {
		langs = []string{"solidity"}
	}
	return &report.Template{
		IssueID:                a.ID,
		IssueName:              a.Name,
		IssueSeverity:          string(a.Severity),
		IssueConfidence:        a.Confidence.Percent(),
		IssueDescription:       a.Description,
		StaticIssueDescription: a.Static(),
		IssueRemediation:       a.StaticRemediation(),
		DescriptionKeys:        keys,
		IssueStatus:            "true",
		MultiFileSupported:     "true",
		IsProductionDisabled:   false,
		DetectionLogic:         a.DetectionLogic,
		Version:                a.Version,
		SWC:                    a.SWC,
		CWE:                    a.CWE,
		Languages:              langs,
		ID:                     strings.ToLower(a.ID),
		Created:                catalogueDate,
		Updated:                catalogueDate,
		Links:                  report.Links{Self: report.LinkRef{Title: a.Name, Href: "/detectors/" + a.ID}},
	}
}

// excerptContext is how many lines around a finding are kept for downloadable reports.
const excerptContext = 8

// excerpts keeps the lines around each finding, so that a report generated later (when the
// workspace is gone) can still show the code. The lines of a file are marked first and its map
// made at its final size: filled finding by finding, it grew and rehashed several times.
func excerpts(groups []*report.Group, lines func(path string) []string) map[string]map[int]string {
	marked := map[string][]bool{} // by file, whether each line (from 1) is kept
	var order []string            // files in the order first met
	for _, g := range groups {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				keep, seen := marked[loc.FilePath]
				if !seen {
					if src := lines(loc.FilePath); src != nil {
						keep = make([]bool, len(src)+1)
					}
					marked[loc.FilePath] = keep
					order = append(order, loc.FilePath)
				}
				if keep == nil {
					continue
				}
				for i := range loc.LineNosStart {
					end := loc.LineNosStart[i]
					if i < len(loc.LineNosEnd) {
						end = loc.LineNosEnd[i]
					}
					for l := max(1, loc.LineNosStart[i]-excerptContext); l <= min(len(keep)-1, end+excerptContext); l++ {
						keep[l] = true
					}
				}
			}
		}
	}
	out := make(map[string]map[int]string, len(order))
	for _, path := range order {
		keep := marked[path]
		if keep == nil {
			continue
		}
		n := 0
		for _, k := range keep {
			if k {
				n++
			}
		}
		src, m := lines(path), make(map[int]string, n)
		for l, k := range keep {
			if k {
				m[l] = src[l-1]
			}
		}
		out[path] = m
	}
	return out
}

// leftOutNote says which analysed files the report does not cover, and how to include them.
func leftOutNote(deps, tests int) string {
	var parts []string
	if deps > 0 {
		parts = append(parts, fmt.Sprintf("%d dependency files (--include-deps)", deps))
	}
	if tests > 0 {
		parts = append(parts, fmt.Sprintf("%d test and script files (--include-tests)", tests))
	}
	if len(parts) == 0 {
		return ""
	}
	return report.LeftOutNote + strings.Join(parts, " and ")
}
