package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwarp"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// TableOptions says how the terminal report is laid out.
type TableOptions struct {
	// Color paints severities (the caller decides: a terminal, and NO_COLOR unset).
	Color bool
	// Width is the terminal's width in columns (0: 80): descriptions wrap to it, code excerpts
	// and other long lines are cut to it.
	Width int
	// All lists every finding even past MaxTableFindings.
	All bool
}

// MaxTableFindings is the most findings the table lists one by one; past it the table shows a
// summary view (counts by severity and by detector, the most severe findings): a scan of a large
// project has thousands, which no terminal reader scrolls through.
const MaxTableFindings = 50

// topFindings is how many findings the summary view lists, and topDetectors how many detectors.
const (
	topFindings  = 10
	topDetectors = 15
)

// tableWriter holds what the parts of the table share.
type tableWriter struct {
	w        io.Writer
	r        *ScanReport
	excerpt  Excerpt
	width    int
	sevColor map[string]func(a ...any) string
	paint    func(attrs ...color.Attribute) func(a ...any) string
	dim      func(a ...any) string
	bold     func(a ...any) string
}

// WriteTable writes the report for a terminal, within o.Width columns: the findings grouped by
// severity, each with its file:line, description and a line of code (or, past
// MaxTableFindings, a summary view), then the counts by severity and the score.
func WriteTable(w io.Writer, r *ScanReport, excerpt Excerpt, o TableOptions) error {
	if o.Width <= 0 {
		o.Width = 80
	}
	t := &tableWriter{w: w, r: r, excerpt: excerpt, width: o.Width}
	t.paint = func(attrs ...color.Attribute) func(a ...any) string {
		c := color.New(attrs...)
		if o.Color {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c.SprintFunc()
	}
	t.sevColor = map[string]func(a ...any) string{
		"critical":      t.paint(color.FgHiWhite, color.BgRed, color.Bold),
		"high":          t.paint(color.FgRed, color.Bold),
		"medium":        t.paint(color.FgYellow, color.Bold),
		"low":           t.paint(color.FgCyan),
		"informational": t.paint(color.FgBlue),
		"gas":           t.paint(color.FgGreen),
	}
	t.dim, t.bold = t.paint(color.Faint), t.paint(color.Bold)

	total := 0
	for _, g := range r.MultiFileScanDetails {
		total += len(g.MetricWiseAggregatedFindings)
	}
	if total > MaxTableFindings && !o.All {
		t.summaryView(total)
	} else {
		t.findings(-1)
	}
	return t.footer()
}

// item is one finding location to list.
type tableItem struct {
	g   *Group
	f   *Finding
	loc *Location
	sev string
}

// items lists the finding locations, most severe first, in report order within a severity.
func (t *tableWriter) items() []tableItem {
	var out []tableItem
	for _, g := range t.r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				if len(loc.LineNosStart) > 0 {
					out = append(out, tableItem{g, f, loc, FindingSeverity(g, f)})
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return SeverityRank(out[i].sev) < SeverityRank(out[j].sev) })
	return out
}

// findings lists the findings by severity, at most limit of them (-1: all).
func (t *tableWriter) findings(limit int) {
	items := t.items()
	if limit >= 0 && len(items) > limit {
		items = items[:limit]
	}
	last := ""
	for _, it := range items {
		if it.sev != last {
			if last != "" {
				fmt.Fprintln(t.w)
			}
			fmt.Fprintln(t.w, t.sevColor[it.sev](strings.ToUpper(it.sev)+" findings"))
			last = it.sev
		}
		t.finding(it)
	}
	if last != "" {
		fmt.Fprintln(t.w)
	}
}

// finding writes one finding: severity and name, then id, bug id and place, then the wrapped
// description, then its first line of code.
func (t *tableWriter) finding(it tableItem) {
	name := it.g.IssueID
	if it.g.TemplateDetails != nil {
		name = it.g.TemplateDetails.IssueName
	}
	start := it.loc.LineNosStart[0]
	if Dismissed(it.f) {
		name += " (" + StatusLabel(it.f.BugStatus) + ")"
	}
	fmt.Fprintln(t.w, t.cut("  "+t.sevColor[it.sev](strings.ToUpper(it.sev))+" "+t.bold(name)))
	fmt.Fprintln(t.w, t.cut(fmt.Sprintf("    %s:%d  %s", it.loc.FilePath, start, t.dim("["+it.g.IssueID+" "+it.f.BugID+"]"))))
	t.para("    ", PlainDescription(it.g, it.f), nil)
	if t.excerpt != nil {
		if code := t.excerpt(it.loc.FilePath, start, start); len(code) > 0 {
			fmt.Fprintln(t.w, t.dim(t.cut(fmt.Sprintf("    %5d | %s", start, strings.TrimSpace(code[0])))))
		}
	}
}

// summaryView shows a large result: the most severe findings, then the counts by detector.
func (t *tableWriter) summaryView(total int) {
	t.para("", fmt.Sprintf("%s: a summary follows, with the %d most severe. --all lists every finding; "+
		"--format html, markdown or json keeps them all.", Plural(total, "finding"), topFindings), t.bold)
	fmt.Fprintln(t.w)
	t.findings(topFindings)

	type detCount struct {
		id, sev string
		n       int
	}
	var counts []detCount
	for _, g := range t.r.MultiFileScanDetails {
		counts = append(counts, detCount{g.IssueID, groupSeverity(g), len(g.MetricWiseAggregatedFindings)})
	}
	sort.SliceStable(counts, func(i, j int) bool {
		if SeverityRank(counts[i].sev) != SeverityRank(counts[j].sev) {
			return SeverityRank(counts[i].sev) < SeverityRank(counts[j].sev)
		}
		return counts[i].n > counts[j].n
	})
	fmt.Fprintln(t.w, t.bold("Findings by detector"))
	idWidth := 0
	for i, c := range counts {
		if i < topDetectors {
			idWidth = max(idWidth, len(c.id))
		}
	}
	for i, c := range counts {
		if i == topDetectors {
			fmt.Fprintf(t.w, "  and %s more\n", Plural(len(counts)-topDetectors, "detector"))
			break
		}
		fmt.Fprintln(t.w, t.cut(fmt.Sprintf("  %-*s  %-13s %6d", idWidth, c.id, c.sev, c.n)))
	}
	fmt.Fprintln(t.w)
}

