package scan

import (
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// merged is the merge stage's outcome: every language's analysis in one, in the order of
// languages.
type merged struct {
	records      []record
	files, lines int
	diagnostics  []string
	gaps         []report.Gap
	detectors    []string
	stopped      error // the budget error, when one ended an analysis
	program      *sema.Program
	rustsec      *report.AdvisorySnapshot
	suppressed   int
}

// merge is the merge stage: it joins the languages' analyses, keeps the lines of the files
// they hand over for excerpts, and applies the severity overrides of opts to every finding.
func merge(analyses []analysis, opts Options, lines *sourceLines) merged {
	var m merged
	for _, a := range analyses {
		m.records = join(m.records, a.records)
		m.files += a.files
		m.lines += a.lines
		m.suppressed += a.suppressed
		m.diagnostics = join(m.diagnostics, a.diagnostics)
		m.gaps = join(m.gaps, a.gaps)
		m.detectors = join(m.detectors, a.detectors)
		if a.stopped != nil {
			m.stopped = a.stopped
		}
		if a.program != nil {
			m.program = a.program
		}
		if a.rustsec != nil {
			m.rustsec = a.rustsec
		}
		for p, l := range a.source {
			lines.set(p, l)
		}
	}
	// Detector ids are case-insensitive (configuration keys arrive in lower case).
	overrides := map[string]string{}
	for id, sev := range opts.Severity {
		overrides[strings.ToUpper(id)] = strings.ToLower(sev)
	}
	for i := range m.records {
		if sev, ok := overrides[m.records[i].tmpl.ID]; ok {
			m.records[i].severity = detect.Severity(sev)
		}
	}
	return m
}

// join appends b to a, taking b as it is when a is empty: most scans have one language, whose
// lists need no copy.
func join[T any](a, b []T) []T {
	if len(a) == 0 {
		return b
	}
	return append(a, b...)
}
