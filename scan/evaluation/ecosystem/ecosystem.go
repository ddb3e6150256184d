// Package ecosystem keeps Vigil honest on audited production code, the way Ruff's and
// Semgrep's ecosystem checks do: a committed list (testdata/ecosystem/<corpus>.yaml) names
// every critical, high and medium finding Vigil raises on each project of a corpus folder,
// each with a human verdict and a one-line reason. Check rescans the corpus and fails on a
// finding without an entry, on an entry that no longer matches a finding, and on an entry
// whose verdict is still "unreviewed"; it prints the difference so that a change that adds
// or removes noise shows up in review as a diff of the list.
//
// Each project is scanned as `vigil scan <project>` scans it: workspace.FromFolder, then
// scan.Run with default options (dependencies and test folders are analysed for context but
// not reported). A finding is matched by project and bug_hash, which hashes the detector id,
// file, contract, function and normalised code but never line numbers; the line is kept in
// the list for readers only.
//
// Use from a test, one list per corpus:
//
//	var update = flag.Bool("update", false, "rewrite the ecosystem lists")
//
//	func TestEcosystemClean(t *testing.T) {
//		ecosystem.Check(t, "../../../shared/corpus/clean", "../../testdata/ecosystem/clean.yaml", *update)
//	}
//
// The Solana corpus works the same way (Check scans Rust workspaces too). Package
// scan/evaluation already declares the -update flag (ecosystem_test.go), so a test added there
// only calls
//
//	ecosystem.Check(t, filepath.Join(corpus, "solana-clean"), "../../testdata/ecosystem/solana-clean.yaml", *update)
//
// and `go test ./scan/evaluation -run Ecosystem -update` rewrites every list. Rust findings
// carry no contract; their function (when the detector names one) and bug_hash identify them.
//
// With update set (go test ./scan/evaluation -run Ecosystem -update) Check rewrites the list
// from the scan: verdicts and reasons of entries that still match are kept, new findings get
// "verdict: unreviewed" (which fails the next run until a human writes a verdict), and entries
// that no longer match are dropped.
//
// The target on the clean corpus (issue 13) is no critical or high finding and at most 15
// medium ones, each with a verdict a reviewer would accept. The test prints the counts per
// severity; it does not assert the target.
package ecosystem

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Verdicts a reviewer gives a finding.
const (
	RealBug        = "real-bug"        // a vulnerability: the finding is right
	AcceptedDesign = "accepted-design" // the code does what the finding says, on purpose and safely
	ToFix          = "to-fix"          // noise: the analysis should tell this form is safe
	Unreviewed     = "unreviewed"      // written by -update; fails the check until reviewed
)

var verdicts = map[string]bool{RealBug: true, AcceptedDesign: true, ToFix: true}

// Entry is one listed finding.
type Entry struct {
	Project  string `yaml:"project"`
	Detector string `yaml:"detector"`
	Severity string `yaml:"severity"`
	File     string `yaml:"file"`
	Contract string `yaml:"contract,omitempty"`
	Function string `yaml:"function,omitempty"`
	Line     int    `yaml:"line"` // for readers; not matched
	Key      string `yaml:"key"`  // the finding's bug_hash
	Verdict  string `yaml:"verdict"`
	Reason   string `yaml:"reason"`
}

func (e Entry) id() string { return e.Project + "\x00" + e.Key }

func (e Entry) String() string {
	where := e.Contract
	if e.Function != "" {
		where += "." + e.Function
	}
	return fmt.Sprintf("%s %s %s %s:%d %s (key %s)", e.Project, e.Severity, e.Detector, e.File, e.Line, where, e.Key)
}

// List is the file's content.
type List struct {
	Findings []Entry `yaml:"findings"`
}

// header opens every list file; the list itself is machine-written, the verdicts by people.
const header = `# Ecosystem check: every critical, high and medium finding Vigil raises on the projects of
# one corpus, with a reviewer's verdict (real-bug, accepted-design, to-fix) and a one-line
# reason. See scan/evaluation/ecosystem. Regenerate with
#   go test ./scan/evaluation -run Ecosystem -update
# then replace every "verdict: unreviewed" with a verdict and a reason.
`

// Load reads a list; a missing file is an empty list.
func Load(path string) (*List, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return &List{}, nil
	}
	if err != nil {
		return nil, err
	}
	var l List
	if err := yaml.Unmarshal(data, &l); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &l, nil
}

// Write stores the list, sorted.
func (l *List) Write(path string) error {
	sortEntries(l.Findings)
	var buf bytes.Buffer
	buf.WriteString(header)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(l); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// Reported reports whether a severity is one the ecosystem check lists.
func Reported(severity string) bool {
	return severity == "critical" || severity == "high" || severity == "medium"
}

// ScanCorpus scans every project (sub-folder) of a corpus folder and returns its critical,
// high and medium findings as unreviewed entries, with the count of findings per severity of
// each project.
func ScanCorpus(ctx context.Context, corpusDir string) ([]Entry, map[string]map[string]int, error) {
	dirs, err := os.ReadDir(corpusDir)
	if err != nil {
		return nil, nil, err
	}
	var out []Entry
	counts := map[string]map[string]int{}
	for _, d := range dirs {
		if !d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			continue
		}
		found, dist, err := ScanProject(ctx, filepath.Join(corpusDir, d.Name()))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", d.Name(), err)
		}
		for i := range found {
			found[i].Project = d.Name()
		}
		out = append(out, found...)
		counts[d.Name()] = dist
	}
	sortEntries(out)
	return out, counts, nil
}

