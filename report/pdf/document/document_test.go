package document

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
)

func TestRichText(t *testing.T) {
	r := richText(`<p>Call <code>transfer(a, b)</code> of <code>${contract_name}</code>   first.</p><p>Second<br>third <b>bold</b> &amp; &lt;tag&gt;</p><script>alert(1)</script>`)
	want := "Call transfer(a, b) of ${contract_name} first.\n\nSecond\n\nthird bold & <tag>\n\nalert(1)"
	if got := r.Plain(); got != want {
		t.Errorf("plain = %q, want %q", got, want)
	}
	if len(r[0]) != 5 || !r[0][1].Code || r[0][1].Text != "transfer(a, b)" || r[0][2].Code {
		t.Errorf("spans = %#v", r[0])
	}
	// Unclosed and stray tags never lose text.
	if got := richText("<code>a < b").Plain(); got != "a < b" {
		t.Errorf("unclosed: %q", got)
	}
	if richText("") != nil || richText("<p> </p>") != nil {
		t.Error("empty input must give no paragraphs")
	}
}

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		"plain":             "plain",
		"a\u202Eb":          "a<U+202E>b",
		"zero\u200Bwidth":   "zero<U+200B>width",
		"nul\x00":           "nul<U+0000>",
		"bad\xffutf8":       "bad<U+FFFD>utf8",
		"tab\tand\nnewline": "tab\tand\nnewline",
		"Ünïcødé ΔΣ Жук 中文": "Ünïcødé ΔΣ Жук 中文",
	} {
		if got := Visible(in); got != want {
			t.Errorf("Visible(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	src := make([]string, 40)
	for i := range src {
		src[i] = fmt.Sprintf("line %d", i+1)
	}
	src = append(src, "") // final newline
	lim := DefaultLimits.withDefaults()

	got := excerpt(src, []span{{10, 11}}, lim)
	if len(got) != 6 || got[0].No != 8 || got[5].No != 13 || !got[2].Flagged || !got[3].Flagged || got[1].Flagged {
		t.Errorf("window: %+v", got)
	}
	// Two spans far apart: two windows with a gap line between them.
	got = excerpt(src, []span{{3, 3}, {30, 30}}, lim)
	gaps := 0
	for _, l := range got {
		if l.Gap {
			gaps++
		}
	}
	if gaps != 1 || got[0].No != 1 || got[len(got)-1].No != 32 {
		t.Errorf("two windows: %+v", got)
	}
	// Close spans merge.
	got = excerpt(src, []span{{10, 10}, {13, 13}}, lim)
	for _, l := range got {
		if l.Gap {
			t.Errorf("close spans must merge: %+v", got)
		}
	}
	// A long span is cut to MaxExcerptLines.
	if got = excerpt(src, []span{{1, 40}}, lim); len(got) != lim.MaxExcerptLines+1 || !got[len(got)-1].Gap ||
		got[len(got)-1].Text != "… 24 more flagged lines not shown" {
		t.Errorf("long span: %d lines, last %+v", len(got), got[len(got)-1])
	}
	// A flagged line beyond one window's limit but inside another's is shown flagged, and
	// only the lines no window shows are counted.
	got = excerpt(src, []span{{1, 30}, {22, 22}}, lim)
	last := got[len(got)-1]
	if last.Text != "… 9 more flagged lines not shown" {
		t.Errorf("overlapping windows: last line %+v", last)
	}
	for _, l := range got {
		if l.No >= 20 && l.No <= 24 && !l.Flagged {
			t.Errorf("line %d shown but not flagged", l.No)
		}
	}
	// Past the end of the file (the source changed): nothing, not a panic.
	if got = excerpt(src, []span{{100, 120}}, lim); got != nil {
		t.Errorf("past end: %+v", got)
	}
	// The last line of the file is the 40th, not the empty string after the final newline.
	if got = excerpt(src, []span{{40, 45}}, lim); got[len(got)-1].No != 40 {
		t.Errorf("end of file: %+v", got)
	}
}

func TestSpansAreDefensive(t *testing.T) {
	loc := &report.Location{LineNosStart: []int{5, 20, -3, 0, 7}, LineNosEnd: []int{3, 22, -1}}
	got := spans(loc)
	want := []span{{3, 5}, {20, 22}, {7, 7}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("spans = %v, want %v", got, want)
	}
	if l := lineList(got); l != "3-5, 20-22, 7" {
		t.Errorf("lineList = %q", l)
	}
}

func TestLineTabsAndCut(t *testing.T) {
	if got, cut := line("\tx\ty\r", 100); got != "    x   y" || cut {
		t.Errorf("tabs: %q %v", got, cut)
	}
	if got, cut := line(strings.Repeat("é", 50), 10); got != strings.Repeat("é", 10)+"…" || !cut {
		t.Errorf("cut: %q %v", got, cut)
	}
}

func TestBuildNoReport(t *testing.T) {
	if _, err := Build(Input{}); !errors.Is(err, ErrNoReport) {
		t.Fatalf("err = %v", err)
	}
}

// TestBuildOddReport feeds nil groups, nil findings, a group without template, unknown
// severities and a summary without a score: Build must cope and keep every finding.
func TestBuildOddReport(t *testing.T) {
	r := &report.ScanReport{
		ScanID: "s1",
		MultiFileScanDetails: []*report.Group{
			nil,
			{IssueID: "NO_TEMPLATE", MetricWiseAggregatedFindings: []*report.Finding{nil, {BugID: "B1",
				Findings: []*report.Location{nil, {FilePath: "a.sol", LineNosStart: []int{2}}}}}},
			{IssueID: "WEIRD", TemplateDetails: &report.Template{IssueName: "Weird", IssueSeverity: "Catastrophic",
				IssueConfidence: "lots", IssueDescription: "<p>In <code>${x}</code> ${missing}</p>"},
				MetricWiseAggregatedFindings: []*report.Finding{{BugID: "B2", DescriptionDetails: map[string]string{"x": "<f>\u202E"}}}},
		},
	}
	d, err := Build(Input{Report: r, Source: func(string) []string { return []string{"a", "b", "c"} }})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Groups) != 2 || len(d.Rows) != 2 {
		t.Fatalf("groups %d rows %d", len(d.Groups), len(d.Rows))
	}
	if d.Summary.ScoreValue >= 0 || d.Summary.Issues != 2 {
		t.Errorf("summary without score: %+v", d.Summary)
	}
	var weird *Group
	for i := range d.Groups {
		if d.Groups[i].IssueID == "WEIRD" {
			weird = &d.Groups[i]
		}
	}
	if weird == nil || weird.Confidence != "lots" {
		t.Fatalf("weird group: %+v", weird)
	}
	if got := weird.Findings[0].Description.Plain(); got != "In <f><U+202E> ${missing}" {
		t.Errorf("filled description = %q", got)
	}
	for _, g := range d.Groups {
		if g.IssueID == "NO_TEMPLATE" && (len(g.Findings[0].Places) != 1 || len(g.Findings[0].Places[0].Excerpt) == 0) {
			t.Errorf("no-template group lost its place or excerpt: %+v", g.Findings)
		}
	}
	if len(d.History) != 1 || d.History[0].ScanID != "s1" {
		t.Errorf("history = %+v", d.History)
	}
}

// TestBuildCaps builds a 5000-finding report: every cap applies and says so.
func TestBuildCaps(t *testing.T) {
	r := synthetic(5000)
	calls := 0
	src := func(string) []string { calls++; return make([]string, 200) }
	d, err := Build(Input{Report: r, Source: src, Limits: Limits{MaxExcerpts: 50, MaxTableRows: 1000, MaxFindingsPerGroup: 100}})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rows) != 1000 || d.RowsElided != 4000 {
		t.Errorf("rows %d elided %d", len(d.Rows), d.RowsElided)
	}
	withExcerpt, detailed, elided := 0, 0, 0
	for _, g := range d.Groups {
		detailed += len(g.Findings)
		elided += len(g.Elided)
		for _, f := range g.Findings {
			if len(f.Places) > 0 && f.Places[0].Excerpt != nil {
				withExcerpt++
			}
		}
	}
	if withExcerpt != 50 || calls != 50 {
		t.Errorf("excerpts %d (source read %d times), want 50", withExcerpt, calls)
	}
	if detailed+elided != 5000 {
		t.Errorf("detailed %d + elided %d != 5000", detailed, elided)
	}
	if len(d.Notes) != 3 {
		t.Errorf("notes = %q", d.Notes)
	}
	// Most severe first.
	for i := 1; i < len(d.Rows); i++ {
		if report.SeverityRank(d.Rows[i-1].Severity) > report.SeverityRank(d.Rows[i].Severity) {
			t.Fatalf("rows out of order at %d: %s after %s", i, d.Rows[i].Severity, d.Rows[i-1].Severity)
		}
	}
}

