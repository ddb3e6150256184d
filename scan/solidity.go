package scan

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// solidityLang is the Solidity front end: the files are read and parsed into one semantic
// model (dependencies included, for context; package sema), on which the chosen detectors run
// (package detect).
type solidityLang struct {
	sel          *selection
	analyzers    []*detect.Analyzer // the chosen detectors and testAnalyzers
	chosen       []*detect.Analyzer // what the report's scope names
	srcs         []sema.SourceFile
	paths        []string // of srcs
	files, lines int      // the files the report covers, and their lines
}

func newSolidity(sel *selection) language {
	chosen := sel.opts.solidityAnalyzers()
	return &solidityLang{sel: sel, chosen: chosen, analyzers: append(chosen[:len(chosen):len(chosen)], testAnalyzers...)}
}

func (s *solidityLang) read(ctx context.Context, ws *workspace.Workspace, files []selected, lines *sourceLines) (int64, error) {
	var size int64
	s.srcs = make([]sema.SourceFile, 0, len(files))
	s.paths = make([]string, 0, len(files))
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		data, err := ws.ReadFile(f.Path)
		if err != nil {
			return 0, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		size += int64(len(data))
		s.srcs = append(s.srcs, sema.SourceFile{Path: f.Path, Src: data, Dependency: f.context, Compiler: s.sel.opts.compilerFor(f.Path)})
		s.paths = append(s.paths, f.Path)
		lines.add(f.Path, data)
		if f.reported {
			s.files++
			s.lines += f.Lines
		}
	}
	return size, nil
}

func (s *solidityLang) active() bool { return len(s.srcs) > 0 }

func (s *solidityLang) stage() string { return modelStage(s.paths) }

// analyse builds the model and runs the detectors on it. A budget that ends the model's build
// leaves every file a gap; one that ends the detectors keeps what they found before.
func (s *solidityLang) analyse(r *run) (analysis, error) {
	out := analysis{files: s.files, lines: s.lines, detectors: make([]string, 0, len(s.chosen))}
	for _, a := range s.chosen {
		out.detectors = append(out.detectors, a.ID)
	}
	r.progress(fmt.Sprintf("parsing %d Solidity files", len(s.srcs)))
	r.tracker.phase(PhaseParsing, len(s.srcs))
	var remaps []sema.Remapping
	for _, m := range r.ws.Remappings {
		remaps = append(remaps, sema.Remapping{Prefix: m.Prefix, Target: m.Target})
	}
	r.act.setStage(s.stage())
	pace := paceGC(r.opts.TuneGC)
	var prog *sema.Program
	budget, err := r.guard("analysing the sources", func() {
		prog = sema.LoadWith(s.srcs, remaps, sema.LoadOptions{Budget: sema.DefaultBudget, Workers: r.opts.Workers, Reuse: r.opts.Reuse,
			Parsed: func(string) { r.tracker.fileDone(0) }})
	})
	if err != nil {
		return out, err
	}
	pace.detecting()
	if budget != nil {
		out.stopped = budget
		for _, p := range s.paths {
			out.gaps = append(out.gaps, report.Gap{File: p, Kind: report.GapNotAnalysed, Reason: budget.Error()})
		}
		return out, nil
	}
	out.program = prog
	return out, s.detect(r, prog, &out)
}

// detect runs the detectors on the model and converts what they report.
func (s *solidityLang) detect(r *run, prog *sema.Program, out *analysis) error {
	r.progress(fmt.Sprintf("running %d Solidity detectors", len(s.analyzers)))
	r.act.setStage("the Solidity detectors")
	r.tracker.phase(PhaseAnalysing, len(prog.Files))
	taskDone := func(_ string, found []detect.Finding, last bool) {
		n := 0
		for _, f := range found {
			if file := prog.FileOf(f.Pos); file != nil && !r.sel.dropped(file.Path, file.Dependency) {
				n++
			}
		}
		if last {
			r.tracker.fileDone(n)
		} else {
			r.tracker.found(n)
		}
	}
	res := detect.RunContext(r.ctx, prog, s.analyzers, detect.Limits{Task: r.opts.Budgets.Detector, Track: r.act.track,
		Workers: r.opts.Workers, Done: taskDone, Files: r.detectFiles()})
	if budget, cancelled := r.stopped(); cancelled != nil {
		return cancelled
	} else if budget != nil {
		out.stopped = budget
	}
	for _, f := range res.Silenced {
		if file := prog.FileOf(f.Pos); file != nil && !r.sel.dropped(file.Path, file.Dependency) {
			out.suppressed++
		}
	}
	out.records = slices.Grow(out.records, len(res.Findings))
	for _, f := range res.Findings {
		rec := solidityRecord(prog, f)
		if !r.sel.dropped(rec.file, rec.dependency) {
			out.records = append(out.records, rec)
		} else if rec.dependency && !r.sel.opts.IncludeDeps {
			out.records = append(out.records, exposedRecords(prog, r.sel, f)...)
		}
	}
	for _, d := range prog.Diagnostics {
		if d.Unresolved != "" && !r.sel.dropped(d.Pos.Filename, prog.File(d.Pos.Filename) != nil && prog.File(d.Pos.Filename).Dependency) {
			continue // a gap of a reported file: the coverage lists it, the renderers summarise it
		}
		out.diagnostics = append(out.diagnostics, d.String())
	}
	out.gaps = append(out.gaps, syntaxGaps(prog.Diagnostics)...)
	out.gaps = append(out.gaps, budgetGaps(prog.Diagnostics)...)
	out.gaps = append(out.gaps, unresolvedGaps(prog.Diagnostics)...)
	for _, d := range res.Diagnostics {
		out.diagnostics = append(out.diagnostics, d.Msg)
		out.gaps = append(out.gaps, report.Gap{File: d.File, Kind: report.GapNotAnalysed, Reason: strings.TrimPrefix(firstLine(d.Msg), d.File+": "),
			Contract: d.Contract, Function: d.Function, Detector: d.Analyzer})
	}
	return nil
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

// detectFiles is the set of files the Solidity detectors run on: every file but the test and
// script files left out of the scan, which are in the model for context only (their findings
// would be dropped). Dependencies and files outside --include (a named file's imports) are
// analysed: their code reaches the report through the contracts that inherit it.
func (r *run) detectFiles() func(path string) bool {
	within := r.opts.DetectWithin
	return func(path string) bool {
		if within != nil && !within(path) {
			return false
		}
		return !r.sel.tests[path]
	}
}