// ScanProject scans one project folder as `vigil scan <dir>` does and returns its critical,
// high and medium findings (Project left empty) and the count of all findings per severity.
func ScanProject(ctx context.Context, dir string) ([]Entry, map[string]int, error) {
	ws, err := workspace.FromFolder(ctx, dir, workspace.Options{})
	if err != nil {
		return nil, nil, err
	}
	defer ws.Close()
	res, err := scan.Run(ctx, ws, scan.Options{})
	if err != nil {
		return nil, nil, err
	}
	return entries(res.Report), res.Report.MultiFileScanSummary.IssueSeverityDistribution, nil
}

func entries(rep *report.ScanReport) []Entry {
	var out []Entry
	for _, g := range rep.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			sev := f.Severity
			if sev == "" {
				sev = g.TemplateDetails.IssueSeverity
			}
			if !Reported(sev) {
				continue
			}
			e := Entry{Detector: g.IssueID, Severity: sev, Key: f.BugHash, Verdict: Unreviewed,
				Contract: f.DescriptionDetails["contract_name"], Function: f.DescriptionDetails["function_name"]}
			if len(f.Findings) > 0 {
				e.File = f.Findings[0].FilePath
				if len(f.Findings[0].LineNosStart) > 0 {
					e.Line = f.Findings[0].LineNosStart[0]
				}
			}
			out = append(out, e)
		}
	}
	return out
}

// Diff is what separates a list from a scan.
type Diff struct {
	Unlisted   []Entry    // findings without an entry
	Stale      []Entry    // entries that match no finding
	Changed    [][2]Entry // entries whose finding changed severity: {listed, found}
	Unreviewed []Entry    // entries without a verdict
	Invalid    []Entry    // entries with an unknown verdict or no reason
}

// Empty reports whether the list and the scan agree.
func (d Diff) Empty() bool {
	return len(d.Unlisted)+len(d.Stale)+len(d.Changed)+len(d.Unreviewed)+len(d.Invalid) == 0
}

// String renders the difference for a reader, one finding a line.
func (d Diff) String() string {
	var b strings.Builder
	section := func(title string, list []Entry) {
		if len(list) == 0 {
			return
		}
		fmt.Fprintf(&b, "%s:\n", title)
		for _, e := range list {
			fmt.Fprintf(&b, "  %s\n", e)
		}
	}
	section("+ findings without an entry", d.Unlisted)
	section("- entries that no longer match a finding", d.Stale)
	if len(d.Changed) > 0 {
		fmt.Fprintf(&b, "~ findings whose severity changed:\n")
		for _, c := range d.Changed {
			fmt.Fprintf(&b, "  %s: listed %s, now %s\n", c[1], c[0].Severity, c[1].Severity)
		}
	}
	section("? entries without a verdict (write real-bug, accepted-design or to-fix, and a reason)", d.Unreviewed)
	section("! entries with an unknown verdict or no reason", d.Invalid)
	return b.String()
}

// Compare matches the scan's findings against the list.
func Compare(l *List, found []Entry) Diff {
	var d Diff
	listed := map[string]Entry{}
	for _, e := range l.Findings {
		listed[e.id()] = e
		switch {
		case e.Verdict == Unreviewed:
			d.Unreviewed = append(d.Unreviewed, e)
		case !verdicts[e.Verdict] || strings.TrimSpace(e.Reason) == "":
			d.Invalid = append(d.Invalid, e)
		}
	}
	seen := map[string]bool{}
	for _, f := range found {
		seen[f.id()] = true
		e, ok := listed[f.id()]
		switch {
		case !ok:
			d.Unlisted = append(d.Unlisted, f)
		case e.Severity != f.Severity:
			d.Changed = append(d.Changed, [2]Entry{e, f})
		}
	}
	for _, e := range l.Findings {
		if !seen[e.id()] {
			d.Stale = append(d.Stale, e)
		}
	}
	return d
}

// Merge returns the list -update writes: one entry per finding, keeping the verdict and reason
// of the entry it matches and "unreviewed" for new findings.
func Merge(l *List, found []Entry) *List {
	listed := map[string]Entry{}
	for _, e := range l.Findings {
		listed[e.id()] = e
	}
	out := &List{}
	for _, f := range found {
		if e, ok := listed[f.id()]; ok {
			f.Verdict, f.Reason = e.Verdict, e.Reason
		}
		out.Findings = append(out.Findings, f)
	}
	sortEntries(out.Findings)
	return out
}

var rank = map[string]int{"critical": 0, "high": 1, "medium": 2}

func sortEntries(list []Entry) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i], list[j]
		switch {
		case a.Project != b.Project:
			return a.Project < b.Project
		case rank[a.Severity] != rank[b.Severity]:
			return rank[a.Severity] < rank[b.Severity]
		case a.Detector != b.Detector:
			return a.Detector < b.Detector
		case a.File != b.File:
			return a.File < b.File
		case a.Line != b.Line:
			return a.Line < b.Line
		}
		return a.Key < b.Key
	})
}
