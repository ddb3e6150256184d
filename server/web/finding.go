package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/store"
)

type findingView struct {
	Scan        store.Scan
	Project     store.Project
	Group       *report.Group
	Finding     *report.Finding
	Severity    string
	Confidence  string
	Name        string
	Description []string // paragraphs of plain text
	Remediation []string
	Code        []codeWindow
	History     []historyRow
	Note        projects.Note
	Saved       bool
	Error       string
}

func (v findingView) title() string { return v.Name + " (" + v.Finding.BugID + ")" }

// codeWindow is one location of a finding with its lines.
type codeWindow struct {
	File  string
	Lines string
	Code  []codeLine
}

// historyRow says whether a bug hash was found by one scan of the project.
type historyRow struct {
	Scan  store.Scan
	Found bool
	Own   bool // the scan the page is about
}

// findingPage is GET /scans/{id}/findings/{hash}: one finding with its code, its template's
// description and remediation, its history across the project's scans, and the triage form.
func (h *Handler) findingPage(w http.ResponseWriter, r *http.Request, s *session) {
	v, ok := h.loadFinding(w, r, s)
	if !ok {
		return
	}
	v.Saved = r.URL.Query().Get("saved") == "1"
	h.render(w, r, http.StatusOK, "finding", v)
}

func (h *Handler) loadFinding(w http.ResponseWriter, r *http.Request, s *session) (findingView, bool) {
	ctx := r.Context()
	var v findingView
	sc, err := h.cfg.Store.GetScanMeta(ctx, s.clientID, r.PathValue("id"))
	if err != nil {
		h.notFound(w, r, err)
		return v, false
	}
	p, err := h.cfg.Store.GetProject(ctx, s.clientID, sc.ProjectID)
	if err != nil {
		h.notFound(w, r, err)
		return v, false
	}
	rep, err := h.cfg.Backend.Report(ctx, s.clientID, sc.ID)
	if err != nil {
		h.notFound(w, r, err)
		return v, false
	}
	hash := r.PathValue("hash")
	for _, g := range rep.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if g != nil && f != nil && f.BugHash == hash && v.Finding == nil {
				v.Group, v.Finding = g, f
			}
		}
	}
	if v.Finding == nil {
		h.fail(w, r, http.StatusNotFound, "this scan has no finding with that hash", nil)
		return v, false
	}
	v.Scan, v.Project = sc, p
	v.Severity = report.FindingSeverity(v.Group, v.Finding)
	v.Confidence = report.FindingConfidence(v.Group, v.Finding)
	v.Name = v.Group.IssueID
	if t := v.Group.TemplateDetails; t != nil {
		if t.IssueName != "" {
			v.Name = t.IssueName
		}
		v.Remediation = paragraphs(report.PlainText(t.IssueRemediation))
	}
	v.Description = paragraphs(report.PlainDescription(v.Group, v.Finding))
	v.Code = h.codeOf(r, s, sc.ID, v.Finding)
	notes, err := h.cfg.Backend.Notes(ctx, s.clientID, p.ID)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return v, false
	}
	v.Note = notes[hash]
	if v.History, err = h.historyOf(r, s, p.ID, sc.ID, hash); err != nil {
		h.fail(w, r, http.StatusInternalServerError, "internal error", err)
		return v, false
	}
	return v, true
}

// contextLines is how many lines around a finding the page shows (the scan keeps a few).
const contextLines = 4

func (h *Handler) codeOf(r *http.Request, s *session, scanID string, f *report.Finding) []codeWindow {
	src := h.cfg.Backend.Source(r.Context(), s.clientID, scanID)
	var out []codeWindow
	for _, l := range f.Findings {
		if l == nil {
			continue
		}
		cw := codeWindow{File: l.FilePath, Lines: formatLines(l)}
		var lines []string
		if src != nil {
			lines = src(l.FilePath)
		}
		for i, start := range l.LineNosStart {
			end := start
			if i < len(l.LineNosEnd) && l.LineNosEnd[i] >= start {
				end = l.LineNosEnd[i]
			}
			from, to := max(1, start-contextLines), min(len(lines), end+contextLines)
			if from > to || i >= 20 {
				continue
			}
			code := highlight(l.FilePath, from, lines[from-1:to])
			for j := range code {
				code[j].Hit = code[j].No >= start && code[j].No <= end
			}
			cw.Code = append(cw.Code, code...)
		}
		out = append(out, cw)
	}
	return out
}

// historyOf lists the project's recent finished scans and whether each found the bug hash.
func (h *Handler) historyOf(r *http.Request, s *session, projectID, scanID, hash string) ([]historyRow, error) {
	scans, err := h.cfg.Store.ProjectScans(r.Context(), s.clientID, projectID, historyLimit)
	if err != nil {
		return nil, err
	}
	var out []historyRow
	for _, sc := range scans {
		if sc.Status != report.StatusDone || len(sc.Report) == 0 {
			continue
		}
		row := historyRow{Found: reportHasHash(sc.Report, hash), Own: sc.ID == scanID}
		sc.Report = nil
		row.Scan = sc
		out = append(out, row)
	}
	return out, nil
}

// reportHasHash says whether a stored report has a finding with the hash. Reports are stored
// as encoding/json writes them, and bug hashes are URL-safe base64-like text, so the field's
// exact text is there if and only if the finding is: no need to decode the whole report.
func reportHasHash(data []byte, hash string) bool {
	quoted, _ := json.Marshal(hash)
	return bytes.Contains(data, append([]byte(`"bug_hash":`), quoted...))
}

func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// triage is POST /scans/{id}/findings/{hash}/triage: status and comment for the bug hash,
// kept for the project's later scans. An htmx request gets the triage part of the page back.
func (h *Handler) triage(w http.ResponseWriter, r *http.Request, s *session) {
	status := r.PostFormValue("status")
	comment := strings.TrimSpace(r.PostFormValue("comment"))
	v, ok := h.loadFinding(w, r, s)
	if !ok {
		return
	}
	switch {
	case !slices.Contains(bugStatuses, status):
		v.Error = "Choose a status."
	case len(comment) > 4000:
		v.Error = "The comment is too long (at most 4,000 characters)."
	}
	if v.Error != "" {
		h.render(w, r, http.StatusBadRequest, "finding", v)
		return
	}
	if err := h.cfg.Backend.Triage(r.Context(), s.clientID, v.Project.ID, v.Finding.BugHash, status, comment, s.keyName); err != nil {
		h.notFound(w, r, err)
		return
	}
	http.Redirect(w, r, "/scans/"+pathEscape(v.Scan.ID)+"/findings/"+pathEscape(v.Finding.BugHash)+"?saved=1#triage", http.StatusSeeOther)
}
