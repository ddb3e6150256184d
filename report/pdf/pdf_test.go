package pdf_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/report/pdf/document"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

var generated = time.Date(2026, 11, 22, 3, 30, 0, 0, time.UTC)

// flat folds white space so that text wrapped by the layout still matches.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestSWCRegistry renders the report of a real scan of the SWC registry corpus (about 500
// findings) and reads it back with a PDF reader: issue names, file names, the score, page
// numbers and the contents' page numbers must all be there and right.
func TestSWCRegistry(t *testing.T) {
	res := scanDir(t, "swc-registry")
	r := res.Report
	r.ProjectName = "SWC registry"
	r.ProjectURL = "https://github.com/SmartContractSecurity/SWC-registry"
	r.ProjectBranch = "master"
	r.ProjectCommit = "b408709d3b7b1d5e2d3e9a7d0a8f6c1e2d3f4a5b"
	history := []pdf.HistoryEntry{
		{ScanID: "scan-1", Time: generated.Add(-60 * 24 * time.Hour), ScoreV2: "12.50", Issues: 610, Distribution: map[string]int{"high": 30}},
		{ScanID: "scan-2", Time: generated.Add(-30 * 24 * time.Hour), ScoreV2: "4.10", Issues: 560},
	}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: r, Source: res.Source, Generated: generated, History: history}); err != nil {
		t.Fatal(err)
	}
	keep(t, "swc.pdf", buf.Bytes())
	raw := pdfText(t, buf.Bytes())
	text := flat(raw)
	pages := strings.Split(raw, "\f")
	n := pdfPages(t, buf.Bytes())
	t.Logf("%d findings, %d bytes, %d pages", r.MultiFileScanSummary.IssuesCount, buf.Len(), n)

	s := r.MultiFileScanSummary
	for _, want := range []string{
		"Smart contract security report", "SWC registry", r.ProjectURL, r.ProjectCommit, "scan-7f3a9c",
		"Security score " + s.ScoreV2 + " out of 100 (" + s.ScoreRating,
		fmt.Sprintf("%d issues found", s.IssuesCount),
		"Severity classification", "Executive summary", "Findings summary", "Scan history", "Methodology", "Disclaimer",
		"scan-1", "scan-2", fmt.Sprintf("Page 1 of %d", n), fmt.Sprintf("Page %d of %d", n, n),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
	// Every issue, by name and id; file names of findings.
	for _, g := range r.MultiFileScanDetails {
		if !strings.Contains(text, flat(g.TemplateDetails.IssueName)) || !strings.Contains(text, g.IssueID) {
			t.Errorf("PDF lacks issue %s (%q)", g.IssueID, g.TemplateDetails.IssueName)
		}
		f := g.MetricWiseAggregatedFindings[0]
		if base := filepath.Base(f.Findings[0].FilePath); !strings.Contains(strings.ReplaceAll(text, " ", ""), base) {
			t.Errorf("PDF lacks file %s of %s", base, f.BugID)
		}
	}
	// The contents' page numbers point at the pages where the sections are.
	entry := regexp.MustCompile(`(?m)^\s*(\S.*?)\s+(\d+)\s*$`)
	checked := 0
	for _, m := range entry.FindAllStringSubmatch(pages[1]+pages[2], -1) {
		title, page := m[1], 0
		if strings.Contains(title, "Page ") {
			continue // the footer
		}
		fmt.Sscan(m[2], &page)
		if page < 3 || page > len(pages) {
			continue
		}
		on := flat(pages[page-1])
		var probe string
		for _, g := range r.MultiFileScanDetails {
			if flat(g.TemplateDetails.IssueName) == title {
				probe = g.IssueID
			}
		}
		if probe == "" {
			probe = title
		}
		if !strings.Contains(on, probe) {
			t.Errorf("contents says %q is on page %d, which does not show %q", title, page, probe)
		}
		checked++
	}
	if checked < len(r.MultiFileScanDetails)+5 {
		t.Errorf("only %d contents entries checked", checked)
	}
	if n < 20 {
		t.Errorf("%d pages for %d findings", n, s.IssuesCount)
	}
}

