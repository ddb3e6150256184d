package document

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
)

// ErrNoReport is returned by Build when the input has no report.
var ErrNoReport = errors.New("report: no scan report to render")

// Build makes the document of a report. Its only error is a missing report: everything else
// odd in the input is shown as well as it can be.
func Build(in Input) (*Document, error) {
	r := in.Report
	if r == nil {
		return nil, ErrNoReport
	}
	lim := in.Limits.withDefaults()
	gen := in.Generated
	if gen.IsZero() {
		gen = time.Now()
	}
	d := &Document{
		Title:          "Smart contract security report",
		ScanID:         Visible(r.ScanID),
		ScanType:       Visible(r.ScanType),
		ScanTime:       scanTime(r.ScanInitTime),
		Generated:      gen.UTC(),
		Classification: classification,
		Methodology:    methodology(Visible(in.ToolVersion)),
		Disclaimer:     disclaimer,
		ToolVersion:    Visible(in.ToolVersion),
	}
	d.Subject, d.Source = cover(r)
	d.Scope = scope(r, d.Source, d.ScanTime, Visible(in.ToolVersion))
	d.Summary = summary(r)
	// The warning and its gaps are shown once, in their own box: the diagnostics that restate
	// them for JSON readers are left out of the list.
	shown := map[string]bool{r.Warning(): true, r.ConfigNotice(): true}
	d.Incomplete = Visible(r.Warning())
	d.ConfigNotice = Visible(r.ConfigNotice())
	for _, g := range r.Coverage.GapLines() { // at most report.MaxGaps and a count
		d.Gaps = append(d.Gaps, Visible(g))
		shown["incomplete: "+g] = true
	}
	for _, s := range r.Diagnostics {
		if !shown[s] {
			d.Diagnostics = append(d.Diagnostics, Visible(s))
		}
	}

	groups := sortedGroups(r.MultiFileScanDetails)
	excerpts := 0
	var rows []Row
	var excerptsElided, findingsElided int
	for _, g := range groups {
		sec := groupSection(g)
		sectionNoted := false
		for i, f := range g.MetricWiseAggregatedFindings {
			if f == nil {
				continue
			}
			row := tableRow(g, f, sec.Anchor)
			rows = append(rows, row)
			if i >= lim.MaxFindingsPerGroup {
				sec.Elided = append(sec.Elided, row)
				findingsElided++
				continue
			}
			fv, locs := findingView(g, f, sec.Severity, lim)
			if in.Source != nil && len(fv.Places) > 0 {
				if excerpts < lim.MaxExcerpts {
					excerpts++
					for j := range fv.Places {
						fv.Places[j].Excerpt = excerpt(in.Source(locs[j].FilePath), spans(locs[j]), lim)
					}
				} else {
					excerptsElided++
					// Said once per section, where the excerpts stop, not under every finding.
					if !sectionNoted {
						fv.ExcerptNote = "Code excerpts stop here: this report shows excerpts for the first " +
							strconv.Itoa(lim.MaxExcerpts) + " findings, most severe first."
						sectionNoted = true
					}
				}
			}
			sec.Findings = append(sec.Findings, fv)
		}
		d.Groups = append(d.Groups, sec)
	}
	// The table is ordered by each finding's own severity (a configuration may override the
	// template's), keeping the group order within one severity.
	sort.SliceStable(rows, func(i, j int) bool {
		return report.SeverityRank(rows[i].Severity) < report.SeverityRank(rows[j].Severity)
	})
	if len(rows) > lim.MaxTableRows {
		d.RowsElided = len(rows) - lim.MaxTableRows
		rows = rows[:lim.MaxTableRows]
	}
	d.Rows = rows
	if excerptsElided > 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("Code excerpts are shown for the first %d findings, most severe first; %d further findings list their files and lines only.", lim.MaxExcerpts, excerptsElided))
	}
	if findingsElided > 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("Finding sections detail at most %d findings per issue; %d further findings are listed by place at the end of their sections.", lim.MaxFindingsPerGroup, findingsElided))
	}
	if d.RowsElided > 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("The findings summary table lists the first %d findings, most severe first; %d more are in the JSON report.", lim.MaxTableRows, d.RowsElided))
	}
	d.History = history(r, d.Summary, in.History)
	return d, nil
}

