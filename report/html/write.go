package html

import (
	"bufio"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/pdf/document"
)

// Input is what a report is made from (see document.Input).
type Input = document.Input

// HistoryEntry is one earlier scan of the project (see document.HistoryEntry).
type HistoryEntry = document.HistoryEntry

// Limits bounds the size of a report (see document.Limits).
type Limits = document.Limits

//go:embed report.html.tmpl
var pageTemplate string

//go:embed style.css
var styleSheet string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"rich":          richHTML,
	"colour":        func(sev string) template.CSS { return template.CSS(document.Colour(sev).Hex()) },
	"ratingColour":  func(r string) template.CSS { return template.CSS(document.RatingColour(r).Hex()) },
	"label":         document.Label,
	"status":        report.StatusLabel,
	"severityChart": severityChart,
	"scoreScale":    scoreScale,
	"historyChart":  historyChart,
	"plural":        report.Plural,
	"short": func(s string) string {
		if len(s) > 12 {
			return s[:12]
		}
		return s
	},
	"style":      func() template.CSS { return template.CSS(styleSheet) },
	"count":      func(m map[string]int, k string) int { return m[k] },
	"severities": func() []string { return []string{"critical", "high", "medium", "low", "informational", "gas"} },
}).Parse(pageTemplate))

// Write renders the report of in as one HTML file to w.
func Write(w io.Writer, in Input) error {
	doc, err := document.Build(in)
	if err != nil {
		return err
	}
	return Render(w, doc)
}

// Render writes an already built document.
func Render(w io.Writer, doc *document.Document) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := page.Execute(bw, doc); err != nil {
		return fmt.Errorf("html: %w", err)
	}
	return bw.Flush()
}

// richHTML writes prose with inline code as paragraphs; every text is escaped.
func richHTML(r document.Rich) template.HTML {
	var b strings.Builder
	for _, p := range r {
		b.WriteString("<p>")
		for _, s := range p {
			if s.Code {
				b.WriteString("<code>")
				b.WriteString(template.HTMLEscapeString(s.Text))
				b.WriteString("</code>")
			} else {
				b.WriteString(template.HTMLEscapeString(s.Text))
			}
		}
		b.WriteString("</p>")
	}
	return template.HTML(b.String())
}
