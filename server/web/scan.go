package web

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

type scanView struct {
	Report    *report.ScanReport
	Scan      store.Scan
	Project   store.Project
	Running   bool
	Progress  progress // while Running
	Filter    filter
	Sections  []sevSection // the findings of this page
	Pager     pager
	Shown     int // findings the filter selects, on every page
	Total     int // findings of the scan, dismissed ones included
	Counts    map[string]int
	Dismissed int // findings triage dismissed (not counted)
	Templates []templateOption
	Formats   []format
}

type templateOption struct{ ID, Name string }

func (v scanView) title() string { return "Scan of " + v.Project.Name }

// refresh reloads the page of a running scan every few seconds when JavaScript is off (with
// JavaScript the progress arrives over server-sent events).
func (v scanView) refresh() int {
	if v.Running {
		return 3
	}
	return 0
}

func (v scanView) Elapsed() string { return elapsed(v.Scan) }

func elapsed(sc store.Scan) string {
	switch {
	case !sc.FinishedAt.IsZero() && !sc.StartedAt.IsZero():
		return sc.FinishedAt.Sub(sc.StartedAt).Round(time.Second).String()
	case !sc.StartedAt.IsZero():
		return time.Since(sc.StartedAt).Round(time.Second).String()
	}
	return ""
}

func running(status string) bool {
	return status == report.StatusQueued || status == report.StatusInProgress
}

// scanPage is GET /scans/{id}: progress while the scan runs, then its findings.
func (h *Handler) scanPage(w http.ResponseWriter, r *http.Request, s *session) {
	sc, err := h.cfg.Store.GetScanMeta(r.Context(), s.clientID, r.PathValue("id"))
	if err != nil {
		h.notFound(w, r, err)
		return
	}
	p, err := h.cfg.Store.GetProject(r.Context(), s.clientID, sc.ProjectID)
	if err != nil {
		h.notFound(w, r, err)
		return
	}
	rep, err := h.cfg.Backend.Report(r.Context(), s.clientID, sc.ID)
	if err != nil {
		h.notFound(w, r, err)
		return
	}
	v := scanView{Report: rep, Scan: sc, Project: p, Running: running(sc.Status), Progress: progressOf(sc), Filter: filterOf(r.URL.Query())}
	all, shown, counts, dismissed := sections(rep, v.Filter)
	v.Shown, v.Counts, v.Dismissed = shown, counts, dismissed
	for _, n := range v.Counts {
		v.Total += n
	}
	v.Total += dismissed
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	v.Pager = pagerOf(sc.ID, v.Filter, min(max(page, 1), max(1, (shown+pageSize-1)/pageSize)), shown)
	v.Sections = pageOf(all, v.Pager.Page)
	seen := map[string]bool{}
	for _, g := range rep.MultiFileScanDetails {
		if g != nil && !seen[g.IssueID] {
			seen[g.IssueID] = true
			name := g.IssueID
			if g.TemplateDetails != nil && g.TemplateDetails.IssueName != "" {
				name = g.TemplateDetails.IssueName
			}
			v.Templates = append(v.Templates, templateOption{g.IssueID, name})
		}
	}
	sort.Slice(v.Templates, func(i, j int) bool { return v.Templates[i].Name < v.Templates[j].Name })
	if sc.Status == report.StatusDone {
		v.Formats = formats
	}
	h.render(w, r, http.StatusOK, "scan", v)
}

type format struct{ Name, Label, Ext, Type string }

// formats are the report downloads of a finished scan.
var formats = []format{
	{"json", "JSON", "json", "application/json"},
	{"sarif", "SARIF", "sarif", "application/sarif+json"},
	{"markdown", "Markdown", "md", "text/markdown; charset=utf-8"},
	{"html", "HTML", "html", "text/html; charset=utf-8"},
	{"pdf", "PDF", "pdf", "application/pdf"},
}

// download is GET /scans/{id}/report/{format}: the report as a file.
func (h *Handler) download(w http.ResponseWriter, r *http.Request, s *session) {
	i := slices.IndexFunc(formats, func(f format) bool { return f.Name == r.PathValue("format") })
	if i < 0 {
		h.fail(w, r, http.StatusNotFound, "no such report format", nil)
		return
	}
	f := formats[i]
	sc, err := h.cfg.Store.GetScanMeta(r.Context(), s.clientID, r.PathValue("id"))
	if err != nil {
		h.notFound(w, r, err)
		return
	}
	if sc.Status != report.StatusDone {
		h.fail(w, r, http.StatusConflict, "the scan has not finished successfully; there is no report yet", nil)
		return
	}
	var buf bytes.Buffer
	if err := h.cfg.Backend.WriteReport(r.Context(), &buf, s.clientID, sc.ID, f.Name); err != nil {
		h.fail(w, r, http.StatusInternalServerError, "the report could not be generated", err)
		return
	}
	if f.Name == "html" { // a self-contained document: forbid everything it does not need
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
	}
	w.Header().Set("Content-Type", f.Type)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="vigil-%s.%s"`, sc.ID, f.Ext))
	w.Write(buf.Bytes())
}
