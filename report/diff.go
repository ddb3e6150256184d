package report

import (
	"fmt"
	"strings"
)

// Diff is what a diff-aware scan compared with: the merge base of a REF and HEAD, scanned
// beside the working tree. The report then holds only the findings new in the working tree;
// the fixed ones (in the base, gone now) are listed here.
type Diff struct {
	Ref       string `json:"ref"`        // as the user named it: a branch, tag or commit
	MergeBase string `json:"merge_base"` // the commit compared with
	New       int    `json:"new"`
	Fixed     int    `json:"fixed"`
	Unchanged int    `json:"unchanged"`
	// ChangedFiles counts the files added, removed or edited since the merge base; Rescanned
	// the files of the base scanned again (those a change can reach).
	ChangedFiles  int            `json:"changed_files"`
	Rescanned     int            `json:"rescanned_files"`
	FixedFindings []FixedFinding `json:"fixed_findings"`
}

// FixedFinding is a finding of the base revision that the working tree no longer has.
type FixedFinding struct {
	IssueID   string `json:"issue_id"`
	IssueName string `json:"issue_name"`
	Severity  string `json:"severity"`
	FilePath  string `json:"file_path"` // in the base revision
	Line      int    `json:"line"`
	BugHash   string `json:"bug_hash"`
}

// Summary is the one-line account every format shows.
func (d *Diff) Summary() string {
	return fmt.Sprintf("new since %s (merge base %s): %d new, %d fixed, %d unchanged findings",
		d.Ref, short(d.MergeBase), d.New, d.Fixed, d.Unchanged)
}

// MatchFindings matches the findings of a head scan with those of a base scan: first by
// bug_hash (the same issue in the same file, wherever its lines moved), then by Anchor (the
// same code in a renamed or moved file). Head findings in files outside inScope are unchanged
// without looking (the base scan did not cover them: nothing that could change them changed).
// It returns the head findings that are new and the base findings that are fixed; the rest
// are unchanged.
func MatchFindings(head, base *ScanReport, inScope func(path string) bool) (isNew map[*Finding]bool, fixed []FixedFinding, unchanged int) {
	type entry struct {
		g *Group
		f *Finding
	}
	byHash, byAnchor := map[string][]*entry{}, map[string][]*entry{}
	matched := map[*Finding]bool{}
	if base != nil {
		for _, g := range base.MultiFileScanDetails {
			for _, f := range g.MetricWiseAggregatedFindings {
				e := &entry{g, f}
				byHash[f.BugHash] = append(byHash[f.BugHash], e)
				if f.Anchor != "" {
					byAnchor[f.Anchor] = append(byAnchor[f.Anchor], e)
				}
			}
		}
	}
	take := func(list []*entry) bool {
		for _, e := range list {
			if !matched[e.f] {
				matched[e.f] = true
				return true
			}
		}
		return false
	}
	isNew = map[*Finding]bool{}
	var pending []*Finding
	for _, g := range head.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			switch {
			case len(f.Findings) > 0 && !inScope(f.Findings[0].FilePath):
				unchanged++
			case take(byHash[f.BugHash]):
				unchanged++
			default:
				pending = append(pending, f)
			}
		}
	}
	for _, f := range pending { // renamed or moved files
		if f.Anchor != "" && take(byAnchor[f.Anchor]) {
			unchanged++
		} else {
			isNew[f] = true
		}
	}
	if base != nil {
		for _, g := range base.MultiFileScanDetails {
			for _, f := range g.MetricWiseAggregatedFindings {
				if matched[f] {
					continue
				}
				ff := FixedFinding{IssueID: g.IssueID, Severity: FindingSeverity(g, f), BugHash: f.BugHash}
				if g.TemplateDetails != nil {
					ff.IssueName = g.TemplateDetails.IssueName
				}
				if len(f.Findings) > 0 {
					ff.FilePath = f.Findings[0].FilePath
					if len(f.Findings[0].LineNosStart) > 0 {
						ff.Line = f.Findings[0].LineNosStart[0]
					}
				}
				fixed = append(fixed, ff)
			}
		}
	}
	return isNew, fixed, unchanged
}

// diffMarkdown is the Markdown account of a diff-aware scan: the counts, then the fixed
// findings (at most limit; the new ones are the report's findings).
func diffMarkdown(d *Diff, limit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**New since `%s`** (merge base `%s`, %d files changed): **%d new** · %d fixed · %d unchanged\n\n",
		d.Ref, short(d.MergeBase), d.ChangedFiles, d.New, d.Fixed, d.Unchanged)
	if len(d.FixedFindings) == 0 {
		return b.String()
	}
	fmt.Fprintf(&b, "<details><summary>Fixed since %s (%d)</summary>\n\n", d.Ref, d.Fixed)
	for i, f := range d.FixedFindings {
		if i == limit {
			fmt.Fprintf(&b, "- … and %d more\n", len(d.FixedFindings)-limit)
			break
		}
		fmt.Fprintf(&b, "- ~~%s~~ `%s` (%s) `%s:%d`\n", f.IssueName, f.IssueID, f.Severity, f.FilePath, f.Line)
	}
	b.WriteString("\n</details>\n\n")
	return b.String()
}
