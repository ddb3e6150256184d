package html_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
)

// TestLargeScan: 5000 findings give one bounded page with the notes of every cap.
func TestLargeScan(t *testing.T) {
	var groups []*report.Group
	for i := 0; i < 30; i++ {
		groups = append(groups, &report.Group{IssueID: fmt.Sprintf("ISSUE_%02d", i), TemplateDetails: &report.Template{
			IssueName: fmt.Sprintf("Issue %d", i), IssueSeverity: report.Severities[i%6], IssueConfidence: "60",
			IssueDescription: "<p>Function <code>${function_name}</code> is risky.</p>"}})
	}
	for i := 0; i < 5000; i++ {
		g := groups[i%30]
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &report.Finding{BugID: fmt.Sprintf("VG_1_%d", i+1),
			DescriptionDetails: map[string]string{"function_name": fmt.Sprintf("f%d", i)},
			Findings:           []*report.Location{{FilePath: fmt.Sprintf("contracts/F%d.sol", i%40), LineNosStart: []int{5 + i%50}, LineNosEnd: []int{6 + i%50}}}})
	}
	r := &report.ScanReport{ScanID: "big", MultiFileScanDetails: groups, MultiFileScanSummary: report.Summarize(groups, 40, 8000, time.Second)}
	src := func(string) []string { return strings.Split(strings.Repeat("uint256 x = 1;\n", 80), "\n") }
	var buf bytes.Buffer
	start := time.Now()
	if err := html.Write(&buf, html.Input{Report: r, Source: src, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	t.Logf("5000 findings: %d bytes in %v", buf.Len(), time.Since(start))
	p := parse(t, buf.Bytes())
	selfContained(t, p, buf.Bytes())
	for _, want := range []string{"Code excerpts are shown for the first 300 findings", "The findings summary table lists the first 1000 findings",
		"4000 more findings are not listed here", "further findings of this issue (section limit)", "VG_1_5000"} {
		if !strings.Contains(p.text, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if buf.Len() > 8<<20 {
		t.Errorf("page is %d bytes", buf.Len())
	}
}
