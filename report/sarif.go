package report

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// SARIF 2.1.0, as GitHub code scanning reads it: one rule per template (help in Markdown,
// security-severity, precision from confidence, tags), results with regions, and
// partialFingerprints.primaryLocationLineHash from the bug_hash so that alerts survive rescans.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool                     sarifTool                `json:"tool"`
	VersionControlProvenance []sarifVersionControl    `json:"versionControlProvenance,omitempty"`
	OriginalURIBaseIDs       map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	Invocations              []sarifInvocation        `json:"invocations"`
	Results                  []sarifResult            `json:"results"`
}

// sarifInvocation says whether the scan analysed everything: an incomplete scan is
// executionSuccessful false, with one notification per gap (what was not analysed and why).
type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	// ToolConfigurationNotifications says which settings changed what the run reports.
	ToolConfigurationNotifications []sarifNotification `json:"toolConfigurationNotifications,omitempty"`
}

type sarifNotification struct {
	Level      string            `json:"level"`
	Message    sarifText         `json:"message"`
	Locations  []sarifLocation   `json:"locations,omitempty"`
	Descriptor *sarifDescriptor  `json:"descriptor,omitempty"`
	Properties map[string]string `json:"properties,omitempty"`
}

type sarifDescriptor struct {
	ID string `json:"id"`
}

// sarifInvocations reports the scan's coverage gaps.
func sarifInvocations(r *ScanReport, prefix string) []sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: !r.Incomplete()}
	if note := r.ConfigNotice(); note != "" {
		inv.ToolConfigurationNotifications = []sarifNotification{{Level: "warning", Message: sarifText{Text: note},
			Descriptor: &sarifDescriptor{ID: "configuration-changes-gate"}}}
	}
	if warning := r.Warning(); warning != "" {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
			Level: "error", Message: sarifText{Text: warning}, Descriptor: &sarifDescriptor{ID: "incomplete-scan"},
		})
		summarised := false
		for _, g := range r.Coverage.Gaps {
			text := g.String()
			if g.Kind == GapNotResolved { // one notification for all, placed at the first
				if summarised {
					continue
				}
				text, summarised = unresolvedLine(r.Coverage.Gaps), true
			}
			n := sarifNotification{Level: "error", Message: sarifText{Text: text}, Descriptor: &sarifDescriptor{ID: g.Kind},
				Properties: map[string]string{}}
			if g.File != "" {
				n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysical{
					ArtifactLocation: sarifArtifact{URI: artifactURI(prefix, g.File), URIBaseID: "%SRCROOT%"}}}}
				if g.Line > 0 {
					n.Locations[0].PhysicalLocation.Region = &sarifRegion{StartLine: g.Line, EndLine: g.Line}
				}
			}
			for k, v := range map[string]string{"contract": g.Contract, "function": g.Function, "detector": g.Detector} {
				if v != "" {
					n.Properties[k] = v
				}
			}
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
		}
		if r.Coverage.GapsElided > 0 {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
				Level: "error", Message: sarifText{Text: r.Coverage.elidedLine()}})
		}
	}
	if d := r.NewSince; d != nil {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
			Level: "note", Message: sarifText{Text: d.Summary()}, Descriptor: &sarifDescriptor{ID: "new-since"},
			Properties: map[string]string{"ref": d.Ref, "merge_base": d.MergeBase, "new": fmt.Sprint(d.New),
				"fixed": fmt.Sprint(d.Fixed), "unchanged": fmt.Sprint(d.Unchanged)}})
	}
	return []sarifInvocation{inv}
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name"`
	ShortDescription     sarifText         `json:"shortDescription"`
	FullDescription      sarifText         `json:"fullDescription"`
	HelpURI              string            `json:"helpUri"`
	Help                 sarifHelp         `json:"help"`
	DefaultConfiguration sarifConfig       `json:"defaultConfiguration"`
	Properties           sarifRuleProperty `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifRuleProperty struct {
	Tags             []string `json:"tags"`
	Precision        string   `json:"precision"`
	SecuritySeverity string   `json:"security-severity"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]string `json:"properties,omitempty"`
	// Suppressions carries a triage decision that the finding is not to be acted on (false
	// positive, won't fix), made outside the code: viewers hide or dim such results.
	Suppressions []sarifSuppression `json:"suppressions,omitempty"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Status        string `json:"status"`
	Justification string `json:"justification,omitempty"`
}

// sarifSuppressions is the suppression of a finding triaged false positive or won't fix.
func sarifSuppressions(f *Finding) []sarifSuppression {
	if f.BugStatus != BugFalsePositive && f.BugStatus != BugWontFix {
		return nil
	}
	why := StatusLabel(f.BugStatus)
	if c := strings.TrimSpace(f.Comment); c != "" {
		why += ": " + c
	}
	return []sarifSuppression{{Kind: "external", Status: "accepted", Justification: why}}
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI       string `json:"uri,omitempty"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine"`
}

