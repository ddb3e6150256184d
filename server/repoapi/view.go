package repoapi

import (
	"net/url"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// The WebSocket status and the REST details are views of the one report model the engine
// produces (report.ScanReport); nothing here looks at code.

// findingsOf lists a report's findings as detector findings, most severe first, then by file
// and line, so that two views of one report list them alike.
func findingsOf(rep *report.ScanReport) []detectorFinding {
	out := []detectorFinding{}
	for _, g := range rep.MultiFileScanDetails {
		title, conf := g.IssueID, ""
		if t := g.TemplateDetails; t != nil {
			title, conf = t.IssueName, t.IssueConfidence
		}
		for _, f := range g.MetricWiseAggregatedFindings {
			d := detectorFinding{
				DetectorID:   g.IssueID,
				Title:        title,
				Severity:     strings.ToLower(report.FindingSeverity(g, f)),
				Confidence:   confidenceLabel(f.Confidence, conf),
				BugHash:      f.BugHash,
				LineNosStart: []int{},
				LineNosEnd:   []int{},
			}
			if len(f.Findings) > 0 && f.Findings[0] != nil {
				loc := f.Findings[0]
				d.FilePath = loc.FilePath
				if loc.LineNosStart != nil {
					d.LineNosStart = loc.LineNosStart
				}
				if loc.LineNosEnd != nil {
					d.LineNosEnd = loc.LineNosEnd
				}
			}
			out = append(out, d)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ra, rb := report.SeverityRank(a.Severity), report.SeverityRank(b.Severity); ra != rb {
			return ra < rb
		}
		if a.FilePath != b.FilePath {
			return a.FilePath < b.FilePath
		}
		return firstLine(a) < firstLine(b)
	})
	return out
}

func firstLine(d detectorFinding) int {
	if len(d.LineNosStart) == 0 {
		return 0
	}
	return d.LineNosStart[0]
}

// confidenceLabel turns a finding's confidence (a label when a config override set it) or its
// template's issue_confidence (numeric text, 90/60/30 as scan.TemplateOf renders it) into the
// lower-case label of SPEC 2.6.
func confidenceLabel(override, templ string) string {
	switch v := strings.ToLower(strings.TrimSpace(override)); v {
	case "high", "medium", "low":
		return v
	}
	switch v := strings.ToLower(strings.TrimSpace(templ)); v {
	case "high", "medium", "low":
		return v
	case "":
		return "low"
	}
	n := 0
	for _, c := range templ {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
		if n > 1000 {
			break
		}
	}
	switch {
	case n >= 80:
		return "high"
	case n >= 50:
		return "medium"
	}
	return "low"
}

// distributionNoGas is issue_severity_distribution without gas, as repository scans on the
// second host show it (SPEC 2.4).
func distributionNoGas(s *report.Summary) map[string]int {
	out := map[string]int{}
	for _, sev := range report.Severities {
		if sev != "gas" {
			out[sev] = 0
		}
	}
	if s == nil {
		return out
	}
	for k, v := range s.IssueSeverityDistribution {
		if k != "gas" {
			out[k] = v
		}
	}
	return out
}

func summaryOf(rep *report.ScanReport) *report.Summary {
	if rep.MultiFileScanSummary != nil {
		return rep.MultiFileScanSummary
	}
	return &report.Summary{ScoreV2: "0"}
}

// statusOf builds a quick_scan_status message.
func statusOf(rep *report.ScanReport, requestUUID string, latest bool) scanStatusMsg {
	sum := summaryOf(rep)
	var pid *string
	if rep.ProjectID != "" {
		p := rep.ProjectID
		pid = &p
	}
	details := statusScans{
		IsLatestScan:   latest,
		WebhookEnabled: false, // public scans belong to no client with a webhook
		MultiFileScanSummary: statusSummary{
			IssueSeverityDistribution: distributionNoGas(sum),
			ScanTimeTaken:             sum.ScanTimeTaken,
			ScoreV2:                   orZero(sum.ScoreV2),
			LinesAnalyzedCount:        sum.LinesAnalyzedCount,
			ThreatScore:               sum.ThreatScore,
		},
		ProjectURL:           rep.ProjectURL,
		ScanID:               rep.ScanID,
		ScanStatus:           rep.ScanStatus,
		QuickFileScanDetails: findingsOf(rep),
	}
	if rep.ScanStatus == report.StatusFailed {
		details.ScanStatusErrMsg = rep.ScanStatusErrMsg
		if details.ScanStatusErrMsg == "" {
			details.ScanStatusErrMsg = "the scan failed"
		}
	}
	return scanStatusMsg{
		Type: typeScanStatus, RequestUUID: requestUUID, EventTimestamp: now(),
		Payload: scanStatusPayload{ScanID: rep.ScanID, ScanStatus: rep.ScanStatus, ProjectID: pid, ScanDetails: details},
	}
}

func orZero(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

// detailsOf builds the answer of POST /app/api-get-rust-details/.
func detailsOf(rep *report.ScanReport) detailsResponse {
	sum := summaryOf(rep)
	findings := findingsOf(rep)
	scansRan := sum.ScansRan
	if scansRan == nil {
		scansRan = []string{}
	}
	src := source(rep)
	d := scanDetails{
		ScanID:               rep.ScanID,
		ProjectURL:           rep.ProjectURL,
		ProjectName:          rep.ProjectName,
		ScanType:             src.kind,
		IsZipScan:            false,
		ProjectIcon:          src.icon,
		QuickFileScanDetails: findings,
		FindingsCount:        len(findings),
		SourceFile:           src.file,
		MultiFileScanSummary: detailsSummary{
			CountFilesAnalyzed:        sum.CountFilesAnalyzed,
			IssueSeverityDistribution: distributionNoGas(sum),
			IssuesCount:               sum.IssuesCount,
			LinesAnalyzedCount:        sum.LinesAnalyzedCount,
			ScanTimeTaken:             sum.ScanTimeTaken,
			ScansRan:                  scansRan,
			ScoreV2:                   orZero(sum.ScoreV2),
			ThreatScore:               sum.ThreatScore,
			ScoreRating:               sum.ScoreRating,
			Comments:                  map[string]any{},
		},
		ProjectID:  rep.ProjectID,
		ScanStatus: rep.ScanStatus,
	}
	if rep.ScanStatus == report.StatusFailed {
		d.ScanStatusErrMsg = rep.ScanStatusErrMsg
	}
	return detailsResponse{ScanID: rep.ScanID, ScanDetails: d}
}

type sourceInfo struct{ kind, icon, file string }

// source names where a repository scan's code came from. project_url is already redacted by
// the server (no credentials, query or fragment).
func source(rep *report.ScanReport) sourceInfo {
	info := sourceInfo{kind: "git", file: rep.ProjectURL}
	u, err := url.Parse(rep.ProjectURL)
	if err != nil || u.Host == "" {
		return info
	}
	host := strings.ToLower(u.Hostname())
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	switch {
	case host == "github.com" || host == "www.github.com":
		info.kind = "github"
		if len(parts) >= 2 && parts[0] != "" {
			owner, repo := url.PathEscape(parts[0]), url.PathEscape(strings.TrimSuffix(parts[1], ".git"))
			info.icon = "https://github.com/" + owner + ".png"
			ref := rep.ProjectCommit
			if ref == "" {
				ref = rep.ProjectBranch
			}
			if ref != "" {
				info.file = "https://github.com/" + owner + "/" + repo + "/tree/" + url.PathEscape(ref)
			}
		}
	case host == "gitlab.com" || strings.HasPrefix(host, "gitlab."):
		info.kind = "gitlab"
	case host == "bitbucket.org":
		info.kind = "bitbucket"
	}
	return info
}
