package web

import (
	"net/url"
	"slices"
	"strconv"
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
	Count    int // findings listed (on this page)
	Total    int // findings of the severity the filter selects, on every page
	Groups   []tmplGroup
}

type tmplGroup struct {
	IssueID  string
	Name     string
	Findings []findingRow
	Total    int // the template's findings the filter selects, on every page
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
// those f selects. It returns the sections, the count selected, and the counts of all findings
// by severity (those triage dismissed counted apart, as dismissed: they leave the counts).
func sections(rep *report.ScanReport, f filter) ([]sevSection, int, map[string]int, int) {
	counts := map[string]int{}
	dismissed := 0
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
			if report.Dismissed(fd) {
				dismissed++
			} else {
				counts[sev]++
			}
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
	return out, shown, counts, dismissed
}

// pageSize is how many findings one page of a scan lists: a scan of a large project has tens of
// thousands, which one page cannot carry (36k findings made a page of 10.9 MB).
const pageSize = 200

// pageOf keeps the findings of page n (from 1) of the sections, in order.
func pageOf(secs []sevSection, n int) []sevSection {
	from, to := (n-1)*pageSize, n*pageSize
	i := 0
	var out []sevSection
	for _, sec := range secs {
		kept := sevSection{Severity: sec.Severity}
		for _, g := range sec.Groups {
			var rows []findingRow
			for _, row := range g.Findings {
				if i >= from && i < to {
					rows = append(rows, row)
				}
				i++
			}
			if len(rows) > 0 {
				kept.Groups = append(kept.Groups, tmplGroup{IssueID: g.IssueID, Name: g.Name, Findings: rows, Total: len(g.Findings)})
				kept.Count += len(rows)
			}
		}
		if len(kept.Groups) > 0 {
			kept.Total = sec.Count
			out = append(out, kept)
		}
	}
	return out
}

// pager is the page links of a scan's findings: each keeps the filter.
type pager struct {
	Page, Pages int
	From, To    int // the findings shown, from 1
	Prev, Next  string
}

func pagerOf(scanID string, f filter, page, selected int) pager {
	p := pager{Page: page, Pages: max(1, (selected+pageSize-1)/pageSize)}
	p.From, p.To = min(selected, (page-1)*pageSize+1), min(selected, page*pageSize)
	link := func(n int) string {
		q := url.Values{}
		for k, v := range map[string]string{"q": f.Q, "severity": f.Severity, "status": f.Status, "template": f.Template} {
			if v != "" {
				q.Set(k, v)
			}
		}
		if n > 1 {
			q.Set("page", strconv.Itoa(n))
		}
		if len(q) == 0 {
			return "/scans/" + url.PathEscape(scanID)
		}
		return "/scans/" + url.PathEscape(scanID) + "?" + q.Encode()
	}
	if page > 1 {
		p.Prev = link(page - 1)
	}
	if page < p.Pages {
		p.Next = link(page + 1)
	}
	return p
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
