package repoapi

import (
	"testing"

	"github.com/vigil-sec/vigil/report"
)

// FuzzParseMessage feeds hostile client messages to the parsers: they answer with a field
// error or a request, never a panic.
func FuzzParseMessage(f *testing.F) {
	for _, s := range []string{
		`{"action":"message","payload":{"type":"public_project_scan_initiate","body":{"project_url":"https://github.com/a/b","skip_file_paths":["x",1]}}}`,
		`{"action":"message","payload":{"type":"generate_report","body":{"project_id":"p","scan_id":"s","report_id":null}}}`,
		`{"payload":{"body":{"project_url":"http://[::1]:80/x","project_commit":"zz"}}}`,
		`{"payload":{"body":null}}`, `{"payload":[]}`, `[]`, `null`, `"x"`, `{"a":`, "\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		env, ferr := parseObject("", data)
		if ferr != nil {
			return
		}
		payload, ferr := env.object("payload")
		if ferr != nil {
			return
		}
		if req, ferr, _ := parseInitiate(payload); ferr == nil && req.req.URL == "" {
			t.Fatalf("accepted without project_url: %s", data)
		}
		if req, ferr := parseGenerate(payload); ferr == nil && (req.scanID == "" || req.projectID == "") {
			t.Fatalf("accepted without ids: %s", data)
		}
	})
}

func TestConfidenceLabel(t *testing.T) {
	for _, tc := range []struct{ override, templ, want string }{
		{"", "90", "high"}, {"", "60", "medium"}, {"", "30", "low"}, {"", "", "low"},
		{"High", "30", "high"}, {"", "Medium", "medium"}, {"", "999999999999999999999", "high"}, {"", "x", "low"},
	} {
		if got := confidenceLabel(tc.override, tc.templ); got != tc.want {
			t.Errorf("confidenceLabel(%q, %q) = %q, want %q", tc.override, tc.templ, got, tc.want)
		}
	}
}

func TestSource(t *testing.T) {
	for _, tc := range []struct {
		url, branch, commit string
		want                sourceInfo
	}{
		{"https://github.com/coral-xyz/anchor", "master", "", sourceInfo{"github", "https://github.com/coral-xyz.png", "https://github.com/coral-xyz/anchor/tree/master"}},
		{"https://github.com/o/r.git", "main", "abc123", sourceInfo{"github", "https://github.com/o.png", "https://github.com/o/r/tree/abc123"}},
		{"https://github.com/o/r", "", "", sourceInfo{"github", "https://github.com/o.png", "https://github.com/o/r"}},
		{"https://gitlab.com/g/p", "main", "", sourceInfo{"gitlab", "", "https://gitlab.com/g/p"}},
		{"https://bitbucket.org/w/r", "", "", sourceInfo{"bitbucket", "", "https://bitbucket.org/w/r"}},
		{"http://127.0.0.1:9/x.git", "", "", sourceInfo{"git", "", "http://127.0.0.1:9/x.git"}},
		{"::not a url", "", "", sourceInfo{"git", "", "::not a url"}},
	} {
		got := source(&report.ScanReport{ProjectURL: tc.url, ProjectBranch: tc.branch, ProjectCommit: tc.commit})
		if got != tc.want {
			t.Errorf("source(%s) = %+v, want %+v", tc.url, got, tc.want)
		}
	}
}
