package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
)

//go:embed templates/*.html
var templateFS embed.FS

// pages are the parsed templates, one set per page, each with the shared layout.
type pages struct{ byName map[string]*template.Template }

func parsePages() (*pages, error) {
	shared := []string{"templates/layout.html", "templates/parts.html"}
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	p := &pages{byName: map[string]*template.Template{}}
	for _, n := range names {
		base := strings.TrimSuffix(path.Base(n), ".html")
		if base == "layout" || base == "parts" {
			continue
		}
		t, err := template.New(base).Funcs(funcs).ParseFS(templateFS, append(shared, n)...)
		if err != nil {
			return nil, fmt.Errorf("web: template %s: %w", n, err)
		}
		p.byName[base] = t
	}
	return p, nil
}

// page is what every page's template gets: the page's own data in Data.
type page struct {
	Title    string
	Signed   bool
	KeyName  string
	CSRF     string
	Refresh  int // seconds; a <noscript> meta refresh while a scan runs
	Data     any
	Fragment bool // htmx asked for the page's main part only
}

// render writes a page. Templates run into a buffer first so that a failing template gives a
// clean 500 instead of half a page.
func (h *Handler) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	p := page{Data: data, Title: titles[name]}
	if s := sessionOf(r.Context()); s != nil {
		p.Signed, p.KeyName, p.CSRF = true, s.keyName, s.csrf
	}
	if v, ok := data.(interface{ refresh() int }); ok {
		p.Refresh = v.refresh()
	}
	if v, ok := data.(interface{ title() string }); ok {
		p.Title = v.title()
	}
	t := h.pages.byName[name]
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", p); err != nil {
		h.cfg.Log.ErrorContext(r.Context(), "dashboard: rendering", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

var titles = map[string]string{
	"login": "Sign in", "projects": "Projects", "project": "Project", "scan": "Scan", "finding": "Finding",
	"blockscan": "Scan a deployed contract", "tokenscan": "Scan a Solana token", "tokenresult": "Token scan",
	"error": "Error", "deleteproject": "Delete project",
}

// severities in the order pages show them.
var severities = []string{"critical", "high", "medium", "low", "informational", "gas"}

// bugStatuses are the triage decisions, in the order the form offers them.
var bugStatuses = []string{report.BugPendingFix, report.BugFalsePositive, report.BugWontFix, report.BugFixed}

// statusLabels name statuses; the triage words are report.StatusLabel's, as in every format.
var statusLabels = map[string]string{
	report.BugPendingFix: report.StatusLabel(report.BugPendingFix), report.BugFalsePositive: report.StatusLabel(report.BugFalsePositive),
	report.BugWontFix: report.StatusLabel(report.BugWontFix), report.BugFixed: report.StatusLabel(report.BugFixed),
	report.StatusQueued: "Queued", report.StatusInProgress: "Scanning", report.StatusDone: "Done", report.StatusFailed: "Failed",
}

var funcs = template.FuncMap{
	"label": func(s string) string {
		if l, ok := statusLabels[s]; ok {
			return l
		}
		return s
	},
	"when": func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04 UTC")
	},
	"iso": func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"title": func(s string) string {
		if s == "" {
			return s
		}
		return strings.ToUpper(s[:1]) + s[1:]
	},
	"severities":  func() []string { return severities },
	"bugStatuses": func() []string { return bugStatuses },
	"pathEscape":  pathEscape,
	"lines":       formatLines,
	"plural":      report.Plural,
	"notCounted":  report.NotCountedLine,
	"first":       func(s []string, n int) []string { return s[:min(n, len(s))] },
	"sub":         func(a, b int) int { return a - b },
	"references":  report.References,
}

// formatLines writes a location's line ranges: "12", "12-15, 40".
func formatLines(l *report.Location) string {
	var parts []string
	for i, s := range l.LineNosStart {
		e := s
		if i < len(l.LineNosEnd) {
			e = l.LineNosEnd[i]
		}
		if e > s {
			parts = append(parts, fmt.Sprintf("%d-%d", s, e))
		} else {
			parts = append(parts, fmt.Sprint(s))
		}
	}
	return strings.Join(parts, ", ")
}