// securitySeverity is GitHub's 0.0-10.0 scale: 9+ critical, 7+ high, 4+ medium, else low.
var securitySeverity = map[string]string{
	"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "3.0", "informational": "1.0", "gas": "0.5",
}

func sarifLevel(sev string) string {
	switch sev {
	case "critical", "high":
		return "error"
	case "medium":
		return "warning"
	}
	return "note"
}

func precision(conf string) string {
	switch confidenceOf(conf) {
	case "high":
		return "high"
	case "medium":
		return "medium"
	}
	return "low"
}

var (
	tagRe      = regexp.MustCompile(`<[^>]*>`)
	blockTagRe = regexp.MustCompile(`(?i)</?(p|br|li|ul|ol|div|h[1-6]|tr|td|th|table|blockquote|pre)\b[^>]*>`)
	spacesRe   = regexp.MustCompile(`[ \t]{2,}`)
)

// stripHTML turns the templates' small HTML into plain text. A block tag separates words
// ("zero.</p><p>Usage" must not read "zero.Usage"); inline tags (<code>) do not.
func stripHTML(s string) string {
	s = blockTagRe.ReplaceAllString(s, " ")
	s = spacesRe.ReplaceAllString(tagRe.ReplaceAllString(s, ""), " ")
	s = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'").Replace(s)
	return strings.TrimSpace(s)
}

// htmlToMarkdown turns <code> into backticks and drops other tags.
func htmlToMarkdown(s string) string {
	s = strings.NewReplacer("<code>", "`", "</code>", "`", "<p>", "", "</p>", "\n\n").Replace(s)
	return stripHTML(s)
}

