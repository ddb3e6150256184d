package scan

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	"github.com/vigil-sec/vigil/scan/rust/detectors"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// rustLang is the Rust front end: the workspace's crates (its Cargo manifests and the Rust
// sources they claim) are loaded by the Rust model, which reads them itself, and the Solana and
// Anchor detectors run on it (scanRust).
type rustLang struct {
	files   []selected
	program bool // a file outside the dependencies: without one there is nothing to report
}

func newRust(*selection) language { return &rustLang{} }

func (l *rustLang) read(_ context.Context, _ *workspace.Workspace, files []selected, _ *sourceLines) (int64, error) {
	l.files = files
	var size int64
	for _, f := range files {
		size += f.Size
		l.program = l.program || !f.Dependency
	}
	return size, nil
}

func (l *rustLang) active() bool { return l.program }

func (l *rustLang) stage() string { return "the Rust crates" }

// analyse runs the Rust model and detectors. A budget that ends them leaves every Rust file the
// report covers a gap.
func (l *rustLang) analyse(r *run) (analysis, error) {
	var out analysis
	for _, a := range detectors.All {
		if r.opts.enabled(a.ID) {
			out.detectors = append(out.detectors, a.ID)
		}
	}
	r.progress("running Rust detectors")
	r.tracker.phase(PhaseRust, len(l.files))
	r.act.setStage("the Rust detectors")
	var rr rustResult
	var rerr error
	hooks := rustRun{track: r.act.track, filesDone: func(n int) { r.tracker.filesDone(n) }}
	budget, err := r.guard("analysing the Rust sources", func() { rr, rerr = scanRust(r.ctx, r.ws, r.opts, hooks) })
	if err != nil {
		return out, err
	}
	if budget == nil && rerr == nil {
		// the detectors ran on the framework's runner: a detector or the scan may have
		// stopped on a budget there
		if b, cancelled := r.stopped(); cancelled != nil {
			return out, cancelled
		} else if b != nil {
			out.stopped = b
		}
	}
	if budget != nil {
		out.stopped = budget
		for _, f := range l.files {
			if f.reported {
				out.gaps = append(out.gaps, report.Gap{File: f.Path, Kind: report.GapNotAnalysed, Reason: budget.Error()})
			}
		}
		return out, nil
	}
	if rerr != nil {
		return out, rerr
	}
	for _, rec := range rr.records {
		if r.opts.enabled(rec.tmpl.ID) && r.opts.included(rec.file) {
			out.records = append(out.records, rec)
		}
	}
	r.tracker.phaseDone(len(out.records))
	out.files, out.lines = rr.files, rr.lines
	out.diagnostics, out.gaps, out.source, out.rustsec = rr.diags, rr.gaps, rr.source, rr.advisories
	out.suppressed = rr.suppressed
	return out, nil
}

// rustResult is what the Rust detectors found, and what they could not analyse.
type rustResult struct {
	records      []record
	files, lines int
	diags        []string
	gaps         []report.Gap
	advisories   *report.AdvisorySnapshot // the RustSec snapshot Cargo.lock was checked against
	source       map[string][]string      // the lines of the files with findings, for excerpts
	suppressed   int                      // findings vigil-disable comments silenced, outside dependencies
}

// rustRun is how the scan drives the Rust detectors on the detector framework's runner: the
// per-detector budget, the memory watchdog's file tracking, and progress.
type rustRun struct {
	track func(file string, running bool)
	// filesDone is told when every detector is done with a crate: its Rust files.
	filesDone func(n int)
}

