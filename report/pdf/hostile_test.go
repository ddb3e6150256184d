package pdf_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/pdf"
)

// TestHostileContent: absurd sizes, characters outside the fonts (and outside the Basic
// Multilingual Plane, which would crash fpdf's width table), control characters, missing
// templates and impossible line numbers all render without a panic or text off the page.
func TestHostileContent(t *testing.T) {
	long := strings.Repeat("a/very_long_path_segment", 90) + ".sol"
	r := &report.ScanReport{
		ScanID:        "hostile",
		ProjectName:   strings.Repeat("Имя🚀\u202E", 60),
		ProjectURL:    "https://example.com/" + strings.Repeat("x", 3000),
		ProjectCommit: "\x00\x01\x02",
		SkipFilePaths: []string{long},
		MultiFileScanDetails: []*report.Group{
			nil,
			{IssueID: "NO_TEMPLATE", MetricWiseAggregatedFindings: []*report.Finding{nil, {BugID: "B1",
				Findings: []*report.Location{{FilePath: long, LineNosStart: []int{1_000_000_000, -5, 3}, LineNosEnd: []int{2}}}}}},
			{IssueID: "BIG", TemplateDetails: &report.Template{IssueName: strings.Repeat("Very long issue name ", 40), IssueSeverity: "CRITICAL",
				IssueDescription: strings.Repeat("<p>para <code>"+strings.Repeat("z", 400)+"</code> 😀 中文</p>", 20)},
				MetricWiseAggregatedFindings: []*report.Finding{{BugID: strings.Repeat("ID", 100), BugStatus: strings.Repeat("s", 300),
					Findings: []*report.Location{{FilePath: "a.sol", LineNosStart: []int{1}, LineNosEnd: []int{3}}}}}},
		},
	}
	src := func(string) []string {
		return []string{strings.Repeat("𝔘𝔫𝔦𝔠𝔬𝔡𝔢\t", 20000), "\x00\x1b[31m red \u202E", strings.Repeat("x", 100)}
	}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: r, Source: src, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	keep(t, "hostile.pdf", buf.Bytes())
	text := flat(pdfText(t, buf.Bytes()))
	for _, want := range []string{"Имя<U+1F680><U+202E>", "<U+0000><U+001B>[31m red <U+202E>", "<U+1D518>", "NO_TEMPLATE", "B1"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
}
