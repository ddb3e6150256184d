package report

import (
	"cmp"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Excerpt returns source lines [from, to] of a file for display, or nil when unknown.
type Excerpt func(path string, from, to int) []string

// MaxMarkdownChars is the most a GitHub comment holds; the Markdown report stays under it.
const MaxMarkdownChars = 65536

// MinMarkdownBytes is the smallest limit WriteMarkdown accepts: room for the title, the counts
// by severity and the closing note.
const MinMarkdownBytes = 2048

// markdownTrailerRoom is kept for the note that counts the findings not shown.
const markdownTrailerRoom = 600

// WriteMarkdown writes the report as Markdown, for pull-request comments and CI summaries: at
// most maxBytes bytes (0: MaxMarkdownChars, the size of a GitHub comment; a byte limit is also a
// character limit), a summary of the counts by severity first, then the most severe findings;
// the findings that do not fit are counted by severity in a closing note.
func WriteMarkdown(w io.Writer, r *ScanReport, excerpt Excerpt, maxBytes int) error {
	if maxBytes <= 0 {
		maxBytes = MaxMarkdownChars
	}
	s := r.MultiFileScanSummary
	var b strings.Builder
	fmt.Fprintf(&b, "# Vigil scan report\n\n")
	if r.ProjectURL != "" {
		fmt.Fprintf(&b, "Repository: %s", mdText(r.ProjectURL))
		if r.ProjectBranch != "" {
			fmt.Fprintf(&b, " (branch %s)", mdCode(r.ProjectBranch))
		}
		if r.ProjectCommit != "" {
			fmt.Fprintf(&b, " at %s", mdCode(short(r.ProjectCommit)))
		}
		b.WriteString("\n\n")
	}
	if r.NewSince != nil {
		b.WriteString(diffMarkdown(r.NewSince, 30))
	}
	if warning := r.Warning(); warning != "" {
		fmt.Fprintf(&b, "> [!WARNING]\n> **%s**\n>\n", warning)
		for _, g := range r.Coverage.GapLines() {
			fmt.Fprintf(&b, "> - %s\n", mdText(g))
		}
		b.WriteString("\n")
	}
	b.WriteString(markdownConfigNotice(r))
	if s != nil {
		fmt.Fprintf(&b, "**Score %s / 100 (%s)** · %s · %s · %s · %.2f s\n\n", s.ScoreV2, s.ScoreRating,
			Plural(s.IssuesCount, "issue"), Plural(s.CountFilesAnalyzed, "file"), Plural(s.LinesAnalyzedCount, "line"), s.ScanTimeTaken)
		if n := NotCountedLine(s); n != "" {
			fmt.Fprintf(&b, "%s\n\n", n)
		}
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
	// Most severe first; findings that would pass the limit are counted, not shown.
	groups := append([]*Group(nil), r.MultiFileScanDetails...)
	sort.SliceStable(groups, func(i, j int) bool {
		return SeverityRank(groupSeverity(groups[i])) < SeverityRank(groupSeverity(groups[j]))
	})
	budget := maxBytes - markdownTrailerRoom - len(b.String())
	left := map[string]int{}
	for _, g := range groups {
		t := g.TemplateDetails
		if t == nil {
			continue
		}
		var gb strings.Builder
		fmt.Fprintf(&gb, "## %s `%s` (%s, %d)\n\n", t.IssueName, t.IssueID, t.IssueSeverity, g.NoOfFindings)
		remediation := fmt.Sprintf("\n**Remediation.** %s\n\n", htmlToMarkdown(t.IssueRemediation))
		room := budget - len(gb.String()+remediation)
		shown := 0
		for _, f := range g.MetricWiseAggregatedFindings {
			item := markdownFinding(g, f, excerpt)
			if n := len(item); n <= room && len(left) == 0 {
				gb.WriteString(item)
				room -= n
				shown++
				continue
			}
			left[FindingSeverity(g, f)]++
		}
		if shown > 0 {
			gb.WriteString(remediation)
			b.WriteString(gb.String())
			budget -= len(gb.String())
		}
	}
	if len(left) > 0 {
		var parts []string
		total := 0
		for _, sev := range append(append([]string(nil), Severities...), "") {
			if n := left[sev]; n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n, cmp.Or(sev, "unrated")))
				total += n
			}
		}
		fmt.Fprintf(&b, "---\n\n**%d more findings not shown** (%s): this Markdown is kept under %d bytes "+
			"(a GitHub comment holds %d characters), with the most severe first. The JSON, SARIF or HTML report lists them all.\n",
			total, strings.Join(parts, ", "), maxBytes, MaxMarkdownChars)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownFinding is one finding's list item, with a short source excerpt.
func markdownFinding(g *Group, f *Finding, excerpt Excerpt) string {
	var b strings.Builder
	for _, loc := range f.Findings {
		if len(loc.LineNosStart) == 0 {
			continue
		}
		start, end := loc.LineNosStart[0], loc.LineNosStart[0]
		if len(loc.LineNosEnd) > 0 {
			end = loc.LineNosEnd[0]
		}
		fmt.Fprintf(&b, "- **%s** %s — %s%s\n", f.BugID, mdCode(fmt.Sprintf("%s:%d", loc.FilePath, start)),
			markdownDescription(g, f), markdownTriage(f))
		if excerpt != nil {
			if lines := excerpt(loc.FilePath, start, min(end, start+4)); len(lines) > 0 {
				fence := mdFence(lines)
				b.WriteString("\n  " + fence + "solidity\n")
				for i, l := range lines {
					fmt.Fprintf(&b, "  %4d | %s\n", start+i, mdCodeLine(l))
				}
				b.WriteString("  " + fence + "\n")
			}
		}
	}
	return b.String()
}

// groupSeverity is the severity of a group's most severe finding.
func groupSeverity(g *Group) string {
	best := ""
	for _, f := range g.MetricWiseAggregatedFindings {
		if sev := FindingSeverity(g, f); best == "" || SeverityRank(sev) < SeverityRank(best) {
			best = sev
		}
	}
	if best == "" && g.TemplateDetails != nil {
		best = g.TemplateDetails.IssueSeverity
	}
	return best
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// markdownTriage notes a finding's triage decision, if one was made: " _(false positive:
// comment)_". The comment is the user's text: Markdown's special characters are escaped.
func markdownTriage(f *Finding) string {
	if f.BugStatus == "" || f.BugStatus == BugPendingFix {
		return ""
	}
	note := StatusLabel(f.BugStatus)
	if c := strings.Join(strings.Fields(f.Comment), " "); c != "" {
		note += ": " + mdText(c)
	}
	return " _(" + note + ")_"
}
