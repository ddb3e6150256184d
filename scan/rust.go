package scan

import (
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/detectors"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// scanRust runs the Rust detectors on the workspace's Rust files (dependencies only when asked
// for) and their Cargo manifests, and converts the findings.
func scanRust(ws *workspace.Workspace, opts Options) (recs []record, files, lines int, diags []string, err error) {
	fsys := rustFS{base: os.DirFS(ws.Root), allow: rustAllowed(ws, opts.IncludeDeps)}
	res, err := detectors.Scan(fsys, model.Limits{}, detectors.Config{Advisories: opts.RustAdvisories})
	if res == nil {
		return nil, 0, 0, nil, err
	}
	if err != nil {
		diags = append(diags, "rust: "+err.Error())
	}
	for _, f := range res.Findings {
		r := record{tmpl: &f.Analyzer.Template, confidence: f.Confidence, file: f.File, line: f.Line, end: f.EndLine,
			function: f.Function, details: f.Details}
		if r.end < r.line {
			r.end = r.line
		}
		if src, err := ws.ReadFile(f.File); err == nil {
			ls := strings.Split(string(src), "\n")
			if r.line >= 1 && r.end <= len(ls) {
				r.code = strings.Join(strings.Fields(strings.Join(ls[r.line-1:r.end], " ")), " ")
			}
		}
		recs = append(recs, r)
	}
	return recs, res.Files, res.Lines, diags, nil
}

// rustLines returns the lines of the workspace's Rust files, for excerpts.
func rustLines(ws *workspace.Workspace) map[string][]string {
	out := map[string][]string{}
	for _, f := range ws.Files {
		if f.Lang == workspace.Rust {
			if src, err := ws.ReadFile(f.Path); err == nil {
				out[f.Path] = strings.Split(string(src), "\n")
			}
		}
	}
	return out
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
		return ok[p] || base == "Cargo.toml" || base == "Cargo.lock"
	}
}

// rustFS is the workspace folder seen through a filter: skipped paths and dependencies are not
// there for the Rust loader.
type rustFS struct {
	base  fs.FS
	allow func(string) bool
}

func (r rustFS) Open(name string) (fs.File, error) {
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
	out := entries[:0]
	for _, e := range entries {
		p := path.Join(name, e.Name())
		if e.IsDir() && e.Name() != "target" && !strings.HasPrefix(e.Name(), ".") || !e.IsDir() && r.allow(p) {
			out = append(out, e)
		}
	}
	return out, nil
}