// scanRust runs the Rust detectors on the workspace's Rust files (dependencies only when asked
// for) and their Cargo manifests, and converts the findings. Rust files outside any crate are
// analysed as one crate of their own (looseManifest) when the workspace root has no
// Cargo.toml; files the model still did not take are not_scanned gaps. A detector that fails
// or runs past its budget on a crate leaves the crate's files not_analysed gaps; when ctx ends
// the crates not analysed are gaps too.
func scanRust(ctx context.Context, ws *workspace.Workspace, opts Options, hooks rustRun) (rustResult, error) {
	var out rustResult
	allow := rustAllowed(ws, opts.IncludeDeps)
	fsys := rustFS{base: ws.FS(), allow: allow}
	if loose := looseRustFiles(ws, allow); len(loose) > 0 && !hasRootManifest(ws) {
		fsys.synthetic = map[string][]byte{"Cargo.toml": []byte(looseManifest)}
	}
	if n := rustDependencyFiles(ws); n > 0 && !opts.IncludeDeps {
		out.diags = append(out.diags, fmt.Sprintf("rust: %s of dependency crates (vendored, copied from a registry, or path dependencies outside the workspace) not scanned as the program's code; --include-deps reports them as dependencies", report.Plural(n, "file")))
	}
	db := opts.RustAdvisories
	if db == nil {
		var warning error
		if db, warning = advisory.Current(); warning != nil {
			out.diags = append(out.diags, "rust: "+warning.Error())
		}
	}
	if db != nil {
		out.advisories = &report.AdvisorySnapshot{Date: db.Date, Source: db.Source, Advisories: db.Len()}
	}
	lim := detect.Limits{Task: opts.Budgets.Detector, Track: hooks.track, Workers: opts.Workers}
	crateFiles := map[string]int{} // Rust files per crate, by the crate's Cargo.toml path
	if hooks.filesDone != nil {
		lim.Done = func(crate string, _ []detect.Finding, last bool) {
			if last {
				hooks.filesDone(crateFiles[crate])
			}
		}
	}
	res, err := detectors.ScanContext(ctx, fsys, model.Limits{}, detectors.Config{Advisories: db}, lim, func(ws *model.Workspace) {
		for _, c := range ws.Crates {
			crateFiles[path.Join(c.Dir, "Cargo.toml")] = len(c.Files)
		}
	})
	if res == nil {
		// A manifest the model refuses (malformed Cargo.toml) stops the Rust analysis, not
		// the scan: every Rust file is a gap with the reason, and the Solidity goes on.
		if err == nil {
			return out, nil
		}
		out.diags = append(out.diags, "rust: "+err.Error())
		for _, f := range ws.Files {
			if f.Lang == workspace.Rust && allow(f.Path) {
				out.gaps = append(out.gaps, report.Gap{File: f.Path, Kind: report.GapNotScanned, Reason: "the Rust model stopped: " + err.Error()})
			}
		}
		return out, nil
	}
	if err != nil {
		out.diags = append(out.diags, "rust: "+err.Error())
	}
	// Lines of the files with findings only, split once per file: the model already holds the
	// sources it parsed, and reading every Rust file again doubled the scan's memory.
	loaded := map[string][]byte{}
	for _, c := range res.Workspace.Crates {
		for _, f := range c.Files {
			loaded[f.Path] = f.Src
		}
	}
	out.source = map[string][]string{}
	for _, f := range res.Findings {
		r := record{tmpl: &f.Analyzer.Template, severity: f.Severity, confidence: f.Confidence, file: f.File, line: f.Line, end: f.EndLine,
			function: f.Function, details: f.Details, dependency: ws.InDependency(f.File)}
		if r.end < r.line {
			r.end = r.line
		}
		if f.Pos.IsValid() {
			from, to := res.Workspace.Fset.Position(f.Pos), res.Workspace.Fset.Position(f.End)
			r.column = from.Column
			if to.IsValid() && to.Line == r.end && to.Offset > from.Offset {
				r.endColumn = to.Column
			}
		}
		ls, ok := out.source[f.File]
		if !ok {
			src, found := loaded[f.File]
			if !found {
				src, _ = ws.ReadFile(f.File) // Cargo.toml and Cargo.lock
			}
			if src != nil {
				// rustc numbers lines at LF only (a form feed or lone CR is whitespace
				// inside a line), and so do the Rust model's positions: splitting as solc
				// does would shift excerpts and bug hashes below such a character.
				ls = strings.Split(string(src), "\n")
			}
			out.source[f.File] = ls
		}
		if r.line >= 1 && r.end <= len(ls) {
			r.code = strings.Join(strings.Fields(strings.Join(ls[r.line-1:r.end], " ")), " ")
		}
		out.records = append(out.records, r)
	}
	out.files, out.lines = res.Files, res.Lines
	for _, f := range res.Silenced {
		if !ws.InDependency(f.File) && opts.included(f.File) {
			out.suppressed++
		}
	}
	out.gaps = rustGaps(ws, res, allow, err)
	for _, d := range res.Diagnostics {
		out.diags = append(out.diags, "rust: "+d.Msg)
		out.gaps = append(out.gaps, detectorGaps(res.Workspace, d)...)
	}
	return out, nil
}

// detectorGaps are the Rust files of the crate a framework diagnostic names (by its
// Cargo.toml): a detector did not finish on them.
func detectorGaps(ws *model.Workspace, d detect.Diagnostic) []report.Gap {
	var gaps []report.Gap
	for _, c := range ws.Crates {
		if path.Join(c.Dir, "Cargo.toml") != d.File {
			continue
		}
		reason := strings.TrimPrefix(firstLine(d.Msg), d.File+": ")
		for _, f := range c.Files {
			gaps = append(gaps, report.Gap{File: f.Path, Kind: report.GapNotAnalysed, Reason: reason, Function: d.Function, Detector: d.Analyzer})
		}
	}
	return gaps
}

// looseManifest makes the Rust files outside any crate a crate of their own, so that no .rs
// file goes unscanned for lack of a Cargo.toml.
const looseManifest = "[package]\nname = \"loose-rust-files\"\nversion = \"0.0.0\"\nedition = \"2021\"\n"

// looseRustFiles lists the Rust sources the scan covers that no Cargo.toml at or above their
// folder claims.
func looseRustFiles(ws *workspace.Workspace, allow func(string) bool) []string {
	crates := map[string]bool{}
	for _, f := range ws.Files {
		if path.Base(f.Path) == "Cargo.toml" {
			crates[path.Dir(f.Path)] = true
		}
	}
	if len(crates) == 0 {
		// Manifests are not sources: look in the workspace's tree.
		fs.WalkDir(ws.FS(), ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Name() == "Cargo.toml" {
				crates[path.Dir(p)] = true
			}
			return nil
		})
	}
	var out []string
	for _, f := range ws.Files {
		if f.Lang != workspace.Rust || !allow(f.Path) {
			continue
		}
		claimed := false
		for dir := path.Dir(f.Path); ; dir = path.Dir(dir) {
			if crates[dir] {
				claimed = true
				break
			}
			if dir == "." || dir == "/" {
				break
			}
		}
		if !claimed {
			out = append(out, f.Path)
		}
	}
	return out
}