// cover names the subject of the report and where its code came from.
func cover(r *report.ScanReport) (string, []Field) {
	var fs []Field
	add := func(label, value string) {
		if v := strings.TrimSpace(Visible(value)); v != "" {
			fs = append(fs, Field{label, v})
		}
	}
	subject := r.ProjectName
	if b := r.Block; b != nil {
		if b.ContractName != "" {
			subject = b.ContractName
		}
		add("Contract address", b.ContractAddress)
		add("Platform", b.ContractPlatform)
		add("Chain", b.ContractChain)
		add("Implementation", b.Implementation)
		add("Explorer", b.ContractURL)
		add("Compiler", b.CompilerVersion)
		add("EVM version", b.EVMVersion)
		add("Licence", b.LicenseType)
	}
	add("Repository", r.ProjectURL)
	add("Branch", r.ProjectBranch)
	add("Commit", r.ProjectCommit)
	if len(r.FileURLList) > 0 {
		files := r.FileURLList
		more := ""
		if len(files) > 5 {
			more = fmt.Sprintf(" and %d more", len(files)-5)
			files = files[:5]
		}
		add("Files", strings.Join(files, ", ")+more)
	}
	if len(r.SkipFilePaths) > 0 {
		add("Skipped paths", strings.Join(r.SkipFilePaths, ", "))
	}
	add("Project id", r.ProjectID)
	if subject == "" {
		subject = r.ProjectURL
	}
	if subject == "" && r.Block != nil {
		subject = r.Block.ContractAddress
	}
	if subject == "" {
		subject = "Scanned sources"
	}
	return Visible(subject), fs
}

func summary(r *report.ScanReport) Summary {
	s := r.MultiFileScanSummary
	var out Summary
	dist := map[string]int{}
	if s != nil {
		out.HasSummary = true
		out.ScoreV2 = Visible(s.ScoreV2)
		out.Score = Visible(s.Score)
		out.Rating = Visible(s.ScoreRating)
		out.Issues = s.IssuesCount
		out.Files = s.CountFilesAnalyzed
		out.Lines = s.LinesAnalyzedCount
		out.Duration = duration(s.ScanTimeTaken)
		out.Dismissed, out.NotCounted = s.DismissedCount, Visible(report.NotCountedLine(s))
		if s.ThreatScore != nil {
			out.ThreatScore = Visible(*s.ThreatScore)
		}
		for k, v := range s.IssueSeverityDistribution {
			dist[strings.ToLower(k)] += v
		}
	} else {
		// No summary: count what is there, so the chart still tells the truth.
		for _, g := range r.MultiFileScanDetails {
			if g == nil {
				continue
			}
			for _, f := range g.MetricWiseAggregatedFindings {
				if f != nil {
					dist[severityOf(g, f)]++
					out.Issues++
				}
			}
		}
	}
	if v, err := strconv.ParseFloat(out.ScoreV2, 64); err == nil && v >= 0 && v <= 100 {
		out.ScoreValue = v
		if out.Rating == "" {
			out.Rating = report.Rating(v)
		}
	} else {
		out.ScoreValue = -1
	}
	for _, sev := range report.Severities {
		out.Distribution = append(out.Distribution, Count{sev, Label(sev), max(0, dist[sev])})
	}
	for _, t := range r.ThreatChecks {
		if t == nil {
			continue
		}
		out.Threats = append(out.Threats, Threat{
			ID: Visible(t.IssueID), Name: Visible(t.IssueName),
			Description: strings.TrimSpace(richText(t.IssueDescription).Plain()),
			Passed:      strings.EqualFold(t.IssueStatus, "pass"),
		})
	}
	return out
}

// duration writes scan_time_taken (seconds).
func duration(sec float64) string {
	switch {
	case sec < 0 || sec != sec:
		return "unknown"
	case sec < 0.005:
		return "< 0.01 s"
	case sec < 60:
		return strconv.FormatFloat(sec, 'f', 2, 64) + " s"
	}
	return (time.Duration(sec) * time.Second).String()
}

// sortedGroups orders groups most severe first, then by number of findings, then by id, and
// drops nil groups.
func sortedGroups(gs []*report.Group) []*report.Group {
	var out []*report.Group
	for _, g := range gs {
		if g != nil {
			out = append(out, g)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := groupSeverity(out[i]), groupSeverity(out[j])
		if ra, rb := report.SeverityRank(a), report.SeverityRank(b); ra != rb {
			return ra < rb
		}
		if la, lb := len(out[i].MetricWiseAggregatedFindings), len(out[j].MetricWiseAggregatedFindings); la != lb {
			return la > lb
		}
		return out[i].IssueID < out[j].IssueID
	})
	return out
}

func groupSeverity(g *report.Group) string {
	if g.TemplateDetails != nil {
		return strings.ToLower(g.TemplateDetails.IssueSeverity)
	}
	return "informational"
}