// WriteSARIF writes the report as a SARIF 2.1.0 log. Paths are relative to the repository root
// (see SARIFOptions) under the %SRCROOT% base id, and percent-encoded.
func WriteSARIF(w io.Writer, r *ScanReport, o SARIFOptions) error {
	run := sarifRun{Tool: sarifTool{Driver: sarifDriver{
		Name: "Vigil", InformationURI: "https://github.com/vigil-sec/vigil", Version: o.ToolVersion, Rules: []sarifRule{},
	}}, Invocations: sarifInvocations(r, o.RootPrefix), Results: []sarifResult{}}
	run.VersionControlProvenance = versionControl(r)
	if o.RootURI != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{"%SRCROOT%": {URI: o.RootURI}}
	}
	ruleIndex := map[string]int{}
	groups := append([]*Group(nil), r.MultiFileScanDetails...)
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].IssueID < groups[j].IssueID })
	for _, g := range groups {
		t := g.TemplateDetails
		if t == nil {
			continue
		}
		if _, ok := ruleIndex[t.IssueID]; !ok {
			ruleIndex[t.IssueID] = len(run.Tool.Driver.Rules)
			tags := []string{"security", "solidity"}
			for _, id := range append(append([]string(nil), t.SWC...), t.CWE...) {
				tags = append(tags, strings.ToLower(id))
			}
			if strings.Contains(strings.ToLower(t.IssueSeverity), "gas") {
				tags = append(tags, "gas")
			}
			help := "## " + t.IssueName + "\n\n" + htmlToMarkdown(t.StaticIssueDescription) +
				"\n\n### Remediation\n\n" + htmlToMarkdown(t.IssueRemediation) + "\n\n### Detection\n\n" + t.DetectionLogic
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
				ID:                   t.IssueID,
				Name:                 ruleName(t.IssueName),
				ShortDescription:     sarifText{Text: t.IssueName},
				FullDescription:      sarifText{Text: stripHTML(t.StaticIssueDescription)},
				HelpURI:              RuleHelpURI(t),
				Help:                 sarifHelp{Text: stripHTML(t.StaticIssueDescription + " " + t.IssueRemediation), Markdown: help},
				DefaultConfiguration: sarifConfig{Level: sarifLevel(t.IssueSeverity)},
				Properties: sarifRuleProperty{Tags: tags, Precision: precision(t.IssueConfidence),
					SecuritySeverity: securitySeverity[t.IssueSeverity]},
			})
		}
		for _, f := range g.MetricWiseAggregatedFindings {
			sev := FindingSeverity(g, f)
			res := sarifResult{
				RuleID:              t.IssueID,
				RuleIndex:           ruleIndex[t.IssueID],
				Level:               sarifLevel(sev),
				Message:             sarifText{Text: stripHTML(fill(t.IssueDescription, f.DescriptionDetails))},
				PartialFingerprints: map[string]string{"primaryLocationLineHash": f.BugHash},
				Properties:          map[string]string{"bug_id": f.BugID, "severity": sev},
				Suppressions:        sarifSuppressions(f),
			}
			if f.BugStatus != "" && f.BugStatus != BugPendingFix {
				res.Properties["bug_status"] = f.BugStatus
			}
			for _, loc := range f.Findings {
				for i := range loc.LineNosStart {
					end := loc.LineNosStart[i]
					if i < len(loc.LineNosEnd) {
						end = loc.LineNosEnd[i]
					}
					res.Locations = append(res.Locations, sarifLocation{PhysicalLocation: sarifPhysical{
						ArtifactLocation: sarifArtifact{URI: artifactURI(o.RootPrefix, loc.FilePath), URIBaseID: "%SRCROOT%"},
						Region:           &sarifRegion{StartLine: loc.LineNosStart[i], StartColumn: loc.Column, EndLine: end},
					}})
				}
			}
			run.Results = append(run.Results, res)
		}
	}
	var cut int
	if run.Results, cut = capResults(run.Results, o.MaxResults); cut > 0 {
		inv := &run.Invocations[0]
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{
			Level: "warning", Descriptor: &sarifDescriptor{ID: "results-truncated"},
			Message: sarifText{Text: fmt.Sprintf("%d of %d results were left out: a SARIF run holds at most %d (the most severe were kept; the JSON report has them all)",
				cut, cut+len(run.Results), len(run.Results))},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

// ruleName makes a PascalCase rule name from the issue name.
func ruleName(s string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

var placeholderRe = regexp.MustCompile(`\$\{([a-zA-Z_][a-zA-Z0-9_]*)\}`)

// fill replaces ${key} placeholders with the finding's details.
func fill(desc string, details map[string]string) string {
	return placeholderRe.ReplaceAllStringFunc(desc, func(m string) string {
		if v, ok := details[m[2:len(m)-1]]; ok {
			return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(v)
		}
		return m
	})
}

// Fill returns a finding's description with its placeholders filled (HTML).
func Fill(g *Group, f *Finding) string {
	if g.TemplateDetails == nil {
		return ""
	}
	return fill(g.TemplateDetails.IssueDescription, f.DescriptionDetails)
}

// PlainText returns template HTML (a static description, a remediation) as plain text.
func PlainText(html string) string { return stripHTML(html) }

// MarkdownText returns template HTML as Markdown (code in backticks, paragraphs kept).
func MarkdownText(html string) string { return htmlToMarkdown(html) }

// PlainDescription returns a finding's filled description as plain text.
func PlainDescription(g *Group, f *Finding) string { return stripHTML(Fill(g, f)) }
