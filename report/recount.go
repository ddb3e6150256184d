package report

// Triage and the counts
//
// A finding triaged as a false positive or won't fix stays in the report, with its bug_status,
// but leaves the counts by severity, issues_count, the score and the CI gate: a reviewer who
// dismissed it has said it is not a problem to fix. The summary counts it as dismissed_count,
// so that every view (table, Markdown, dashboard, PDF, the API's summary) can say how many were
// dismissed. The same words name the statuses everywhere (StatusLabel).

// Dismissed reports whether triage took a finding out of the counts.
func Dismissed(f *Finding) bool {
	return f.BugStatus == BugFalsePositive || f.BugStatus == BugWontFix
}

// StatusLabel is the word every view shows for a bug_status.
func StatusLabel(status string) string {
	switch status {
	case BugFalsePositive:
		return "False positive"
	case BugWontFix:
		return "Won't fix"
	case BugFixed:
		return "Fixed"
	}
	return "Open"
}

// Recount recomputes the summary from the findings as they stand, after triage changed a
// status or a filter removed findings: the counts, dismissed_count and the score (capped by the
// coverage). The files, lines and time of the scan, and its suppressed and baselined counts,
// are kept.
func (r *ScanReport) Recount() {
	old := r.MultiFileScanSummary
	if old == nil {
		return
	}
	s := Summarize(r.MultiFileScanDetails, old.CountFilesAnalyzed, old.LinesAnalyzedCount, 0)
	s.ScanTimeTaken, s.ThreatScore = old.ScanTimeTaken, old.ThreatScore
	if old.ScansRan != nil {
		s.ScansRan = old.ScansRan
	}
	s.SuppressedCount, s.BaselinedCount = old.SuppressedCount, old.BaselinedCount
	r.MultiFileScanSummary = s
	r.ApplyCoverage(r.Coverage)
}
