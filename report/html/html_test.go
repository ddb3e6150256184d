package html_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	xhtml "golang.org/x/net/html"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf/document"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
	"github.com/vigil-sec/vigil/scan/workspace"
)

var generated = time.Date(2026, 11, 22, 3, 30, 0, 0, time.UTC)

// page is a parsed report: its text, element ids, links and every element by tag.
type page struct {
	text  string
	ids   map[string]bool
	hrefs []string
	tags  map[string][]*xhtml.Node
}

func parse(t *testing.T, data []byte) *page {
	t.Helper()
	root, err := xhtml.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p := &page{ids: map[string]bool{}, tags: map[string][]*xhtml.Node{}}
	var text strings.Builder
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		switch n.Type {
		case xhtml.TextNode:
			if n.Parent == nil || n.Parent.Data != "style" {
				text.WriteString(n.Data + " ")
			}
		case xhtml.ElementNode:
			p.tags[n.Data] = append(p.tags[n.Data], n)
			for _, a := range n.Attr {
				switch a.Key {
				case "id":
					p.ids[a.Val] = true
				case "href", "src", "xlink:href", "action", "srcset", "poster", "data":
					p.hrefs = append(p.hrefs, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)
	p.text = strings.Join(strings.Fields(text.String()), " ")
	return p
}

// selfContained fails when the page could fetch anything or run code: no scripts, no external
// style sheets, images, frames or fonts, and every link an in-page fragment that exists.
func selfContained(t *testing.T, p *page, raw []byte) {
	t.Helper()
	for _, tag := range []string{"script", "link", "img", "iframe", "object", "embed", "video", "audio", "source", "base", "form"} {
		if len(p.tags[tag]) > 0 {
			t.Errorf("page has <%s> elements", tag)
		}
	}
	for _, h := range p.hrefs {
		if !strings.HasPrefix(h, "#") {
			t.Errorf("external reference %q", h)
		} else if !p.ids[h[1:]] {
			t.Errorf("link %q points nowhere", h)
		}
	}
	for _, n := range p.tags["style"] {
		css := n.FirstChild
		if css != nil && (strings.Contains(css.Data, "url(") || strings.Contains(css.Data, "@import")) {
			t.Error("style sheet fetches resources")
		}
	}
	for _, n := range append(p.tags["a"], p.tags["div"]...) {
		for _, a := range n.Attr {
			if strings.HasPrefix(a.Key, "on") {
				t.Errorf("event handler attribute %s", a.Key)
			}
		}
	}
	if bytes.Contains(raw, []byte("ZgotmplZ")) {
		t.Error("html/template refused a value (ZgotmplZ in the output)")
	}
	if bytes.Contains(raw, []byte("http-equiv")) {
		t.Error("meta refresh or the like")
	}
}

func scanDir(t testing.TB, dir string) *scan.Result {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	ctx := context.Background()
	ws, err := workspace.FromFolder(ctx, dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := scan.Run(ctx, ws, scan.Options{ScanID: "scan-7f3a9c", ProjectSequence: 12})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func keep(t *testing.T, name string, data []byte) {
	if dir := os.Getenv("VIGIL_REPORT_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Log(err)
		}
	}
}

// TestSWCRegistry renders a real scan of the SWC registry corpus and checks the page with an
// HTML parser: self-contained, every section and issue present, excerpts with flagged lines.
func TestSWCRegistry(t *testing.T) {
	res := scanDir(t, "/work/shared/corpus/swc-registry")
	r := res.Report
	r.ProjectName = "SWC registry"
	r.ProjectURL = "https://github.com/SmartContractSecurity/SWC-registry"
	history := []html.HistoryEntry{{ScanID: "scan-1", Time: generated.Add(-720 * time.Hour), ScoreV2: "12.50", Issues: 610}}
	var buf bytes.Buffer
	if err := html.Write(&buf, html.Input{Report: r, Source: res.Source, Generated: generated, History: history}); err != nil {
		t.Fatal(err)
	}
	keep(t, "swc.html", buf.Bytes())
	t.Logf("%d findings: %d bytes", r.MultiFileScanSummary.IssuesCount, buf.Len())
	p := parse(t, buf.Bytes())
	selfContained(t, p, buf.Bytes())
	for _, id := range []string{"cover", "contents", "classification", "summary", "table", "findings", "history", "methodology", "disclaimer"} {
		if !p.ids[id] {
			t.Errorf("section #%s missing", id)
		}
	}
	s := r.MultiFileScanSummary
	for _, want := range []string{"Security score " + s.ScoreV2 + " out of 100 (" + s.ScoreRating, r.ProjectURL, "scan-1",
		fmt.Sprintf("%d issues found", s.IssuesCount), "score_v2 = 100 × exp"} {
		if !strings.Contains(p.text, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, g := range r.MultiFileScanDetails {
		if !strings.Contains(p.text, g.TemplateDetails.IssueName) || !strings.Contains(p.text, g.IssueID) {
			t.Errorf("page lacks issue %s", g.IssueID)
		}
		for _, f := range g.MetricWiseAggregatedFindings {
			if !strings.Contains(p.text, f.BugID) || !strings.Contains(p.text, f.Findings[0].FilePath) {
				t.Errorf("page lacks finding %s at %s", f.BugID, f.Findings[0].FilePath)
			}
		}
	}
	if len(p.tags["svg"]) < 2 {
		t.Errorf("%d inline SVG charts", len(p.tags["svg"]))
	}
	flagged := 0
	for _, tr := range p.tags["tr"] {
		for _, a := range tr.Attr {
			if a.Key == "class" && a.Val == "flag" {
				flagged++
			}
		}
	}
	if flagged < 100 {
		t.Errorf("only %d flagged code lines", flagged)
	}
}

// TestHostileContent: report values are text, never markup, and control characters show.
func TestHostileContent(t *testing.T) {
	r := &report.ScanReport{
		ScanID:      `"><script>alert(1)</script>`,
		ProjectName: "</style><img src=https://evil.example/x.png onerror=alert(1)>",
		ProjectURL:  "javascript:alert(1)",
		MultiFileScanDetails: []*report.Group{{IssueID: "X\"><b>", NoOfFindings: 1,
			TemplateDetails: &report.Template{IssueName: "<iframe src=//evil>", IssueSeverity: "high\" style=\"x",
				IssueDescription: "<p>In <code>${fn}</code><script>bad()</script></p>", IssueRemediation: "<a href=https://evil.example>x</a>"},
			MetricWiseAggregatedFindings: []*report.Finding{{BugID: "B1", DescriptionDetails: map[string]string{"fn": "<svg onload=alert(1)>"},
				Findings: []*report.Location{{FilePath: "../../etc/passwd", LineNosStart: []int{1}, LineNosEnd: []int{1}}}}}}},
	}
	src := func(string) []string {
		return []string{"x = 1; // \u202E}tpircs/<", "<script src=https://evil.example/a.js></script>"}
	}
	var buf bytes.Buffer
	if err := html.Write(&buf, html.Input{Report: r, Source: src, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	p := parse(t, buf.Bytes())
	selfContained(t, p, buf.Bytes())
	if len(p.tags["svg"]) > 1 {
		t.Errorf("injected svg: %d", len(p.tags["svg"]))
	}
	for _, want := range []string{"</style><img src=https://evil.example/x.png onerror=alert(1)>", "<iframe src=//evil>",
		"In <svg onload=alert(1)> bad()", "<U+202E>}tpircs/<", "<script src=https://evil.example/a.js></script>"} {
		if !strings.Contains(p.text, want) {
			t.Errorf("page lacks the literal text %q", want)
		}
	}
}

func TestErrors(t *testing.T) {
	if err := html.Write(&bytes.Buffer{}, html.Input{}); !errors.Is(err, document.ErrNoReport) {
		t.Errorf("no report: %v", err)
	}
	r := &report.ScanReport{ScanID: "x", MultiFileScanSummary: report.Summarize(nil, 1, 10, time.Second)}
	if err := html.Write(failingWriter{}, html.Input{Report: r}); err == nil {
		t.Error("a failing writer must give an error")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestBlockScan: a real block scan (local Etherscan stand-in) shows the contract on the cover
// and its threat checks.
func TestBlockScan(t *testing.T) {
	src, err := os.ReadFile("/work/shared/corpus/swc-registry/test_cases/solidity/unprotected_critical_functions/simple_ether_drain/simple_ether_drain.sol")
	if err != nil {
		t.Skipf("corpus not present: %v", err)
	}
	const addr = "0x1111111111111111111111111111111111111111"
	srv := explorertest.NewServer("SECRETKEY42")
	t.Cleanup(srv.Close)
	srv.Add(addr, explorertest.Contract{Name: "SimpleEtherDrain", Compiler: "v0.4.24+commit.e67f0147",
		Files: map[string]string{"SimpleEtherDrain.sol": string(src)}})
	f := explorer.NewFetcher(explorer.Config{EtherscanURL: srv.URL, EtherscanKey: "SECRETKEY42", HTTPClient: srv.Client(),
		SourcifyURL: srv.URL + "/none", BlockscoutURL: srv.URL + "/none", RetryBackoff: time.Millisecond})
	res, err := scan.RunBlock(context.Background(), f, scan.BlockTarget{Address: addr, Platform: "etherscan", Chain: "mainnet"},
		scan.Options{ScanID: "block-1"})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := html.Write(&buf, html.Input{Report: res.Report, Source: res.Source, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	keep(t, "block.html", buf.Bytes())
	p := parse(t, buf.Bytes())
	selfContained(t, p, buf.Bytes())
	if bytes.Contains(buf.Bytes(), []byte("SECRETKEY42")) {
		t.Error("the explorer key leaked into the report")
	}
	for _, want := range []string{"SimpleEtherDrain", addr, "etherscan", "mainnet", "Threat score: " + *res.Report.MultiFileScanSummary.ThreatScore, "PASS", "FAIL"} {
		if !strings.Contains(p.text, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, c := range res.Report.ThreatChecks {
		if !strings.Contains(p.text, c.IssueName) {
			t.Errorf("threat check %s missing", c.IssueID)
		}
	}
}
