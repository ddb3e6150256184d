// Package pdf renders a scan report as a PDF document that a team can hand to its auditors and
// investors: cover, table of contents with page numbers, severity classification, executive
// summary with a severity chart, findings table, one section per finding group with code
// excerpts, scan history, methodology and disclaimer.
//
// Usage:
//
//	res, _ := scan.Run(ctx, ws, scan.Options{})
//	err := pdf.Write(w, pdf.Input{Report: res.Report, Source: res.Source})
//
// The content is decided by package report/pdf/document (shared with report/html); this
// package only lays it out, with github.com/go-pdf/fpdf (pure Go, no browser). The Go fonts
// (golang.org/x/image/font/gofont) are embedded as UTF-8 TrueType fonts, so identifiers and
// comments in Latin, Greek and Cyrillic scripts render as written; characters the fonts lack
// (CJK, emoji) are shown as <U+XXXX> instead of disappearing. Long code lines wrap with a marker,
// tables repeat their header on each page, and nothing is fetched at run time.
//
// Large scans are bounded by document.Limits: excerpts, table rows and findings per section are
// capped, and each cap leaves a note where it applies.
package pdf
