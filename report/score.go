package report

import (
	"math"
	"sort"
	"strconv"
	"time"
)

// Scoring
//
// score_v2 runs from 0 (many serious findings) to 100 (nothing found). Each finding costs a
// penalty: its severity weight times its confidence factor,
//
//	critical 25, high 10, medium 4, low 1, informational 0.2, gas 0.05
//	confidence high 1.0, medium 0.7, low 0.4
//
// because a likely critical bug matters far more than many gas notes, and an uncertain finding
// less than a certain one. Within one finding group (one template), findings are sorted by
// penalty and the k-th counts 1/k of its penalty: seventy identical notes usually share one cause
// and one fix, and must not outweigh a single high finding. (This keeps the score monotonic: the
// sorted harmonic sum never grows when a term is removed.) Larger code bases naturally carry more findings, so the total penalty
// P is normalised by the size of the code, sub-linearly (a project ten times larger is not ten
// times more forgiving):
//
//	score_v2 = 100 * exp(-P / (15 * max(1, sqrt(KLOC))))
//
// where KLOC is thousands of lines analysed. The exponential keeps the score within 0..100 and
// makes each extra finding cost a little less than the one before. Any critical finding caps
// score_v2 below 50: a contract with a likely critical bug is never "Fair". score is score_v2 / 20
// (the 0 to 5 scale), and score_rating is Poor below 50, Fair below 75, Good below 90, and Great
// from 90. The score is monotonic: removing a finding never lowers it. The confidence is the
// finding's own (detectors lower it for the forms they are less sure of), so the score weighs a
// finding as --fail-on's confidence threshold does: a low-confidence finding counts 0.4 of a
// sure one here, and does not fail the default gate.

var severityWeight = map[string]float64{
	"critical": 25, "high": 10, "medium": 4, "low": 1, "informational": 0.2, "gas": 0.05,
}

var confidenceFactor = map[string]float64{"high": 1.0, "medium": 0.7, "low": 0.4}

// confidenceOf maps a template's numeric issue_confidence (90/60/30) back to its level.
func confidenceOf(percent string) string {
	n, err := strconv.Atoi(percent)
	switch {
	case err != nil:
		return "medium"
	case n >= 80:
		return "high"
	case n >= 50:
		return "medium"
	}
	return "low"
}

// Score computes score_v2 from the groups and the number of lines analysed.
func Score(groups []*Group, lines int) float64 {
	penalty := 0.0
	critical := false
	for _, g := range groups {
		var costs []float64
		for _, f := range g.MetricWiseAggregatedFindings {
			if Dismissed(f) {
				continue
			}
			sev := FindingSeverity(g, f)
			costs = append(costs, severityWeight[sev]*confidenceFactor[FindingConfidence(g, f)])
			if sev == "critical" {
				critical = true
			}
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(costs)))
		for k, c := range costs {
			penalty += c / float64(k+1)
		}
	}
	kloc := float64(lines) / 1000
	score := 100 * math.Exp(-penalty/(15*math.Max(1, math.Sqrt(kloc))))
	if critical && score >= 50 {
		score = 49.99
	}
	return math.Round(score*100) / 100
}

// Rating names the band of a score_v2.
func Rating(scoreV2 float64) string {
	switch {
	case scoreV2 < 50:
		return "Poor"
	case scoreV2 < 75:
		return "Fair"
	case scoreV2 < 90:
		return "Good"
	}
	return "Great"
}

// FindingSeverity returns a finding's severity: its own override, or its template's.
func FindingSeverity(g *Group, f *Finding) string {
	if f.Severity != "" {
		return f.Severity
	}
	if g.TemplateDetails != nil {
		return g.TemplateDetails.IssueSeverity
	}
	return "informational"
}

// FindingConfidence returns a finding's confidence (high, medium or low): its own, or, in
// reports written before findings carried it, its template's.
func FindingConfidence(g *Group, f *Finding) string {
	if confidenceFactor[f.Confidence] != 0 {
		return f.Confidence
	}
	if g.TemplateDetails != nil {
		return confidenceOf(g.TemplateDetails.IssueConfidence)
	}
	return "medium"
}

// Summarize builds multi_file_scan_summary. Findings triage dismissed are counted apart
// (DismissedCount), not in the distribution, the issue count or the score.
func Summarize(groups []*Group, files, lines int, took time.Duration) *Summary {
	dist := NewDistribution()
	issues, dismissed := 0, 0
	for _, g := range groups {
		for _, f := range g.MetricWiseAggregatedFindings {
			if Dismissed(f) {
				dismissed++
				continue
			}
			dist[FindingSeverity(g, f)]++
			issues++
		}
	}
	v2 := Score(groups, lines)
	return &Summary{
		CountFilesAnalyzed:        files,
		IssueSeverityDistribution: dist,
		IssuesCount:               issues,
		LinesAnalyzedCount:        lines,
		ScanTimeTaken:             math.Round(took.Seconds()*1000) / 1000,
		ScansRan:                  []string{"static_template_based"},
		Score:                     strconv.FormatFloat(math.Round(v2/20*100)/100, 'f', 2, 64),
		ScoreV2:                   strconv.FormatFloat(v2, 'f', 2, 64),
		ThreatScore:               nil,
		ScoreRating:               Rating(v2),
		DismissedCount:            dismissed,
	}
}

// Incomplete scans
//
// Code the scan could not analyse (a syntax error, a budget hit, a file no model takes) may
// hold anything, so an incomplete scan cannot vouch for more than it saw: its score_v2 is capped
// at the share of lines fully analysed (coverage percent), and below 90 whatever the coverage,
// so that its rating is never "Great". A file of random text has nothing analysed: score 0. The
// cap keeps the score monotonic in findings (it only lowers a ceiling), and a complete scan is
// unchanged.

// IncompleteCeiling is the highest score_v2 of an incomplete scan, whatever its coverage.
const IncompleteCeiling = 89.99

// CapScore applies the incomplete-scan ceiling to a score_v2.
func CapScore(scoreV2 float64, c *Coverage) float64 {
	if c == nil || c.Complete {
		return scoreV2
	}
	return math.Min(scoreV2, math.Min(IncompleteCeiling, c.Percent))
}

// ApplyCoverage records the coverage in the report and caps its summary's score.
func (r *ScanReport) ApplyCoverage(c *Coverage) {
	r.Coverage = c
	s := r.MultiFileScanSummary
	if s == nil || c == nil {
		return
	}
	v2, err := strconv.ParseFloat(s.ScoreV2, 64)
	if err != nil {
		return
	}
	v2 = CapScore(v2, c)
	s.ScoreV2 = strconv.FormatFloat(v2, 'f', 2, 64)
	s.Score = strconv.FormatFloat(math.Round(v2/20*100)/100, 'f', 2, 64)
	s.ScoreRating = Rating(v2)
}
