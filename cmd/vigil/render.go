package main

import (
	"encoding/json"
	"io"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf"
)

// formats are the report formats, as --format lists them.
const formats = "json, table, sarif, github, markdown, pdf or html"

// renderOptions says how a report is rendered besides its format.
type renderOptions struct {
	// location is the scanned local folder, which SARIF and annotation paths are placed from.
	location string
	color    bool
	// maxBytes bounds the Markdown (0: the size of a GitHub comment).
	maxBytes int
	// changed, when non-nil, limits GitHub annotations to these repository paths.
	changed map[string]bool
	// width is the table's width in columns (0: 80); all lists every finding in the table.
	width int
	all   bool
}

// render writes a scan report in a format. source gives a file's lines for excerpts (nil: none).
func render(out io.Writer, format string, rep *report.ScanReport, source func(string) []string, o renderOptions) error {
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
		return report.WriteTable(out, rep, excerpt, report.TableOptions{Color: o.color, Width: o.width, All: o.all})
	case "sarif":
		return report.WriteSARIF(out, rep, sarifOptions(o.location))
	case "github":
		return report.WriteGitHub(out, rep, report.GitHubOptions{RootPrefix: sarifOptions(o.location).RootPrefix, Only: o.changed})
	case "markdown":
		return report.WriteMarkdown(out, rep, excerpt, o.maxBytes)
	case "pdf":
		return pdf.Write(out, pdf.Input{Report: rep, Source: source, Generated: time.Now(), ToolVersion: toolVersion()})
	case "html":
		return html.Write(out, html.Input{Report: rep, Source: source, Generated: time.Now(), ToolVersion: toolVersion()})
	default:
		return usageError("--format must be %s, not %q", formats, format)
	}
}

// checkFormat validates --format and --max-bytes before any work is done.
func checkFormat(format string, maxBytes int) error {
	switch format {
	case "json", "table", "sarif", "github", "markdown", "pdf", "html":
	default:
		return usageError("--format must be %s, not %q", formats, format)
	}
	if maxBytes != 0 && maxBytes < report.MinMarkdownBytes {
		return usageError("--max-bytes must be at least %d (room for the summary), not %d", report.MinMarkdownBytes, maxBytes)
	}
	return nil
}