// footer writes the counts by severity, the score and the notes.
func (t *tableWriter) footer() error {
	r := t.r
	s := r.MultiFileScanSummary
	if s == nil {
		return nil
	}
	table := tablewriter.NewWriter(t.w)
	table.Header([]string{"Severity", "Findings"})
	for _, sev := range Severities {
		if err := table.Append([]string{t.sevColor[sev](sev), fmt.Sprint(s.IssueSeverityDistribution[sev])}); err != nil {
			return err
		}
	}
	if err := table.Render(); err != nil {
		return err
	}
	fmt.Fprintln(t.w)
	t.para("", fmt.Sprintf("%s %s / 100 (%s) · %s · %s · %s · %.2f s", t.bold("Score"), s.ScoreV2, s.ScoreRating,
		Plural(s.IssuesCount, "issue"), Plural(s.CountFilesAnalyzed, "file"), Plural(s.LinesAnalyzedCount, "line"), s.ScanTimeTaken), nil)
	if n := NotCountedLine(s); n != "" {
		t.para("", n, nil)
	}
	if note := r.LeftOut(); note != "" {
		t.para("", strings.ToUpper(note[:1])+note[1:], nil)
	}
	if note := r.ConfigNotice(); note != "" {
		t.para("", note, t.paint(color.FgYellow, color.Bold))
	}
	if a := r.RustSec; a != nil {
		t.para("", fmt.Sprintf("Cargo.lock checked against RustSec advisories of %s (%d advisories; %s)", a.Date, a.Advisories, a.Source), nil)
	}
	if d := r.NewSince; d != nil {
		t.para("", fmt.Sprintf("%s %s", t.bold("Diff"), d.Summary()), nil)
		for _, f := range d.FixedFindings {
			t.para("  ", fmt.Sprintf("fixed: %s %s (%s) %s:%d", f.IssueID, f.IssueName, f.Severity, f.FilePath, f.Line), nil)
		}
	}
	t.incompleteBlock()
	return nil
}

// incompleteBlock ends the terminal output of an incomplete scan with a warning and the list of
// what was not analysed, last so that it is what a CI log shows.
func (t *tableWriter) incompleteBlock() {
	warning := t.r.Warning()
	if warning == "" {
		return
	}
	text := t.paint(color.FgRed)
	fmt.Fprintf(t.w, "\n%s\n", t.paint(color.FgHiWhite, color.BgRed, color.Bold)(" WARNING: INCOMPLETE SCAN "))
	t.para("", warning, text)
	for _, g := range t.r.Coverage.GapLines() {
		t.para("  - ", g, text)
	}
}

// para writes text wrapped to the width after indent (continuation lines aligned under the
// first), painted by paint when given.
func (t *tableWriter) para(indent, text string, paint func(a ...any) string) {
	room := max(t.width-twwidth.Width(indent), 20)
	var lines []string
	wrapped, _ := twwarp.WrapString(strings.Join(strings.Fields(text), " "), room)
	for _, l := range wrapped { // a word longer than the room (an identifier) is broken
		for r := []rune(l); len(r) > 0; {
			n := len(r)
			for twwidth.Width(string(r[:n])) > room && n > 1 {
				n--
			}
			lines = append(lines, string(r[:n]))
			r = r[n:]
		}
	}
	pad := strings.Repeat(" ", twwidth.Width(indent))
	for i, l := range lines {
		if paint != nil {
			l = paint(l)
		}
		if i == 0 {
			fmt.Fprintln(t.w, indent+l)
		} else {
			fmt.Fprintln(t.w, pad+l)
		}
	}
}

// cut shortens a line to the width, with an ellipsis.
func (t *tableWriter) cut(s string) string {
	if twwidth.Width(s) <= t.width {
		return s
	}
	return twwidth.Truncate(s, t.width, "…")
}

// NotCountedLine says which findings the counts and the score leave out (suppressed,
// baselined, dismissed), "" when none.
func NotCountedLine(s *Summary) string {
	if parts := NotCounted(s); len(parts) > 0 {
		return "Not counted: " + strings.Join(parts, ", ") + "."
	}
	return ""
}

// NotCounted lists the findings the counts, the score and the gate leave out, one phrase per
// kind: "2 suppressed by vigil-disable comments".
func NotCounted(s *Summary) []string {
	var parts []string
	if s.SuppressedCount > 0 {
		parts = append(parts, fmt.Sprintf("%d suppressed by vigil-disable comments", s.SuppressedCount))
	}
	if s.BaselinedCount > 0 {
		parts = append(parts, fmt.Sprintf("%d known findings hidden by the baseline", s.BaselinedCount))
	}
	if s.DismissedCount > 0 {
		parts = append(parts, fmt.Sprintf("%d dismissed by triage (false positive or won't fix)", s.DismissedCount))
	}
	return parts
}