func TestHistoryOrderAndCurrent(t *testing.T) {
	r := synthetic(3)
	r.ScanID = "now"
	r.ScanInitTime = "2026-11-22T03:00:00.000000"
	past := []HistoryEntry{
		{ScanID: "b", Time: mustTime("2026-10-02T00:00:00.000000"), ScoreV2: "40"},
		{ScanID: "a", Time: mustTime("2026-09-01T00:00:00.000000"), ScoreV2: "95"},
	}
	d, _ := Build(Input{Report: r, History: past})
	var ids []string
	for _, h := range d.History {
		ids = append(ids, h.ScanID+":"+h.Rating)
	}
	if got := strings.Join(ids, ","); got != "a:Great,b:Poor,now:"+d.Summary.Rating {
		t.Errorf("history = %s", got)
	}
}

// TestMethodologyQuotesScoring keeps the methodology text in step with report/score.go.
func TestMethodologyQuotesScoring(t *testing.T) {
	var text strings.Builder
	for _, p := range methodology("") {
		text.WriteString(p.Plain())
	}
	for _, want := range []string{"critical 25, high 10, medium 4, low 1", "informational 0.2, gas 0.05",
		"high 1.0, medium 0.7, low 0.4", "15 × max(1, √KLOC)", "Poor below 50, Fair below 75, Good below 90"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("methodology lacks %q", want)
		}
	}
	// The figures quoted must be the scorer's: one high-confidence high finding in 1000 lines.
	g := &report.Group{TemplateDetails: &report.Template{IssueSeverity: "high", IssueConfidence: "90"},
		MetricWiseAggregatedFindings: []*report.Finding{{}}}
	if got := report.Score([]*report.Group{g}, 1000); got != 51.34 {
		t.Errorf("score of one high finding = %v; update the methodology text if the scoring changed", got)
	}
}

