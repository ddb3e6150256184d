package main

import (
	"encoding/json"
	"io"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf"
)

// render writes a scan report in a format. source gives a file's lines for excerpts (nil: none);
// location is the scanned local folder, which SARIF paths are placed from.
func render(out io.Writer, format string, rep *report.ScanReport, source func(string) []string, location string, color bool) error {
	var excerpt report.Excerpt
	if source != nil {
		excerpt = func(path string, from, to int) []string {
			lines := source(path)
			if from < 1 || from > len(lines) {
				return nil
			}
			return lines[from-1 : min(to, len(lines))]
		}
	}
	switch format {
	case "json":
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(report.Envelope{ScanReport: rep})
	case "table":
		return report.WriteTable(out, rep, excerpt, color)
	case "sarif":
		return report.WriteSARIF(out, rep, sarifOptions(location))
	case "markdown":
		return report.WriteMarkdown(out, rep, excerpt)
	case "pdf":
		return pdf.Write(out, pdf.Input{Report: rep, Source: source, Generated: time.Now(), ToolVersion: toolVersion()})
	case "html":
		return html.Write(out, html.Input{Report: rep, Source: source, Generated: time.Now(), ToolVersion: toolVersion()})
	default:
		return usageError("--format must be json, table, sarif, markdown, pdf or html, not %q", format)
	}
}
