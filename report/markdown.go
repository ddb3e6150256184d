package report

import (
	"fmt"
	"io"
	"strings"
)

// Excerpt returns source lines [from, to] of a file for display, or nil when unknown.
type Excerpt func(path string, from, to int) []string

// WriteMarkdown writes the report as Markdown, for pull-request comments and CI summaries.
func WriteMarkdown(w io.Writer, r *ScanReport, excerpt Excerpt) error {
	s := r.MultiFileScanSummary
	var b strings.Builder
	fmt.Fprintf(&b, "# Vigil scan report\n\n")
	if r.ProjectURL != "" {
		fmt.Fprintf(&b, "Repository: %s", r.ProjectURL)
		if r.ProjectBranch != "" {
			fmt.Fprintf(&b, " (branch `%s`)", r.ProjectBranch)
		}
		if r.ProjectCommit != "" {
			fmt.Fprintf(&b, " at `%s`", short(r.ProjectCommit))
		}
		b.WriteString("\n\n")
	}
	if warning := r.Warning(); warning != "" {
		fmt.Fprintf(&b, "> [!WARNING]\n> **%s**\n>\n", warning)
		for _, g := range r.Coverage.GapLines() {
			fmt.Fprintf(&b, "> - %s\n", strings.NewReplacer("\n", " ", "<", "&lt;").Replace(g))
		}
		b.WriteString("\n")
	}
	if s != nil {
		fmt.Fprintf(&b, "**Score %s / 100 (%s)** · %d issues · %d files · %d lines · %.2f s\n\n",
			s.ScoreV2, s.ScoreRating, s.IssuesCount, s.CountFilesAnalyzed, s.LinesAnalyzedCount, s.ScanTimeTaken)
		if note := r.LeftOut(); note != "" {
			fmt.Fprintf(&b, "<sub>%s</sub>\n\n", strings.ToUpper(note[:1])+note[1:])
		}
		b.WriteString("| Severity | Count |\n|---|---:|\n")
		for _, sev := range Severities {
			fmt.Fprintf(&b, "| %s | %d |\n", sev, s.IssueSeverityDistribution[sev])
		}
		b.WriteString("\n")
	}
	if len(r.MultiFileScanDetails) == 0 {
		b.WriteString("No issues found.\n")
	}
	for _, g := range r.MultiFileScanDetails {
		t := g.TemplateDetails
		if t == nil {
			continue
		}
		fmt.Fprintf(&b, "## %s `%s` (%s, %d)\n\n", t.IssueName, t.IssueID, t.IssueSeverity, g.NoOfFindings)
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				start, end := loc.LineNosStart[0], loc.LineNosEnd[0]
				fmt.Fprintf(&b, "- **%s** `%s:%d` — %s\n", f.BugID, loc.FilePath, start, htmlToMarkdown(Fill(g, f)))
				if excerpt != nil {
					if lines := excerpt(loc.FilePath, start, min(end, start+4)); len(lines) > 0 {
						b.WriteString("\n  ```solidity\n")
						for i, l := range lines {
							fmt.Fprintf(&b, "  %4d | %s\n", start+i, l)
						}
						b.WriteString("  ```\n")
					}
				}
			}
		}
		fmt.Fprintf(&b, "\n**Remediation.** %s\n\n", htmlToMarkdown(t.IssueRemediation))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}
