package scan

import (
	"fmt"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// buildReport is the report stage: the merged findings grouped by issue, the summary and score,
// the coverage (which caps the score when code was not analysed), the scope, the diagnostics
// and the code excerpts of SPEC.md's scan report.
func buildReport(ws *workspace.Workspace, sel *selection, m merged, lines *sourceLines, start time.Time) *report.ScanReport {
	opts := sel.opts
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
	rep.MultiFileScanDetails = groupRecords(m.records, opts)
	if rep.MultiFileScanDetails == nil {
		rep.MultiFileScanDetails = []*report.Group{} // SPEC 2.1: an array, empty when nothing was found
	}
	rep.RustSec = m.rustsec
	rep.Diagnostics = append(rep.Diagnostics, m.diagnostics...)
	for _, n := range ws.Notes {
		if n.Path == "" { // about the workspace as a whole
			rep.Diagnostics = append(rep.Diagnostics, n.Reason)
			continue
		}
		rep.Diagnostics = append(rep.Diagnostics, n.Path+": "+n.Reason)
	}
	if note := leftOutNote(sel.deps, len(sel.tests)); note != "" {
		rep.Diagnostics = append(rep.Diagnostics, note)
	}
	noted, notedFiles := noteGaps(ws, opts)
	gaps, inScope := append(m.gaps, noted...), append(sel.inScope, notedFiles...)
	if m.stopped != nil {
		rep.Diagnostics = append(rep.Diagnostics, "analysis stopped: "+m.stopped.Error())
	}
	rep.MultiFileScanSummary = report.Summarize(rep.MultiFileScanDetails, m.files, m.lines, time.Since(start))
	rep.MultiFileScanSummary.SuppressedCount = m.suppressed
	rep.ApplyCoverage(report.NewCoverage(inScope, inScopeGaps(gaps, inScope, m.stopped)))
	rep.Scope = &report.Scope{Files: append([]report.FileSize{}, inScope...), Detectors: m.detectors}
	if rep.Scope.Detectors == nil {
		rep.Scope.Detectors = []string{}
	}
	if warning := rep.Warning(); warning != "" {
		rep.Diagnostics = append(rep.Diagnostics, warning)
	}
	for _, g := range rep.Coverage.GapLines() {
		rep.Diagnostics = append(rep.Diagnostics, "incomplete: "+g)
	}
	rep.Excerpts = excerpts(rep.MultiFileScanDetails, lines.get)
	return rep
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