func groupSection(g *report.Group) Group {
	t := g.TemplateDetails
	if t == nil {
		t = &report.Template{IssueID: g.IssueID, IssueName: g.IssueID}
	}
	id := g.IssueID
	if id == "" {
		id = t.IssueID
	}
	name := t.IssueName
	if name == "" {
		name = id
	}
	desc := t.StaticIssueDescription
	if desc == "" {
		desc = t.IssueDescription
	}
	sec := Group{
		Anchor:      anchor(id),
		IssueID:     Visible(id),
		Name:        Visible(name),
		Severity:    groupSeverity(g),
		Confidence:  confidence("", t.IssueConfidence),
		Count:       len(g.MetricWiseAggregatedFindings),
		Description: richText(desc),
		Remediation: richText(t.IssueRemediation),
		Detection:   strings.TrimSpace(Visible(t.DetectionLogic)),
	}
	for _, s := range t.SWC {
		sec.SWC = append(sec.SWC, Visible(s))
	}
	for _, c := range t.CWE {
		sec.CWE = append(sec.CWE, Visible(c))
	}
	return sec
}

// anchor makes a stable, safe fragment id from an issue id.
func anchor(id string) string {
	var b strings.Builder
	b.WriteString("issue-")
	for _, r := range strings.ToLower(id) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

func tableRow(g *report.Group, f *report.Finding, anchor string) Row {
	t := g.TemplateDetails
	name, conf := g.IssueID, ""
	if t != nil {
		name = t.IssueName
		conf = t.IssueConfidence
	}
	where := ""
	places := 0
	for _, loc := range f.Findings {
		if loc == nil {
			continue
		}
		places++
		if where == "" {
			where = loc.FilePath
			if l := lineList(spans(loc)); l != "" {
				where += ":" + l
			}
		}
	}
	if places > 1 {
		where += fmt.Sprintf(" (+%d more)", places-1)
	}
	status := f.BugStatus
	if status == "" {
		status = report.BugPendingFix
	}
	return Row{
		BugID:      Visible(f.BugID),
		Issue:      Visible(name),
		IssueID:    Visible(g.IssueID),
		Where:      Visible(where),
		Severity:   severityOf(g, f),
		Confidence: confidence(f.Confidence, conf),
		Status:     Visible(status),
		Anchor:     anchor,
	}
}

// findingView describes one finding; it also returns the locations its places come from.
func findingView(g *report.Group, f *report.Finding, groupSev string, lim Limits) (Finding, []*report.Location) {
	status := f.BugStatus
	if status == "" {
		status = report.BugPendingFix
	}
	var locs []*report.Location
	fv := Finding{
		BugID:       Visible(f.BugID),
		Status:      Visible(status),
		Description: richText(report.Fill(g, f)),
		Comment:     strings.TrimSpace(Visible(f.Comment)),
	}
	if sev := severityOf(g, f); sev != groupSev {
		fv.Severity = sev
	}
	for _, loc := range f.Findings {
		if loc == nil {
			continue
		}
		if len(fv.Places) >= lim.MaxLocations {
			fv.PlacesMore++
			continue
		}
		fv.Places = append(fv.Places, Place{File: Visible(loc.FilePath), Lines: lineList(spans(loc))})
		locs = append(locs, loc)
	}
	return fv, locs
}

// history puts the current scan among the earlier ones, oldest first.
func history(r *report.ScanReport, s Summary, earlier []HistoryEntry) []HistoryEntry {
	var out []HistoryEntry
	seen := false
	for _, h := range earlier {
		h.ScanID = Visible(h.ScanID)
		h.Commit = Visible(h.Commit)
		h.ScoreV2 = Visible(h.ScoreV2)
		if h.Rating == "" {
			if v, err := strconv.ParseFloat(h.ScoreV2, 64); err == nil {
				h.Rating = report.Rating(v)
			}
		}
		if h.ScanID == r.ScanID && r.ScanID != "" {
			seen = true
		}
		out = append(out, h)
	}
	if !seen {
		cur := HistoryEntry{ScanID: Visible(r.ScanID), Commit: Visible(r.ProjectCommit), ScoreV2: s.ScoreV2,
			Rating: s.Rating, Issues: s.Issues, Distribution: map[string]int{}}
		for _, c := range s.Distribution {
			cur.Distribution[c.Severity] = c.N
		}
		if t, err := time.Parse(report.TimeLayout, r.ScanInitTime); err == nil {
			cur.Time = t
		}
		out = append(out, cur)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.Before(out[j].Time) })
	return out
}

// scanTime writes scan_init_time for people ("22 November 2026, 03:02 UTC"); text that is not
// a timestamp of the spec is shown as it is.
func scanTime(s string) string {
	if s == "" {
		return ""
	}
	for _, layout := range []string{report.TimeLayout, "2006-01-02T15:04:05", time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC().Format("2 January 2006, 15:04:05 UTC")
		}
	}
	return Visible(s)
}
