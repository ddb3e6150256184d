package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// GitHub workflow commands (::error file=...,line=...::message): a run of Vigil in GitHub
// Actions without code scanning still shows its findings as annotations on the changed files.
// https://docs.github.com/actions/reference/workflow-commands-for-github-actions

// GitHubOptions places report paths for annotations.
type GitHubOptions struct {
	// RootPrefix is the scanned folder's path from the repository root (as SARIFOptions'):
	// GitHub resolves an annotation's file from the workspace, the repository root.
	RootPrefix string
	// Only, when non-nil, limits the annotations to findings in these files (paths from the
	// repository root, as `git diff --name-only` prints them): a pull request's changed files.
	// The closing notice still counts every finding, and says how many were not annotated.
	Only map[string]bool
}

// githubLevel maps a severity to an annotation command: GitHub shows error and warning
// annotations prominently and notices quietly.
func githubLevel(sev string) string {
	switch sev {
	case "critical", "high":
		return "error"
	case "medium":
		return "warning"
	}
	return "notice"
}

// githubData escapes a command's message: GitHub reads %, CR and LF as encoded.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a command's property value, where ':' and ',' end the value too.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

type githubAnnotation struct {
	rank int
	line string
}

// WriteGitHub writes one workflow command per finding location, the most severe first, then a
// notice with the counts by severity; an incomplete scan is an error annotation that says so.
func WriteGitHub(w io.Writer, r *ScanReport, o GitHubOptions) error {
	var b strings.Builder
	if warning := r.Warning(); warning != "" {
		msg := warning
		for _, g := range r.Coverage.GapLines() {
			msg += "\n- " + g
		}
		fmt.Fprintf(&b, "::error title=%s::%s\n", githubProperty("Vigil: incomplete scan"), githubData(msg))
	}
	if note := r.ConfigNotice(); note != "" {
		fmt.Fprintf(&b, "::warning title=%s::%s\n", githubProperty("Vigil configuration"), githubData(note))
	}
	var out []githubAnnotation
	elsewhere := 0 // findings in files outside o.Only
	for _, g := range r.MultiFileScanDetails {
		t := g.TemplateDetails
		if t == nil {
			continue
		}
		for _, f := range g.MetricWiseAggregatedFindings {
			sev := FindingSeverity(g, f)
			title := fmt.Sprintf("%s (%s, %s)", t.IssueName, t.IssueID, sev)
			msg := stripHTML(Fill(g, f)) + "\n\nRemediation: " + stripHTML(t.IssueRemediation)
			annotated := false
			for _, loc := range f.Findings {
				file := strings.TrimPrefix(strings.ReplaceAll(loc.FilePath, "\\", "/"), "./")
				if o.RootPrefix != "" {
					file = strings.TrimSuffix(o.RootPrefix, "/") + "/" + file
				}
				if o.Only != nil && !o.Only[file] {
					continue
				}
				annotated = true
				for i, start := range loc.LineNosStart {
					end := start
					if i < len(loc.LineNosEnd) && loc.LineNosEnd[i] >= start {
						end = loc.LineNosEnd[i]
					}
					props := fmt.Sprintf("file=%s,line=%d,endLine=%d", githubProperty(file), start, end)
					if loc.Column > 0 && end == start {
						props += fmt.Sprintf(",col=%d", loc.Column)
					}
					props += ",title=" + githubProperty(title)
					out = append(out, githubAnnotation{SeverityRank(sev),
						fmt.Sprintf("::%s %s::%s\n", githubLevel(sev), props, githubData(msg))})
				}
			}
			if !annotated {
				elsewhere++
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].rank < out[j].rank })
	for _, a := range out {
		b.WriteString(a.line)
	}
	var counts []string
	if s := r.MultiFileScanSummary; s != nil {
		for _, sev := range Severities {
			if n := s.IssueSeverityDistribution[sev]; n > 0 {
				counts = append(counts, fmt.Sprintf("%d %s", n, sev))
			}
		}
	}
	summary := "no findings"
	if len(counts) > 0 {
		summary = strings.Join(counts, ", ")
	}
	if s := r.MultiFileScanSummary; s != nil && NotCountedLine(s) != "" {
		summary += ". " + NotCountedLine(s)
	}
	if o.Only != nil && elsewhere > 0 {
		summary += fmt.Sprintf(" (%s in files this change did not touch, not annotated)", Plural(elsewhere, "finding"))
	}
	fmt.Fprintf(&b, "::notice title=%s::%s\n", githubProperty("Vigil scan"), githubData("Vigil: "+summary))
	if d := r.NewSince; d != nil {
		fmt.Fprintf(&b, "::notice title=%s::%s\n", githubProperty("Vigil: new since "+d.Ref), githubData("Vigil: "+d.Summary()))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
