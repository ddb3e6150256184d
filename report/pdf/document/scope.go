package document

import (
	"fmt"

	"github.com/vigil-sec/vigil/report"
)

// MaxScopeFiles caps the files the scope page lists one by one; the count says the rest.
const MaxScopeFiles = 300

// Scope is the report's scope statement: where the code came from (repository, branch,
// commit), what was examined (files and lines) and with what (Vigil's version, the detectors).
type Scope struct {
	Fields      []Field
	Files       []report.FileSize
	FilesElided int
	// Detectors are the ids of the detectors run; DetectorsKnown is false for a report made
	// by a Vigil that did not record them.
	Detectors      []string
	DetectorsKnown bool
}

// scope builds the scope statement from the report's source fields (as on the cover), its
// recorded scope and coverage, and the Vigil version (the scanning one when recorded).
func scope(r *report.ScanReport, source []Field, scanTime, toolVersion string) Scope {
	s := Scope{Fields: append([]Field(nil), source...)}
	add := func(label, value string) {
		if v := Visible(value); v != "" {
			s.Fields = append(s.Fields, Field{label, v})
		}
	}
	files, lines := 0, 0
	if r.Scope != nil {
		for _, f := range r.Scope.Files {
			files++
			lines += f.Lines
		}
		s.Files = r.Scope.Files
		if len(s.Files) > MaxScopeFiles {
			s.FilesElided = len(s.Files) - MaxScopeFiles
			s.Files = s.Files[:MaxScopeFiles]
		}
		s.Detectors, s.DetectorsKnown = r.Scope.Detectors, true
		if r.Scope.ToolVersion != "" {
			toolVersion = r.Scope.ToolVersion
		}
	} else if c := r.Coverage; c != nil {
		files, lines = c.Files, c.Lines
	} else if sum := r.MultiFileScanSummary; sum != nil {
		files, lines = sum.CountFilesAnalyzed, sum.LinesAnalyzedCount
	}
	add("Files in scope", fmt.Sprintf("%s, %s", report.Plural(files, "file"), report.Plural(lines, "line")))
	if c := r.Coverage; c != nil {
		add("Fully analysed", fmt.Sprintf("%d of %d files, %.2f%% of the lines", c.FilesFull, c.Files, c.Percent))
	}
	if note := r.LeftOut(); note != "" {
		add("Left out", note)
	}
	add("Scanned", scanTime)
	add("Vigil version", toolVersion)
	if s.DetectorsKnown {
		add("Detectors run", report.Plural(len(s.Detectors), "detector")+" (listed below)")
	} else {
		add("Detectors run", "not recorded in this report (made by an earlier Vigil)")
	}
	return s
}
