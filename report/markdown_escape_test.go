package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// Text from the scanned project cannot break out of where the Markdown report puts it. The
// report is read back by goldmark (CommonMark with GitHub's extensions, as a PR comment is
// read): whatever the file names, contract and function names, source lines, branch, URL and
// gap messages hold, the document has no raw HTML, no link or image, only the report's own
// headings, one list item per finding, one code block per excerpt, and each file name reads
// back whole as the text of its code span.
func TestMarkdownEscapesProjectText(t *testing.T) {
	files := []string{
		"a`b.sol",
		"x.sol`<img src=x onerror=alert(1)>`",
		"evil\n# Fake heading\n.sol",
		"c\r\n- [x](javascript:alert(1))",
		"<script>alert(1)</script>.sol",
		"[click](javascript:alert(1)).sol",
		"``` .sol",
		"` leading and trailing `",
		"d\u2028# sep.sol",
		"https://evil.example/phish.sol",
	}
	details := map[string]string{
		"function": "f`) [x](javascript:alert(1)) `",
		"contract": "<img src=x onerror=alert(1)>\n# Owned\n\n<details open>",
	}
	excerptLines := []string{"// ```", "x\r```\r# pwned", "<script>alert(1)</script>", "````"}
	g := &Group{IssueID: "HOSTILE", NoOfFindings: len(files), TemplateDetails: &Template{
		IssueID: "HOSTILE", IssueName: "Hostile names", IssueSeverity: "high", IssueConfidence: "high",
		IssueDescription: "<p>Function <code>${function}</code> of ${contract} is reached.</p>", IssueRemediation: "<p>Fix it.</p>",
	}}
	for i, f := range files {
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &Finding{
			BugHash: fmt.Sprint(i), BugID: fmt.Sprintf("VG_1_%d", i), Severity: "high", DescriptionDetails: details,
			BugStatus: BugFalsePositive, Comment: "![img](javascript:alert(1)) <b>bold</b> # x",
			Findings: []*Location{{FilePath: f, LineNosStart: []int{7}, LineNosEnd: []int{10}}},
		})
	}
	r := &ScanReport{
		ProjectURL: "https://example.com/r.git [a](javascript:alert(1))", ProjectBranch: "main`<b>x</b>\n# branch",
		ProjectCommit: "abc`def", MultiFileScanDetails: []*Group{g},
		Coverage: &Coverage{Files: 2, FilesFull: 1, Gaps: []Gap{{File: "<img src=x onerror=alert(1)>\n## gap.sol", Kind: GapNotParsed,
			Reason: "unexpected `[x](javascript:alert(1))`"}, {File: "# heading.sol", Kind: GapNotParsed, Reason: "www.evil.example"},
			{File: "1. list.sol", Kind: GapNotScanned, Reason: "see https://evil.example/x"}, {File: "> quote.sol", Kind: GapNotParsed}}},
	}
	var buf bytes.Buffer
	if err := WriteMarkdown(&buf, r, func(string, int, int) []string { return excerptLines }, 0); err != nil {
		t.Fatal(err)
	}
	src := buf.Bytes()
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	doc := md.Parser().Parse(text.NewReader(src))

	var headings []string
	var codeSpans []string
	items, blocks := 0, 0
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.RawHTML, *ast.HTMLBlock:
			t.Errorf("raw HTML in the report: %q", nodeText(n, src))
		case *ast.Link, *ast.AutoLink, *ast.Image:
			t.Errorf("a link in the report: %q", nodeText(n, src))
		case *east.Strikethrough:
			t.Errorf("strikethrough in the report")
		case *ast.Heading:
			headings = append(headings, nodeText(n, src))
		case *ast.CodeSpan:
			codeSpans = append(codeSpans, nodeText(n, src))
		case *ast.FencedCodeBlock:
			blocks++
			var body strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				body.Write(seg.Value(src))
			}
			if !strings.Contains(body.String(), "<script>alert(1)</script>") || !strings.Contains(body.String(), "// ```") {
				t.Errorf("an excerpt lost its lines:\n%s", body.String())
			}
		case *ast.ListItem:
			if n.Parent() != nil && n.Parent().Parent() == doc {
				items++
			}
		}
		return ast.WalkContinue, nil
	})
	if len(headings) != 2 || headings[0] != "Vigil scan report" || !strings.HasPrefix(headings[1], "Hostile names") {
		t.Errorf("headings %q, want the title and the group's only", headings)
	}
	if items != len(files) {
		t.Errorf("%d top-level list items, want one per finding (%d)", items, len(files))
	}
	if blocks != len(files) {
		t.Errorf("%d code blocks, want one excerpt per finding (%d)", blocks, len(files))
	}
	for _, f := range files {
		want := strings.NewReplacer("\r", " ", "\n", " ", "\u2028", " ").Replace(f) + ":7"
		found := false
		for _, c := range codeSpans {
			if c == want || c == strings.TrimSpace(want) {
				found = true
			}
		}
		if !found {
			t.Errorf("file name %q does not read back as a code span %q; spans %q", f, want, codeSpans)
		}
	}
	if !containsSpan(codeSpans, "f`) [x](javascript:alert(1)) `") {
		t.Errorf("the function name does not read back as its code span: %q", codeSpans)
	}
	if t.Failed() {
		t.Logf("Markdown:\n%s", src)
	}
}

func containsSpan(spans []string, s string) bool {
	for _, c := range spans {
		if strings.TrimSpace(c) == strings.TrimSpace(s) {
			return true
		}
	}
	return false
}

// nodeText is the text a node's inline children read as (code spans included).
func nodeText(n ast.Node, src []byte) string {
	var b strings.Builder
	if n.Type() == ast.TypeBlock && n.Lines() != nil && n.ChildCount() == 0 {
		for i := 0; i < n.Lines().Len(); i++ {
			seg := n.Lines().At(i)
			b.Write(seg.Value(src))
		}
		return b.String()
	}
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Segment.Value(src))
			case *ast.String:
				b.Write(c.Value)
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}
