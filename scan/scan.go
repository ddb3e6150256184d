package scan

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/detect/solidity"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Options configures a scan.
type Options struct {
	// Enable, when non-empty, limits the scan to these detector ids; Disable removes ids.
	Enable, Disable []string
	// Severity overrides a detector's severity: {"TIMESTAMP_DEPENDENCE": "low"}.
	Severity map[string]string
	// IncludeDeps reports findings in dependencies too (they are always analysed for context).
	IncludeDeps bool
	// ProjectSequence numbers bug ids: <BugPrefix>_<ProjectSequence>_<n>.
	ProjectSequence int64
	BugPrefix       string // default "VG"
	// ScanID is written into each finding record.
	ScanID string
	// Progress, when set, is told about each stage (for a terminal progress line).
	Progress func(stage string)
}

// Result is what a scan produced, the report plus what the renderers and tests may want.
type Result struct {
	Report   *report.ScanReport
	Findings []detect.Finding
	Program  *sema.Program
	// Source returns the lines of a scanned file (for code excerpts), or nil.
	Source func(path string) []string
}

// Analyzers returns the detectors the options enable, or an error naming an unknown id.
func (o Options) Analyzers() ([]*detect.Analyzer, error) {
	known := map[string]*detect.Analyzer{}
	for _, a := range solidity.All {
		known[a.ID] = a
	}
	for _, id := range append(append([]string(nil), o.Enable...), o.Disable...) {
		if known[strings.ToUpper(id)] == nil {
			return nil, fmt.Errorf("unknown detector %q (see `vigil detectors`)", id)
		}
	}
	for id, sev := range o.Severity {
		if known[strings.ToUpper(id)] == nil {
			return nil, fmt.Errorf("severity override for unknown detector %q", id)
		}
		if _, err := detect.ParseSeverity(sev); err != nil {
			return nil, fmt.Errorf("severity override for %s: %v", id, err)
		}
	}
	enabled := map[string]bool{}
	for _, id := range o.Enable {
		enabled[strings.ToUpper(id)] = true
	}
	disabled := map[string]bool{}
	for _, id := range o.Disable {
		disabled[strings.ToUpper(id)] = true
	}
	var out []*detect.Analyzer
	for _, a := range solidity.All {
		if (len(enabled) == 0 || enabled[a.ID]) && !disabled[a.ID] {
			out = append(out, a)
		}
	}
	return out, nil
}

// Run scans the workspace and returns the report.
func Run(ctx context.Context, ws *workspace.Workspace, opts Options) (*Result, error) {
	start := time.Now()
	analyzers, err := opts.Analyzers()
	if err != nil {
		return nil, err
	}
	// Detector ids are case-insensitive (configuration keys arrive in lower case).
	overrides := map[string]string{}
	for id, sev := range opts.Severity {
		overrides[strings.ToUpper(id)] = strings.ToLower(sev)
	}
	progress := opts.Progress
	if progress == nil {
		progress = func(string) {}
	}

	files := ws.Sources(true)
	var srcs []sema.SourceFile
	lines := map[string][]string{}
	var analysedFiles, analysedLines int
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if f.Lang != workspace.Solidity {
			continue
		}
		data, err := ws.ReadFile(f.Path)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		srcs = append(srcs, sema.SourceFile{Path: f.Path, Src: data, Dependency: f.Dependency})
		lines[f.Path] = strings.Split(string(data), "\n")
		if !f.Dependency || opts.IncludeDeps {
			analysedFiles++
			analysedLines += f.Lines
		}
	}
	if len(srcs) == 0 {
		return nil, fmt.Errorf("%w: no Solidity source files to scan", workspace.ErrNoSources)
	}
	progress(fmt.Sprintf("parsing %d files", len(srcs)))
	var remaps []sema.Remapping
	for _, r := range ws.Remappings {
		remaps = append(remaps, sema.Remapping{Prefix: r.Prefix, Target: r.Target})
	}
	prog, err := loadProgram(srcs, remaps)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	progress(fmt.Sprintf("running %d detectors", len(analyzers)))
	res := detect.Run(prog, analyzers)

	var findings []detect.Finding
	for _, f := range res.Findings {
		file := prog.FileOf(f.Pos)
		if file != nil && file.Dependency && !opts.IncludeDeps {
			continue
		}
		if sev, ok := overrides[f.Analyzer.ID]; ok {
			f.Severity = detect.Severity(sev)
		}
		findings = append(findings, f)
	}

	rep := &report.ScanReport{
		ScanID:               opts.ScanID,
		ScanType:             report.ScanTypeProject,
		ScanInitTime:         report.Timestamp(start),
		ScanStatus:           report.StatusDone,
		MultiFileScanStatus:  report.StatusDone,
		ReportingStatus:      report.ReportNotGenerated,
		QuickFileScanDetails: opts.ScanID,
		SkipFilePaths:        []string{},
		FileURLList:          []string{},
		ProjectURL:           ws.URL,
		ProjectBranch:        ws.Branch,
		ProjectCommit:        ws.Commit,
	}
	rep.MultiFileScanDetails = groupFindings(prog, findings, opts)
	for _, d := range prog.Diagnostics {
		rep.Diagnostics = append(rep.Diagnostics, d.String())
	}
	for _, d := range res.Diagnostics {
		rep.Diagnostics = append(rep.Diagnostics, d.Msg)
	}
	for _, n := range ws.Notes {
		rep.Diagnostics = append(rep.Diagnostics, n.Path+": "+n.Reason)
	}
	rep.MultiFileScanSummary = report.Summarize(rep.MultiFileScanDetails, analysedFiles, analysedLines, time.Since(start))
	return &Result{Report: rep, Findings: findings, Program: prog, Source: func(p string) []string { return lines[p] }}, nil
}

