package scan

import (
	"fmt"
	"path"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// What the scan did not fully analyse, as coverage gaps (report.Coverage).

// syntaxGaps makes one not_parsed gap per file with syntax errors: the parser recovers, but
// what it skipped was not analysed.
func syntaxGaps(diags []sema.Diagnostic) []report.Gap {
	type tally struct {
		n     int
		first sema.Diagnostic
	}
	byFile := map[string]*tally{}
	var order []string
	for _, d := range diags {
		if !strings.HasPrefix(d.Msg, "syntax error") {
			continue
		}
		t := byFile[d.Pos.Filename]
		if t == nil {
			t = &tally{first: d}
			byFile[d.Pos.Filename] = t
			order = append(order, d.Pos.Filename)
		}
		t.n++
	}
	var out []report.Gap
	for _, f := range order {
		t := byFile[f]
		out = append(out, report.Gap{File: f, Kind: report.GapNotParsed, Line: t.first.Pos.Line,
			Reason: fmt.Sprintf("%s; first at line %d: %s", report.Plural(t.n, "syntax error"), t.first.Pos.Line, strings.TrimPrefix(t.first.Msg, "syntax error: "))})
	}
	return out
}

// unresolvedGaps makes one not_resolved gap per import or base contract sema could not find:
// the code it brings was not analysed (report/unresolved.go).
func unresolvedGaps(diags []sema.Diagnostic) []report.Gap {
	var out []report.Gap
	for _, d := range diags {
		if d.Unresolved == "" {
			continue
		}
		what := strings.TrimSpace(strings.TrimPrefix(d.Msg, "unresolved "+d.Unresolved))
		out = append(out, report.Gap{File: d.Pos.Filename, Kind: report.GapNotResolved, Line: d.Pos.Line,
			Reason: d.Unresolved + " " + what + " not found", Contract: d.Contract})
	}
	return out
}

// budgetGaps lists the functions and contracts sema left out of the analysis because they went
// past an analysis budget (CFG nodes, call-graph reach, inheritance depth).
func budgetGaps(diags []sema.Diagnostic) []report.Gap {
	var out []report.Gap
	for _, d := range diags {
		if d.Budget != "" {
			out = append(out, report.Gap{File: d.Pos.Filename, Kind: report.GapNotAnalysed, Line: d.Pos.Line, Reason: d.Msg,
				Contract: d.Contract, Function: d.Function})
		}
	}
	return out
}

// noteGaps turns the workspace's notes on source files it left out (too large, unreadable,
// too deep) into not_scanned gaps, with those files for the coverage's count.
func noteGaps(ws *workspace.Workspace, opts Options) ([]report.Gap, []report.FileSize) {
	var gaps []report.Gap
	var files []report.FileSize
	for _, n := range ws.Notes {
		ext := path.Ext(n.Path)
		switch {
		case ext == ".sol" && opts.Lang == "rust", ext == ".rs" && opts.Lang == "solidity":
			continue
		case ext != ".sol" && ext != ".rs", strings.HasPrefix(n.Reason, "symbolic link"), !opts.included(n.Path):
			continue // a link is scanned at its target's path, or leads outside the workspace
		case strings.Contains(n.Reason, "build output"):
			continue
		}
		gaps = append(gaps, report.Gap{File: n.Path, Kind: report.GapNotScanned, Reason: n.Reason})
		files = append(files, report.FileSize{Path: n.Path})
	}
	return gaps, files
}

// inScopeGaps keeps the gaps of files the report covers (a dependency's syntax error stays a
// diagnostic) and, when a whole-scan budget ran out, one gap for the scan itself: whatever it
// did not reach, the scan is incomplete.
func inScopeGaps(gaps []report.Gap, files []report.FileSize, budget error) []report.Gap {
	scope := map[string]bool{}
	for _, f := range files {
		scope[f.Path] = true
	}
	var out []report.Gap
	for _, g := range gaps {
		if scope[g.File] {
			out = append(out, g)
		}
	}
	if budget != nil {
		out = append(out, report.Gap{Kind: report.GapNotAnalysed, Reason: "analysis stopped: " + budget.Error()})
	}
	return out
}

// modelStage names the model-building stage for a budget error: the file when there is one.
func modelStage(paths []string) string {
	if len(paths) == 1 {
		return paths[0]
	}
	return fmt.Sprintf("the model of %d Solidity files", len(paths))
}

// firstLine is a diagnostic's first line (a detector panic carries its stack after it).
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
