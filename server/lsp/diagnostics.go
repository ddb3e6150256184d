package lsp

import (
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
)

// item is one published diagnostic with what hover and code actions need.
type item struct {
	diag  protocol.Diagnostic
	id    string // detector id; "" for notices (an incomplete analysis), which have no quick fix
	hover string // Markdown
}

// fileResult is what the editor was last told about a file.
type fileResult struct {
	txt   *text // the text the diagnostics were computed on
	items []item
}

// severity maps Vigil's severities onto the editor's four levels.
func severity(sev string) protocol.DiagnosticSeverity {
	switch strings.ToLower(sev) {
	case "critical", "high":
		return protocol.DiagnosticSeverityError
	case "medium":
		return protocol.DiagnosticSeverityWarning
	case "low":
		return protocol.DiagnosticSeverityInformation
	default: // informational, gas
		return protocol.DiagnosticSeverityHint
	}
}

// items converts the findings and analysis gaps of one file of a scan into diagnostics.
func (s *Server) items(res *scan.Result, rel string, txt *text) []item {
	var out []item
	for _, g := range res.Report.MultiFileScanDetails {
		t := g.TemplateDetails
		if t == nil {
			continue
		}
		for _, f := range g.MetricWiseAggregatedFindings {
			sev := report.FindingSeverity(g, f)
			if s.cfg.MinSeverity != "" && report.SeverityRank(sev) > report.SeverityRank(s.cfg.MinSeverity) {
				continue
			}
			for _, loc := range f.Findings {
				if loc.FilePath != rel {
					continue
				}
				for i, line := range loc.LineNosStart {
					endLine := line
					if i < len(loc.LineNosEnd) {
						endLine = loc.LineNosEnd[i]
					}
					column, endColumn := loc.Column, loc.EndColumn
					if i > 0 {
						column, endColumn = 0, 0
					}
					out = append(out, s.findingItem(g, f, sev, txt.findingRange(line, column, endLine, endColumn)))
				}
			}
		}
	}
	if res.Report.Coverage != nil {
		for _, g := range res.Report.Coverage.Gaps {
			if g.File == rel {
				out = append(out, gapItem(txt, g))
			}
		}
	}
	return out
}

func (s *Server) findingItem(g *report.Group, f *report.Finding, sev string, rng protocol.Range) item {
	t := g.TemplateDetails
	level := severity(sev)
	d := protocol.Diagnostic{
		Range:    rng,
		Severity: &level,
		Code:     &protocol.IntegerOrString{Value: t.IssueID},
		Source:   &[]string{"vigil"}[0],
		Message:  t.IssueName + ": " + report.PlainDescription(g, f),
	}
	link := s.docs.link(t)
	if link != "" {
		d.CodeDescription = &protocol.CodeDescription{HRef: link}
	}
	hover := "**" + t.IssueName + "** · `" + t.IssueID + "` · " + sev + " severity · " + report.FindingConfidence(g, f) + " confidence\n\n" +
		report.MarkdownText(report.Fill(g, f)) + "\n\n**Remediation**\n\n" + report.MarkdownText(t.IssueRemediation)
	if link != "" {
		hover += "\n\n[About " + t.IssueID + "](" + link + ")"
	}
	return item{diag: d, id: t.IssueID, hover: hover}
}

// gapItem tells that part of a file was not analysed: findings there may be missing.
func gapItem(txt *text, g report.Gap) item {
	level := protocol.DiagnosticSeverityInformation
	line := 1
	if g.Kind == report.GapNotParsed {
		level = protocol.DiagnosticSeverityWarning
		line = max(g.Line, 1)
	}
	msg := "Vigil did not fully analyse this file (" + strings.ReplaceAll(g.Kind, "_", " ") + "), findings may be missing: " + g.Reason
	it := notice(txt, msg)
	it.diag.Severity = &level
	it.diag.Range = txt.findingRange(line, 0, line, 0)
	return it
}

// notice is an informational diagnostic on the first line of a file.
func notice(txt *text, msg string) item {
	level := protocol.DiagnosticSeverityInformation
	return item{diag: protocol.Diagnostic{Range: txt.findingRange(1, 0, 1, 0), Severity: &level, Source: &[]string{"vigil"}[0], Message: msg},
		hover: msg}
}

// findingRange converts a finding's Vigil location into an LSP range. Without a column the
// range starts at the line's first non-blank character; without an end column it runs to the
// end of the last line's text.
func (t *text) findingRange(line, column, endLine, endColumn int) protocol.Range {
	start, end, _ := t.vigilLine(line)
	from := start
	if column > 0 {
		from = t.vigilOffset(line, column)
	} else {
		for from < end && (t.src[from] == ' ' || t.src[from] == '\t') {
			from++
		}
	}
	to := 0
	if endColumn > 0 {
		to = t.vigilOffset(max(endLine, line), endColumn)
	} else {
		_, to, _ = t.vigilLine(max(endLine, line))
	}
	if to <= from {
		to = max(end, from)
	}
	return protocol.Range{Start: t.position(from), End: t.position(to)}
}

// publish sends a file's diagnostics, unless the file changed since the scan began (gen).
func (s *Server) publish(uri string, gen int, version *protocol.Integer, txt *text, items []item) {
	s.mu.Lock()
	if s.gens[uri] != gen || s.shutdown {
		s.mu.Unlock()
		return
	}
	s.published[uri] = &fileResult{txt: txt, items: items}
	s.mu.Unlock()
	params := protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: make([]protocol.Diagnostic, 0, len(items))}
	for _, it := range items {
		params.Diagnostics = append(params.Diagnostics, it.diag)
	}
	if version != nil && *version >= 0 {
		v := protocol.UInteger(*version)
		params.Version = &v
	}
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, params)
}