// groupFindings builds the finding groups of the report, most severe first.
func groupFindings(prog *sema.Program, findings []detect.Finding, opts Options) []*report.Group {
	prefix := opts.BugPrefix
	if prefix == "" {
		prefix = "VG"
	}
	byID := map[string]*report.Group{}
	var order []*report.Group
	hashes := newFingerprinter(prog)
	sort.SliceStable(findings, func(i, j int) bool {
		a, b := findings[i], findings[j]
		if ra, rb := a.EffectiveSeverity().Rank(), b.EffectiveSeverity().Rank(); ra != rb {
			return ra < rb
		}
		if a.Analyzer.ID != b.Analyzer.ID {
			return a.Analyzer.ID < b.Analyzer.ID
		}
		return a.Pos < b.Pos
	})
	for n, f := range findings {
		g := byID[f.Analyzer.ID]
		if g == nil {
			g = &report.Group{IssueID: f.Analyzer.ID, TemplateDetails: TemplateOf(f.Analyzer)}
			byID[f.Analyzer.ID] = g
			order = append(order, g)
		}
		start, end := prog.Fset.Position(f.Pos), prog.Fset.Position(f.End)
		if end.Line < start.Line {
			end = start
		}
		rec := &report.Finding{
			BugHash:            hashes.hash(f),
			BugID:              fmt.Sprintf("%s_%d_%d", prefix, opts.ProjectSequence, n+1),
			BugStatus:          report.BugPendingFix,
			Comment:            "",
			DescriptionDetails: f.Details,
			ScanID:             opts.ScanID,
			Findings: []*report.Location{{
				FilePath:     start.Filename,
				LineNosStart: []int{start.Line},
				LineNosEnd:   []int{end.Line},
				Column:       start.Column,
			}},
		}
		if f.Severity != "" && f.Severity != f.Analyzer.Severity {
			rec.Severity = string(f.Severity)
		}
		if f.Confidence != "" && f.Confidence != f.Analyzer.Confidence {
			rec.Confidence = string(f.Confidence)
		}
		if file := prog.FileOf(f.Pos); file != nil && file.Dependency {
			rec.Dependency = true
		}
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, rec)
		g.NoOfFindings++
	}
	return order
}

// catalogueDate is the creation date of the detector catalogue's current version, for the
// templates' bookkeeping fields.
const catalogueDate = "2026-11-22T00:00:00.000000"

// TemplateOf renders a detector's template as SPEC 2.3 shows it.
func TemplateOf(a *detect.Analyzer) *report.Template {
	keys := a.DescriptionKeys
	if keys == nil {
		keys = []string{}
	}
	langs := a.Languages
	if langs == nil {
		langs = []string{"solidity"}
	}
	return &report.Template{
		IssueID:                a.ID,
		IssueName:              a.Name,
		IssueSeverity:          string(a.Severity),
		IssueConfidence:        a.Confidence.Percent(),
		IssueDescription:       a.Description,
		StaticIssueDescription: a.Static(),
		IssueRemediation:       a.Remediation,
		DescriptionKeys:        keys,
		IssueStatus:            "true",
		MultiFileSupported:     "true",
		IsProductionDisabled:   false,
		DetectionLogic:         a.DetectionLogic,
		Version:                a.Version,
		SWC:                    a.SWC,
		CWE:                    a.CWE,
		Languages:              langs,
		ID:                     strings.ToLower(a.ID),
		Created:                catalogueDate,
		Updated:                catalogueDate,
		Links:                  report.Links{Self: report.LinkRef{Title: a.Name, Href: "/detectors/" + a.ID}},
	}
}

// loadProgram builds the semantic model. A panic in the model is a bug in Vigil, not in the
// user's code: it becomes an error for this scan instead of bringing a server down.
func loadProgram(srcs []sema.SourceFile, remaps []sema.Remapping) (prog *sema.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error while analysing the sources (please report it): %v", r)
		}
	}()
	return sema.Load(srcs, remaps), nil
}
