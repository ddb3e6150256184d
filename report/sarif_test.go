package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestArtifactURIPercentEncodes(t *testing.T) {
	for _, tt := range []struct{ prefix, path, want string }{
		{"", "src/Vault.sol", "src/Vault.sol"},
		{"contracts", "src/Vault.sol", "contracts/src/Vault.sol"},
		{"my dir", "a b/#1/100%/Vault ü.sol", "my%20dir/a%20b/%231/100%25/Vault%20%C3%BC.sol"},
		{"", "a:b.sol", "a%3Ab.sol"},
		{"", `win\path\A.sol`, "win/path/A.sol"},
	} {
		if got := artifactURI(tt.prefix, tt.path); got != tt.want {
			t.Errorf("artifactURI(%q, %q) = %q, want %q", tt.prefix, tt.path, got, tt.want)
		}
	}
}

// sampleReport has n findings of each severity, in files whose names need encoding.
func sampleReport(n int) *ScanReport {
	r := &ScanReport{}
	for _, sev := range []string{"low", "high", "medium", "critical"} {
		g := &Group{IssueID: "ID_" + strings.ToUpper(sev), TemplateDetails: &Template{
			IssueID: "ID_" + strings.ToUpper(sev), IssueName: sev + " issue", IssueSeverity: sev, IssueConfidence: "high",
			IssueDescription: "in <code>${f}</code>", StaticIssueDescription: "<p>static</p>", IssueRemediation: "<p>fix</p>",
		}}
		for i := range n {
			g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &Finding{
				BugHash: fmt.Sprintf("%s-%d", sev, i), BugID: fmt.Sprintf("%s-%d", sev, i), Severity: sev,
				DescriptionDetails: map[string]string{"f": "f"},
				Findings:           []*Location{{FilePath: "sub dir/#" + sev + "/Vault ü.sol", LineNosStart: []int{i + 1}, LineNosEnd: []int{i + 1}}},
			})
		}
		g.NoOfFindings = n
		r.MultiFileScanDetails = append(r.MultiFileScanDetails, g)
	}
	return r
}

func TestSARIFCapKeepsMostSevereAndSaysSo(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, sampleReport(3), SARIFOptions{ToolVersion: "1.2.3", RootPrefix: "pkg", RootURI: "file:///repo/", MaxResults: 5}); err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	s, err := c.Compile("../testdata/schema/sarif-2.1.0.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(doc); err != nil {
		t.Fatalf("SARIF does not validate: %v", err)
	}
	var log struct {
		Runs []struct {
			Tool               struct{ Driver struct{ Version string } }
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Invocations        []struct {
				ToolExecutionNotifications []struct{ Message struct{ Text string } }
			}
			Results []struct {
				Properties map[string]string
				Locations  []struct {
					PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Version != "1.2.3" || run.OriginalURIBaseIDs["%SRCROOT%"].URI != "file:///repo/" {
		t.Errorf("version %q, base ids %v", run.Tool.Driver.Version, run.OriginalURIBaseIDs)
	}
	var sevs []string
	for _, r := range run.Results {
		sevs = append(sevs, r.Properties["severity"])
	}
	if got := strings.Join(sevs, ","); got != "critical,critical,critical,high,high" {
		t.Errorf("kept %s, want the five most severe", got)
	}
	if uri := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "pkg/sub%20dir/%23critical/Vault%20%C3%BC.sol" {
		t.Errorf("uri %q", uri)
	}
	notes := run.Invocations[0].ToolExecutionNotifications
	if len(notes) != 1 || !strings.HasPrefix(notes[0].Message.Text, "7 of 12 results were left out") {
		t.Errorf("notifications %+v", notes)
	}
}

func TestRepositoryURIAndHelpURI(t *testing.T) {
	for remote, want := range map[string]string{
		"git@github.com:owner/repo.git":            "ssh://git@github.com/owner/repo.git",
		"https://user:token@github.com/owner/repo": "https://github.com/owner/repo",
		"ssh://git:secret@host.example/r.git":      "ssh://git@host.example/r.git",
		"/home/me/repo":                            "",
		"file:///home/me/repo":                     "",
		"":                                         "",
	} {
		if got := RepositoryURI(remote); got != want {
			t.Errorf("RepositoryURI(%q) = %q, want %q", remote, got, want)
		}
	}
	for _, tt := range []struct {
		t    Template
		want string
	}{
		{Template{SWC: []string{"SWC-107"}, CWE: []string{"CWE-841"}}, "https://swcregistry.io/docs/SWC-107"},
		{Template{CWE: []string{"CWE-841"}}, "https://cwe.mitre.org/data/definitions/841.html"},
		{Template{}, HelpURIBase},
	} {
		if got := RuleHelpURI(&tt.t); got != tt.want {
			t.Errorf("RuleHelpURI(%v) = %q, want %q", tt.t, got, tt.want)
		}
	}
}
