package web

import (
	"net/url"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// filter is the scan page's query: every field optional, so a plain link shows everything and a
// filtered view is a URL (it works without JavaScript and can be shared).
type filter struct {
	Q        string
	Severity string
	Status   string
	Template string
}

func filterOf(q url.Values) filter {
	return filter{Q: strings.TrimSpace(q.Get("q")), Severity: q.Get("severity"), Status: q.Get("status"), Template: q.Get("template")}
}

// sevSection is the findings of one severity, by template.
type sevSection struct {
	Severity string
	Count    int
	Groups   []tmplGroup
}

type tmplGroup struct {
	IssueID  string
	Name     string
	Findings []findingRow
}

// findingRow is one finding as the list shows it.
type findingRow struct {
	Hash    string
	BugID   string
	Status  string
	Comment string
	Where   string // first location: file:lines
	More    int    // further locations
	Subject string // the contract and function (or the like) it is about
}

// sections groups a report's findings by severity (most severe first), then template, keeping
// those f selects. It returns the sections, the count shown, and the counts of all findings by
// severity.
func sections(rep *report.ScanReport, f filter) ([]sevSection, int, map[string]int) {
	counts := map[string]int{}
	bySev := map[string]*sevSection{}
	shown := 0
	q := strings.ToLower(f.Q)
	for _, g := range rep.MultiFileScanDetails {
		if g == nil {
			continue
		}
		name := g.IssueID
		if g.TemplateDetails != nil && g.TemplateDetails.IssueName != "" {
			name = g.TemplateDetails.IssueName
		}
		groups := map[string]*tmplGroup{}
		for _, fd := range g.MetricWiseAggregatedFindings {
			if fd == nil {
				continue
			}
			sev := report.FindingSeverity(g, fd)
			counts[sev]++
			if f.Severity != "" && sev != f.Severity || f.Status != "" && fd.BugStatus != f.Status ||
				f.Template != "" && g.IssueID != f.Template {
				continue
			}
			row := rowOf(fd)
			if q != "" && !matches(q, g, name, fd, row) {
				continue
			}
			sec := bySev[sev]
			if sec == nil {
				sec = &sevSection{Severity: sev}
				bySev[sev] = sec
			}
			tg := groups[sev]
			if tg == nil {
				sec.Groups = append(sec.Groups, tmplGroup{IssueID: g.IssueID, Name: name})
				tg = &sec.Groups[len(sec.Groups)-1]
				groups[sev] = tg
			}
			tg.Findings = append(tg.Findings, row)
			sec.Count++
			shown++
		}
		// groups points into sec.Groups, which later appends may move: the map is per group
		// of the report, and each severity's slice grows by one template here at most.
	}
	var out []sevSection
	for _, sev := range severities {
		if s := bySev[sev]; s != nil {
			out = append(out, *s)
		}
	}
	for sev, s := range bySev { // a severity outside the known six, if any, goes last
		if !slices.Contains(severities, sev) {
			out = append(out, *s)
		}
	}
	return out, shown, counts
}

func rowOf(fd *report.Finding) findingRow {
	row := findingRow{Hash: fd.BugHash, BugID: fd.BugID, Status: fd.BugStatus, Comment: fd.Comment}
	if len(fd.Findings) > 0 && fd.Findings[0] != nil {
		l := fd.Findings[0]
		row.Where = l.FilePath
		if lines := formatLines(l); lines != "" {
			row.Where += ":" + lines
		}
		row.More = len(fd.Findings) - 1
	}
	var parts []string
	for _, k := range []string{"contract_name", "library_name", "function_name", "modifier_name"} {
		if v := fd.DescriptionDetails[k]; v != "" {
			parts = append(parts, v)
		}
	}
	row.Subject = strings.Join(parts, ".")
	return row
}

func matches(q string, g *report.Group, name string, fd *report.Finding, row findingRow) bool {
	for _, s := range []string{name, g.IssueID, fd.BugID, fd.BugHash, fd.Comment, row.Where, row.Subject} {
		if strings.Contains(strings.ToLower(s), q) {
			return true
		}
	}
	for _, l := range fd.Findings {
		if l != nil && strings.Contains(strings.ToLower(l.FilePath), q) {
			return true
		}
	}
	return false
}
