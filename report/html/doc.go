// Package html renders a scan report as one self-contained HTML file: the same content as the
// PDF report (report/pdf) — cover, contents, severity classification, executive summary with
// an inline SVG severity chart, findings table, one section per finding group with code
// excerpts, scan history, methodology and disclaimer — with inline CSS and SVG, no scripts and no
// external fetches, so it opens offline and can be attached to an e-mail or archived as is.
//
// Usage:
//
//	res, _ := scan.Run(ctx, ws, scan.Options{})
//	err := html.Write(w, html.Input{Report: res.Report, Source: res.Source})
//
// Content is decided by report/pdf/document; every value from the report is escaped by
// html/template, and control or bidirectional characters in code are shown as <U+202E>. The
// page prints well too (the print style sheet keeps sections and code together).
package html
