package scan

import (
	"context"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// selected is a source file the scan analyses, with how the report treats it.
type selected struct {
	workspace.File
	// reported: the report covers the file and its findings. context: the file is analysed
	// for context only (a dependency, test code, a file outside Options.Include), which the
	// model records; a dependency whose findings --include-deps reports is both.
	reported, context bool
}

// selection is the select stage's outcome: each language's files, in the workspace's order,
// and what the report says about the files it leaves out.
type selection struct {
	opts    Options
	byLang  [][]selected      // by entry of languages
	inScope []report.FileSize // the files the report covers, every language's, in order
	tests   map[string]bool   // test and script files left out (Options.IncludeTests)
	deps    int               // dependency files left out (Options.IncludeDeps)
}

// selectFiles is the select stage: it gives each source file of the workspace to the language
// that takes it (Options.Lang may leave one out) and decides whether the report covers it.
// Nothing is read yet.
func selectFiles(ctx context.Context, ws *workspace.Workspace, opts Options) (*selection, error) {
	sel := &selection{opts: opts, byLang: make([][]selected, len(languages)), tests: map[string]bool{}}
	for _, f := range ws.Sources(true) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if opts.Within != nil && !opts.Within(f.Path) {
			continue
		}
		test := f.Test && !opts.IncludeTests
		if test {
			sel.tests[f.Path] = true
		} else if f.Dependency && !opts.IncludeDeps {
			sel.deps++
		}
		i := languageOf(f.Lang, opts.Lang)
		if i < 0 {
			continue
		}
		s := selected{File: f,
			reported: (!f.Dependency || opts.IncludeDeps) && !test && opts.included(f.Path),
			context:  f.Dependency || test || !opts.included(f.Path)}
		sel.byLang[i] = append(sel.byLang[i], s)
		if s.reported {
			sel.inScope = append(sel.inScope, report.FileSize{Path: f.Path, Lines: f.Lines})
		}
	}
	return sel, nil
}

// dropped says whether findings in a file stay out of the report (dependencies, tests, files
// outside Include): such files are analysed for context only.
func (s *selection) dropped(file string, dependency bool) bool {
	return dependency && !s.opts.IncludeDeps || s.tests[file] || !s.opts.included(file)
}

// any reports whether the selection holds a file of any language.
func (s *selection) any() bool {
	for _, files := range s.byLang {
		if len(files) > 0 {
			return true
		}
	}
	return false
}
