package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
)

// WriteTable writes the report for a terminal: findings grouped by severity, each with its
// file:line and a short code excerpt, then a summary table and the score. Colour is used when
// colored is true (the caller decides: a terminal, and NO_COLOR unset).
func WriteTable(w io.Writer, r *ScanReport, excerpt Excerpt, colored bool) error {
	paint := func(attrs ...color.Attribute) func(a ...any) string {
		c := color.New(attrs...)
		if colored {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c.SprintFunc()
	}
	sevColor := map[string]func(a ...any) string{
		"critical":      paint(color.FgHiWhite, color.BgRed, color.Bold),
		"high":          paint(color.FgRed, color.Bold),
		"medium":        paint(color.FgYellow, color.Bold),
		"low":           paint(color.FgCyan),
		"informational": paint(color.FgBlue),
		"gas":           paint(color.FgGreen),
	}
	dim := paint(color.Faint)
	bold := paint(color.Bold)

	for _, sev := range Severities {
		var lines []string
		for _, g := range r.MultiFileScanDetails {
			for _, f := range g.MetricWiseAggregatedFindings {
				if FindingSeverity(g, f) != sev {
					continue
				}
				for _, loc := range f.Findings {
					start := loc.LineNosStart[0]
					lines = append(lines, fmt.Sprintf("  %s %s %s\n    %s:%d  %s", sevColor[sev](strings.ToUpper(sev)),
						bold(g.TemplateDetails.IssueName), dim("["+g.IssueID+" "+f.BugID+"]"), loc.FilePath, start, PlainDescription(g, f)))
					if excerpt != nil {
						if code := excerpt(loc.FilePath, start, start); len(code) > 0 {
							lines = append(lines, dim(fmt.Sprintf("    %5d | %s", start, strings.TrimSpace(code[0]))))
						}
					}
				}
			}
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(w, "%s\n%s\n\n", sevColor[sev](strings.ToUpper(sev)+" findings"), strings.Join(lines, "\n"))
	}

	s := r.MultiFileScanSummary
	if s == nil {
		return nil
	}
	table := tablewriter.NewWriter(w)
	table.Header([]string{"Severity", "Findings"})
	for _, sev := range Severities {
		if err := table.Append([]string{sevColor[sev](sev), fmt.Sprint(s.IssueSeverityDistribution[sev])}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%s %s / 100 (%s) · %d issues · %d files · %d lines · %.2f s\n", bold("Score"), s.ScoreV2, s.ScoreRating,
		s.IssuesCount, s.CountFilesAnalyzed, s.LinesAnalyzedCount, s.ScanTimeTaken)
	if note := r.LeftOut(); note != "" {
		fmt.Fprintf(w, "%s\n", strings.ToUpper(note[:1])+note[1:])
	}
	if note := r.ConfigNotice(); note != "" {
		fmt.Fprintf(w, "%s\n", paint(color.FgYellow, color.Bold)(note))
	}
	if a := r.RustSec; a != nil {
		fmt.Fprintf(w, "Cargo.lock checked against RustSec advisories of %s (%d advisories; %s)\n", a.Date, a.Advisories, a.Source)
	}
	writeIncompleteBlock(w, r, paint(color.FgHiWhite, color.BgRed, color.Bold), paint(color.FgRed))
	return nil
}

// writeIncompleteBlock ends the terminal output of an incomplete scan with a warning and the
// list of what was not analysed, last so that it is what a CI log shows.
func writeIncompleteBlock(w io.Writer, r *ScanReport, banner, text func(a ...any) string) {
	warning := r.Warning()
	if warning == "" {
		return
	}
	fmt.Fprintf(w, "\n%s\n%s\n", banner(" WARNING: INCOMPLETE SCAN "), text(warning))
	for _, g := range r.Coverage.GapLines() {
		fmt.Fprintf(w, "  - %s\n", text(g))
	}
}