// TestUnicode scans a contract whose comments and strings hold Cyrillic, Greek, accents, CJK,
// an emoji and a right-to-left override: the Go fonts draw the first three, the others are
// spelled out, and nothing is lost or crashes.
func TestUnicode(t *testing.T) {
	dir := t.TempDir()
	src := "pragma solidity ^0.8.0;\n" +
		"// Жетон для тестов — Δοκιμή, café, 中文 🔥\n" +
		"contract Token {\n" +
		"    string public name = \"Привет\u202Eevil\";\n" +
		"    function kill() public { selfdestruct(payable(msg.sender)); }\n" +
		"}\n"
	if err := os.WriteFile(filepath.Join(dir, "Token.sol"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ws, err := workspace.FromFolder(ctx, dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Run(ctx, ws, scan.Options{ScanID: "unicode"})
	if err != nil {
		t.Fatal(err)
	}
	res.Report.ProjectName = "Проект Δ — ünïcode 🚀"
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: res.Report, Source: res.Source, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	keep(t, "unicode.pdf", buf.Bytes())
	text := flat(pdfText(t, buf.Bytes()))
	for _, want := range []string{"Проект Δ — ünïcode <U+1F680>", "Жетон для тестов — Δοκιμή, café, <U+4E2D><U+6587> <U+1F525>",
		"Привет<U+202E>evil", "Token.sol"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
}

// TestLargeScan renders 5000 findings: the caps apply, their notes are printed, and the
// document is complete.
func TestLargeScan(t *testing.T) {
	if testing.Short() {
		t.Skip("large report")
	}
	r := syntheticReport(5000)
	src := func(string) []string {
		lines := make([]string, 200)
		for i := range lines {
			lines[i] = fmt.Sprintf("        balances[msg.sender] -= amount; // line %d %s", i+1, strings.Repeat("x", i%3*60))
		}
		return lines
	}
	var buf bytes.Buffer
	start := time.Now()
	if err := pdf.Write(&buf, pdf.Input{Report: r, Source: src, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	t.Logf("5000 findings: %d bytes, %d pages in %v", buf.Len(), pdfPages(t, buf.Bytes()), time.Since(start))
	keep(t, "large.pdf", buf.Bytes())
	// The notes are in the executive summary; reading 445 pages back would only cost time.
	text := flat(pdfTextPages(t, buf.Bytes(), 8))
	for _, want := range []string{"Code excerpts are shown for the first 300 findings", "The findings summary table lists the first 1000 findings",
		"Finding sections detail at most 60 findings per issue"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
}

func TestErrors(t *testing.T) {
	if err := pdf.Write(&bytes.Buffer{}, pdf.Input{}); !errors.Is(err, document.ErrNoReport) {
		t.Errorf("no report: %v", err)
	}
	if err := pdf.Write(failingWriter{}, pdf.Input{Report: syntheticReport(3)}); err == nil {
		t.Error("a failing writer must give an error")
	}
}

// TestDeterministic: the same input gives the same pages. (Not the same bytes: fpdf's font
// subsetter walks a map, so glyphs shared by two characters may be numbered differently.)
func TestDeterministic(t *testing.T) {
	in := pdf.Input{Report: syntheticReport(40), Generated: generated}
	var a, b bytes.Buffer
	if err := pdf.Write(&a, in); err != nil {
		t.Fatal(err)
	}
	if err := pdf.Write(&b, in); err != nil {
		t.Fatal(err)
	}
	if pdfText(t, a.Bytes()) != pdfText(t, b.Bytes()) {
		t.Error("two renderings of the same report differ")
	}
}

// TestEmptyScan: a clean scan still gives a complete report.
func TestEmptyScan(t *testing.T) {
	r := &report.ScanReport{ScanID: "clean", ProjectName: "Clean", MultiFileScanSummary: report.Summarize(nil, 3, 120, time.Second)}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: r, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	text := flat(pdfText(t, buf.Bytes()))
	for _, want := range []string{"No issues were found", "Security score 100.00 out of 100 (Great", "Scope",
		"Detectors run not recorded in this report"} {
		if !strings.Contains(text, want) {
			t.Errorf("PDF text lacks %q", want)
		}
	}
	if strings.Contains(text, "Scan history") {
		t.Error("a first scan has a Scan history page")
	}
}

// TestScopePage: the scope page states the commit, branch, files and lines, Vigil's version
// and the detectors run; the history page appears once there are earlier scans.
func TestScopePage(t *testing.T) {
	r := syntheticReport(3)
	r.ProjectURL, r.ProjectBranch, r.ProjectCommit = "https://github.com/example/vault", "release/2.0", "0123456789abcdef0123456789abcdef01234567"
	r.Scope = &report.Scope{Files: []report.FileSize{{Path: "src/Vault.sol", Lines: 120}, {Path: "src/Token.sol", Lines: 80}},
		Detectors: []string{"REENTRANCY_ETH", "UNCHECKED_TRANSFER"}, ToolVersion: "1.4.0"}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: r, Generated: generated, ToolVersion: "9.9.9"}); err != nil {
		t.Fatal(err)
	}
	text := flat(pdfText(t, buf.Bytes()))
	for _, want := range []string{"Branch release/2.0", "Commit 0123456789abcdef0123456789abcdef01234567",
		"Files in scope 2 files, 200 lines", "src/Vault.sol 120", "src/Token.sol 80", "Vigil version 1.4.0",
		"Detectors run 2 detectors", "REENTRANCY_ETH, UNCHECKED_TRANSFER"} {
		if !strings.Contains(text, want) {
			t.Errorf("scope page lacks %q", want)
		}
	}
	if strings.Contains(text, "Scan history") {
		t.Error("a first scan has a Scan history page")
	}

	buf.Reset()
	earlier := pdf.HistoryEntry{ScanID: "earlier", Time: generated.Add(-48 * time.Hour), ScoreV2: "70.00", Issues: 9}
	if err := pdf.Write(&buf, pdf.Input{Report: r, Generated: generated, History: []pdf.HistoryEntry{earlier}}); err != nil {
		t.Fatal(err)
	}
	if text := flat(pdfText(t, buf.Bytes())); !strings.Contains(text, "Scan history") || !strings.Contains(text, "earlier") {
		t.Error("the history of two scans is not shown")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// syntheticReport makes a report of n findings over 30 templates of every severity.
func syntheticReport(n int) *report.ScanReport {
	r := &report.ScanReport{ScanID: "synthetic", ScanType: "project", ProjectName: "Synthetic", ScanInitTime: "2026-11-22T03:00:00.000000"}
	var groups []*report.Group
	for i := 0; i < 30; i++ {
		sev := report.Severities[i%len(report.Severities)]
		groups = append(groups, &report.Group{IssueID: fmt.Sprintf("ISSUE_%02d", i), TemplateDetails: &report.Template{
			IssueID: fmt.Sprintf("ISSUE_%02d", i), IssueName: fmt.Sprintf("Synthetic issue number %d", i), IssueSeverity: sev,
			IssueConfidence: "60", IssueDescription: "<p>Function <code>${function_name}</code> of <code>${contract_name}</code> does something risky.</p>",
			IssueRemediation: "<p>Do it <code>safely()</code>.</p>", DetectionLogic: "Synthetic."}})
	}
	for i := 0; i < n; i++ {
		g := groups[i%len(groups)]
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &report.Finding{
			BugID: fmt.Sprintf("VG_1_%d", i+1), BugStatus: report.BugPendingFix,
			DescriptionDetails: map[string]string{"function_name": fmt.Sprintf("withdraw%d", i), "contract_name": "Vault"},
			Findings: []*report.Location{{FilePath: fmt.Sprintf("contracts/deeply/nested/folder/VaultImplementation%d.sol", i%40),
				LineNosStart: []int{10 + i%100}, LineNosEnd: []int{12 + i%100}}},
		})
	}
	for _, g := range groups {
		g.NoOfFindings = len(g.MetricWiseAggregatedFindings)
	}
	r.MultiFileScanDetails = groups
	r.MultiFileScanSummary = report.Summarize(groups, 40, 8000, 2*time.Second)
	return r
}
