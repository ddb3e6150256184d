package report

import (
	"bytes"
	"strings"
	"testing"
)

// Annotations are workflow commands GitHub parses: one per finding location, the most severe
// first, with %, CR, LF escaped in the message and ':' and ',' too in properties.
func TestGitHubAnnotations(t *testing.T) {
	r := sampleReport(2)
	r.MultiFileScanSummary = Summarize(r.MultiFileScanDetails, 1, 100, 0)
	// A description with every character the commands reserve.
	r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].DescriptionDetails["f"] = "a:b,c 100%\r\nnext"
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, r, GitHubOptions{RootPrefix: "contracts"}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 9 {
		t.Fatalf("%d lines, want 8 annotations and a summary:\n%s", len(lines), buf.String())
	}
	wantOrder := []string{"::error ", "::error ", "::error ", "::error ", "::warning ", "::warning ", "::notice ", "::notice ", "::notice "}
	for i, l := range lines {
		if !strings.HasPrefix(l, wantOrder[i]) {
			t.Errorf("line %d = %q, want it to start %q", i, l, wantOrder[i])
		}
	}
	if !strings.HasPrefix(lines[0], "::error file=contracts/sub dir/#critical/Vault ü.sol,line=1,endLine=1,title=critical issue (ID_CRITICAL%2C critical)::") {
		t.Errorf("first annotation: %q", lines[0])
	}
	var low string
	for _, l := range lines {
		if strings.Contains(l, "#low/") && strings.Contains(l, "line=1,") {
			low = l
		}
	}
	if !strings.Contains(low, "::in a:b,c 100%25%0D%0Anext%0A%0ARemediation: fix") {
		t.Errorf("message not escaped: %q", low)
	}
	if want := "::notice title=Vigil scan::Vigil: 2 critical, 2 high, 2 medium, 2 low"; lines[8] != want {
		t.Errorf("summary %q, want %q", lines[8], want)
	}
	if got := githubProperty("a:b,c%d\ne"); got != "a%3Ab%2Cc%25d%0Ae" {
		t.Errorf("property escaping: %q", got)
	}
}

// An incomplete scan is an error annotation before the findings.
func TestGitHubIncomplete(t *testing.T) {
	r := sampleReport(0)
	r.Coverage = &Coverage{Files: 2, FilesFull: 1, Gaps: []Gap{{Kind: "not_parsed", File: "A.sol", Line: 3, Reason: "syntax error"}}}
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, r, GitHubOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "::error title=Vigil%3A incomplete scan::INCOMPLETE SCAN") {
		t.Errorf("no incomplete-scan error first:\n%s", buf.String())
	}
	if !strings.HasSuffix(buf.String(), "::notice title=Vigil scan::Vigil: no findings\n") {
		t.Errorf("no summary:\n%s", buf.String())
	}
}
