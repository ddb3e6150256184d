package pdf

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// scopeSection is the scope statement: the code's origin and commit, the files and lines in
// scope, Vigil's version and the detectors run.
func (w *writer) scopeSection() {
	w.section("scope", "Scope")
	s := w.doc.Scope
	w.para("This report covers the code below, as scanned; code outside it, later commits and "+
		"issues no detector looks for are not covered.", bodySize, "", ink)
	w.f.Ln(3)
	var rows [][]string
	for _, f := range s.Fields {
		rows = append(rows, []string{f.Label, f.Value})
	}
	w.table([]column{{"Item", 40, "L"}, {"Value", contentW - 40, "L"}}, rows, nil, nil)
	if len(s.Files) > 0 {
		w.f.Ln(4)
		w.subheading("Files")
		rows = rows[:0]
		for _, f := range s.Files {
			rows = append(rows, []string{printable(f.Path), strconv.Itoa(f.Lines)})
		}
		w.table([]column{{"File", contentW - 20, "L"}, {"Lines", 20, "R"}}, rows, nil, nil)
		if s.FilesElided > 0 {
			w.para("and "+report.Plural(s.FilesElided, "more file")+" (the JSON report lists them all).", bodySize, "", muted)
		}
	}
	if len(s.Detectors) > 0 {
		w.f.Ln(4)
		w.subheading("Detectors run")
		w.para(strings.Join(s.Detectors, ", "), 8, "", ink)
	}
}
