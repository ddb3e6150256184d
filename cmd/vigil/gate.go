package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// gate applies --fail-on: findings at or above it exit 1; else an incomplete scan exits 3
// unless allowIncomplete. Without --fail-on nothing fails. A failing gate says why in one line
// on standard error (main prints the message): how many findings are at or above the
// threshold and how many the gate did not count, or what the scan did not analyse.
func gate(rep *report.ScanReport, failOn, confidence string, allowIncomplete bool) error {
	if failOn == "none" {
		return nil
	}
	if n := countAtLeast(rep, failOn, confidence); n > 0 {
		msg := fmt.Sprintf("--fail-on %s: %s at or above %s (of %s confidence or surer) fail the gate",
			failOn, report.Plural(n, "finding"), failOn, confidence)
		if n == 1 {
			msg = strings.Replace(msg, " fail the gate", " fails the gate", 1)
		}
		if left := notCounted(rep); left != "" {
			msg += "; not counted: " + left
		}
		if rep.Incomplete() {
			msg += "; the scan is also incomplete (" + incompleteSummary(rep) + ")"
		}
		return &exitError{code: exitFindings, msg: msg}
	}
	if rep.Incomplete() && !allowIncomplete {
		return &exitError{code: exitIncomplete, msg: fmt.Sprintf("--fail-on %s: incomplete scan: %s; "+
			"--fail-on does not pass it (--allow-incomplete accepts it)", failOn, incompleteSummary(rep))}
	}
	return nil
}

// maxGateGaps is how many gaps the gate's line names.
const maxGateGaps = 3

// incompleteSummary says what an incomplete scan did not analyse: the count of files and the
// first gaps.
func incompleteSummary(rep *report.ScanReport) string {
	c := rep.Coverage
	lines := c.GapLines()
	more := ""
	if len(lines) > maxGateGaps {
		more = fmt.Sprintf("; and %d more (see the report)", len(lines)-maxGateGaps)
		lines = lines[:maxGateGaps]
	}
	return fmt.Sprintf("%d of %s not fully analysed: %s%s", c.Files-c.FilesFull, report.Plural(c.Files, "file"),
		strings.Join(lines, "; "), more)
}

// notCounted lists the findings the gate did not count, "" when there are none.
func notCounted(rep *report.ScanReport) string {
	if rep.MultiFileScanSummary == nil {
		return ""
	}
	return strings.Join(report.NotCounted(rep.MultiFileScanSummary), ", ")
}

// countAtLeast counts the findings of severity sev or worse whose confidence is conf or surer,
// leaving out those triage dismissed: a CI gate goes off on what Vigil is sure of.
func countAtLeast(r *report.ScanReport, sev, conf string) int {
	limit, confLimit := report.SeverityRank(sev), report.ConfidenceRank(conf)
	n := 0
	for _, g := range r.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if !report.Dismissed(f) && report.SeverityRank(report.FindingSeverity(g, f)) <= limit &&
				report.ConfidenceRank(report.FindingConfidence(g, f)) <= confLimit {
				n++
			}
		}
	}
	return n
}

// applyBaseline hides the findings whose bug_hash appears in an earlier JSON report: what
// remains is what the change introduced. The summary counts the new findings and how many
// known ones were hidden (baselined_count), and keeps the score of the whole scan: a pull
// request that adds one finding to a project with a hundred does not score as if the project
// had one.
func applyBaseline(r *report.ScanReport, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var old report.Envelope
	if err := json.Unmarshal(data, &old); err != nil || old.ScanReport == nil {
		return fmt.Errorf("%s is not a Vigil JSON report", path)
	}
	known := map[string]bool{}
	for _, g := range old.ScanReport.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			known[f.BugHash] = true
		}
	}
	whole := *r.MultiFileScanSummary
	hidden := 0
	keepFindings(r, func(_ *report.Group, f *report.Finding) bool {
		if known[f.BugHash] {
			hidden++
			return false
		}
		return true
	})
	s := r.MultiFileScanSummary
	s.Score, s.ScoreV2, s.ScoreRating = whole.Score, whole.ScoreV2, whole.ScoreRating
	s.BaselinedCount += hidden
	return nil
}

// keepFindings removes the findings keep refuses, and recounts the summary.
func keepFindings(r *report.ScanReport, keep func(*report.Group, *report.Finding) bool) {
	groups := []*report.Group{}
	for _, g := range r.MultiFileScanDetails {
		var kept []*report.Finding
		for _, f := range g.MetricWiseAggregatedFindings {
			if keep(g, f) {
				kept = append(kept, f)
			}
		}
		if len(kept) > 0 {
			g.MetricWiseAggregatedFindings, g.NoOfFindings = kept, len(kept)
			groups = append(groups, g)
		}
	}
	r.MultiFileScanDetails = groups
	r.Recount() // fewer findings, the same unanalysed code: the coverage cap stays
}
