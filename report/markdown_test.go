package report

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// A report too big for a GitHub comment is cut to MaxMarkdownChars, most severe first, and
// the findings left out are counted by severity.
func TestMarkdownFitsAComment(t *testing.T) {
	r := sampleReport(300) // 1,200 findings, each with a five-line excerpt: about 400 KB in full
	excerpt := func(path string, from, to int) []string {
		return strings.Split(strings.Repeat("uint256 ü = balances[msg.sender] * price / 1e18; // ...\n", to-from+1), "\n")[:to-from+1]
	}
	var buf bytes.Buffer
	if err := WriteMarkdown(&buf, r, excerpt, 0); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	if n := utf8.RuneCountInString(md); n > MaxMarkdownChars {
		t.Fatalf("%d characters, more than %d", n, MaxMarkdownChars)
	}
	crit, high := strings.Index(md, "## critical issue"), strings.Index(md, "## high issue")
	if crit < 0 || high < 0 || crit > high || strings.Contains(md, "## low issue") {
		t.Errorf("sections not most severe first (critical at %d, high at %d, low shown %v)", crit, high, strings.Contains(md, "## low issue"))
	}
	m := regexp.MustCompile(`\*\*(\d+) more findings not shown\*\* \(([^)]*)\)`).FindStringSubmatch(md)
	if m == nil {
		t.Fatalf("no note of the findings left out:\n%s", md[len(md)-500:])
	}
	shown := strings.Count(md, "\n- **")
	if left, _ := strconv.Atoi(m[1]); shown+left != 1200 || !strings.Contains(m[2], "300 low") || !strings.Contains(m[2], "300 medium") {
		t.Errorf("shown %d + left %s (%s) != 1200", shown, m[1], m[2])
	}

	buf.Reset()
	if err := WriteMarkdown(&buf, sampleReport(2), excerpt, 0); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "not shown") || strings.Count(buf.String(), "\n- **") != 8 {
		t.Errorf("a small report was cut:\n%s", buf.String())
	}
}

// --max-bytes bounds the Markdown in bytes (non-ASCII excerpts count for their bytes), keeps
// the summary and says what was cut.
func TestMarkdownMaxBytes(t *testing.T) {
	excerpt := func(path string, from, to int) []string { return []string{"uint256 ü = 1; // ünïcödé"} }
	for _, max := range []int{MinMarkdownBytes, 5000, 60000} {
		r := sampleReport(300)
		r.MultiFileScanSummary = Summarize(r.MultiFileScanDetails, 1, 1200, 0)
		var buf bytes.Buffer
		if err := WriteMarkdown(&buf, r, excerpt, max); err != nil {
			t.Fatal(err)
		}
		md := buf.String()
		if len(md) > max {
			t.Errorf("max %d: %d bytes", max, len(md))
		}
		if !strings.Contains(md, "| critical |") || !strings.Contains(md, "more findings not shown") ||
			!strings.Contains(md, fmt.Sprintf("kept under %d bytes", max)) {
			t.Errorf("max %d: summary or note missing:\n%s", max, md)
		}
	}
}