func mustTime(s string) time.Time {
	t, err := time.Parse(report.TimeLayout, s)
	if err != nil {
		panic(err)
	}
	return t
}

// synthetic makes a report of n findings over 30 templates of every severity.
func synthetic(n int) *report.ScanReport {
	r := &report.ScanReport{ScanID: "synthetic", ScanType: "project", ProjectName: "Synthetic"}
	var groups []*report.Group
	for i := 0; i < 30; i++ {
		sev := report.Severities[i%len(report.Severities)]
		groups = append(groups, &report.Group{IssueID: fmt.Sprintf("ISSUE_%02d", i), TemplateDetails: &report.Template{
			IssueID: fmt.Sprintf("ISSUE_%02d", i), IssueName: fmt.Sprintf("Issue %d", i), IssueSeverity: sev, IssueConfidence: "90",
			IssueDescription: "<p>Function <code>${function_name}</code> does something.</p>", IssueRemediation: "<p>Fix it.</p>"}})
	}
	for i := 0; i < n; i++ {
		g := groups[i%len(groups)]
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &report.Finding{
			BugID: fmt.Sprintf("VG_1_%d", i+1), BugStatus: report.BugPendingFix,
			DescriptionDetails: map[string]string{"function_name": fmt.Sprintf("f%d", i)},
			Findings: []*report.Location{{FilePath: fmt.Sprintf("contracts/File%d.sol", i%40),
				LineNosStart: []int{10 + i%100}, LineNosEnd: []int{12 + i%100}}},
		})
	}
	for _, g := range groups {
		g.NoOfFindings = len(g.MetricWiseAggregatedFindings)
	}
	r.MultiFileScanDetails = groups
	r.MultiFileScanSummary = report.Summarize(groups, 40, 8000, 0)
	return r
}