func hasRootManifest(ws *workspace.Workspace) bool {
	_, err := fs.Stat(ws.FS(), "Cargo.toml")
	return err == nil
}

// rustGaps names the Rust files the model did not fully take: syntax errors, files skipped by
// its limits, and files in no crate.
func rustGaps(ws *workspace.Workspace, res *detectors.Result, allow func(string) bool, loadErr error) []report.Gap {
	var gaps []report.Gap
	loaded := map[string]bool{}
	errs := map[string][]string{}
	errLine := map[string]int{}
	for _, c := range res.Workspace.Crates {
		for _, f := range c.Files {
			loaded[f.Path] = true
		}
		for _, e := range c.Errors {
			if len(errs[e.Pos.Filename]) == 0 {
				errLine[e.Pos.Filename] = e.Pos.Line
			}
			errs[e.Pos.Filename] = append(errs[e.Pos.Filename], e.Msg)
		}
	}
	skipped := map[string]string{}
	for _, s := range res.Workspace.Skipped {
		p, why, _ := strings.Cut(s, ": ")
		skipped[p] = why
	}
	for _, f := range ws.Files {
		if f.Lang != workspace.Rust || !allow(f.Path) {
			continue
		}
		switch {
		case len(errs[f.Path]) > 0:
			gaps = append(gaps, report.Gap{File: f.Path, Kind: report.GapNotParsed, Line: errLine[f.Path],
				Reason: fmt.Sprintf("%s; first at line %d: %s", report.Plural(len(errs[f.Path]), "syntax error"), errLine[f.Path], errs[f.Path][0])})
		case loaded[f.Path]:
		case skipped[f.Path] != "":
			gaps = append(gaps, report.Gap{File: f.Path, Kind: report.GapNotScanned, Reason: skipped[f.Path]})
		case loadErr != nil:
			gaps = append(gaps, report.Gap{File: f.Path, Kind: report.GapNotScanned, Reason: "the Rust model stopped: " + loadErr.Error()})
		default:
			gaps = append(gaps, report.Gap{File: f.Path, Kind: report.GapNotScanned,
				Reason: "outside any Cargo crate the Rust model could load (the workspace root's Cargo.toml does not claim it)"})
		}
	}
	return gaps
}

// rustDependencyFiles counts the Rust sources in dependency folders.
func rustDependencyFiles(ws *workspace.Workspace) int {
	n := 0
	for _, f := range ws.Files {
		if f.Lang == workspace.Rust && f.Dependency {
			n++
		}
	}
	return n
}

// rustAllowed lets through the workspace's Rust sources (not dependencies unless asked for)
// and every Cargo.toml and Cargo.lock.
func rustAllowed(ws *workspace.Workspace, includeDeps bool) func(string) bool {
	ok := map[string]bool{}
	for _, f := range ws.Files {
		if f.Lang == workspace.Rust && (!f.Dependency || includeDeps) {
			ok[f.Path] = true
		}
	}
	return func(p string) bool {
		base := path.Base(p)
		// A dependency crate's manifest would make it a crate of the scan: only with its sources.
		return ok[p] || (base == "Cargo.toml" || base == "Cargo.lock") && (includeDeps || !ws.InDependency(p))
	}
}

// rustFS is the workspace's tree (on disk or in memory: Workspace.FS) seen through a filter:
// skipped paths and dependencies are not there for the Rust loader.
type rustFS struct {
	base      fs.FS
	allow     func(string) bool
	synthetic map[string][]byte // files that are not on disk (looseManifest)
}

func (r rustFS) Open(name string) (fs.File, error) {
	if data, ok := r.synthetic[name]; ok {
		return &memFile{Reader: bytes.NewReader(data), info: memInfo{name: path.Base(name), size: int64(len(data))}}, nil
	}
	f, err := r.base.Open(name)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.IsDir() && !r.allow(name) {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f, nil
}

func (r rustFS) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(r.base, name)
	if err != nil {
		return nil, err
	}
	out := make([]fs.DirEntry, 0, len(entries)+len(r.synthetic))
	for p, data := range r.synthetic {
		if path.Dir(p) == name {
			out = append(out, fs.FileInfoToDirEntry(memInfo{name: path.Base(p), size: int64(len(data))}))
		}
	}
	for _, e := range entries {
		p := path.Join(name, e.Name())
		if e.IsDir() && e.Name() != "target" && !strings.HasPrefix(e.Name(), ".") || !e.IsDir() && r.allow(p) {
			out = append(out, e)
		}
	}
	return out, nil
}

// memFile is a synthetic file of rustFS.
type memFile struct {
	*bytes.Reader
	info memInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
