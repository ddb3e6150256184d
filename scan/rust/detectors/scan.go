package detectors

import (
	"context"
	"io/fs"
	"sort"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Finding is a Rust finding placed in its file: what the framework reported, with its position
// resolved.
type Finding struct {
	detect.Finding
	// File is the path relative to the workspace folder; Line and EndLine are 1-based.
	File          string
	Line, EndLine int
}

// Result is the outcome of scanning one folder of Rust code.
type Result struct {
	// Workspace is what was loaded; its files keep their sources, not their syntax trees.
	Workspace *model.Workspace
	Findings  []Finding
	// Diagnostics are the framework's: a detector that failed or ran past a budget on a crate
	// (File names the crate's Cargo.toml), or crates not analysed when the context ended.
	Diagnostics []detect.Diagnostic
	// Silenced are the findings vigil-disable comments silenced.
	Silenced []Finding
	// Files and Lines count the Rust sources analysed (for the summary's
	// count_files_analyzed and lines_analyzed_count).
	Files, Lines int
}

// Run executes the analyzers over every crate of the workspace (its sources parsed) and
// returns the findings sorted by file, line and id, without those that vigil-disable comments
// silence.
func Run(ws *model.Workspace, analyzers []*detect.Analyzer, cfg Config) []Finding {
	return run(context.Background(), ws, analyzers, cfg, false, detect.Limits{}).Findings
}

// Scan loads the Rust workspace in fsys and runs every detector. A limit error from loading
// still returns what was loaded with the error.
func Scan(fsys fs.FS, lim model.Limits, cfg Config) (*Result, error) {
	return ScanContext(context.Background(), fsys, lim, cfg, detect.Limits{}, nil)
}

// ScanContext is Scan on the detector framework's runner under ctx and its limits: budgets,
// workers and progress (Limits.Done is told of each crate by its Cargo.toml path). loaded, when
// set, is shown the workspace before the detectors run.
func ScanContext(ctx context.Context, fsys fs.FS, lim model.Limits, cfg Config, run detect.Limits, loaded func(*model.Workspace)) (*Result, error) {
	// Each crate is parsed just before it is analysed and its trees released right after:
	// a large workspace holds the sources of every crate but the syntax of one or two.
	ws, err := model.LoadSourcesFS(fsys, lim)
	if ws == nil {
		return nil, err
	}
	if loaded != nil {
		loaded(ws)
	}
	res := runWith(ctx, ws, All, cfg, true, run)
	for _, c := range ws.Crates {
		for _, f := range c.Files {
			res.Files++
			res.Lines += countLines(f.Src)
		}
	}
	return res, err
}

// runWith runs the analyzers on the framework and places the findings.
func runWith(ctx context.Context, ws *model.Workspace, analyzers []*detect.Analyzer, cfg Config, stream bool, lim detect.Limits) *Result {
	res := run(ctx, ws, analyzers, cfg, stream, lim)
	res.Workspace = ws
	return res
}

func run(ctx context.Context, ws *model.Workspace, analyzers []*detect.Analyzer, cfg Config, stream bool, lim detect.Limits) *Result {
	out := detect.RunSubject(ctx, newWorkspaceSubject(ws, cfg, stream), analyzers, lim)
	res := &Result{Diagnostics: out.Diagnostics, Findings: make([]Finding, 0, len(out.Findings))}
	for _, f := range out.Findings {
		res.Findings = append(res.Findings, placed(ws.Fset, f))
	}
	for _, f := range out.Silenced {
		res.Silenced = append(res.Silenced, placed(ws.Fset, f))
	}
	sort.SliceStable(res.Findings, func(i, j int) bool {
		a, b := res.Findings[i], res.Findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Analyzer.ID < b.Analyzer.ID
	})
	res.Findings = dedupe(res.Findings)
	return res
}

// placed resolves a finding's position to its file and lines.
func placed(fset *token.FileSet, f detect.Finding) Finding {
	if !f.Pos.IsValid() {
		return Finding{Finding: f, File: f.File, Line: f.Line, EndLine: f.Line}
	}
	from, to := fset.Position(f.Pos), fset.Position(f.End)
	if !to.IsValid() || to.Line < from.Line {
		to = from
	}
	return Finding{Finding: f, File: from.Filename, Line: from.Line, EndLine: to.Line}
}

// dedupe keeps one finding per analyzer and line (and advisory, for Cargo.lock): a lock file
// shared by several crates of a workspace is checked once per crate.
func dedupe(in []Finding) []Finding {
	type key struct {
		id, file, extra string
		line            int
	}
	seen := map[key]bool{}
	out := in[:0]
	for _, f := range in {
		k := key{f.Analyzer.ID, f.File, f.Details["advisory_id"], f.Line}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

func countLines(src []byte) int {
	if len(src) == 0 {
		return 0
	}
	n := 0
	for _, b := range src {
		if b == '\n' {
			n++
		}
	}
	if src[len(src)-1] != '\n' {
		n++
	}
	return n
}
