package report

import (
	"math"
	"strconv"
	"testing"
)

func group(sev, conf string, n int) *Group {
	g := &Group{IssueID: "X_" + sev, TemplateDetails: &Template{IssueSeverity: sev, IssueConfidence: conf}}
	for i := 0; i < n; i++ {
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, &Finding{})
	}
	g.NoOfFindings = n
	return g
}

func TestScoreBounds(t *testing.T) {
	if s := Score(nil, 1000); s != 100 {
		t.Errorf("no findings: %v, want 100", s)
	}
	if s := Score([]*Group{group("critical", "30", 1)}, 100000); s >= 50 {
		t.Errorf("a critical finding must keep the score below 50, got %v", s)
	}
	if s := Score([]*Group{group("high", "90", 500)}, 100); s < 0 || s > 100 {
		t.Errorf("score out of range: %v", s)
	}
}

// TestScoreMonotonic removes findings one at a time, from the front and from the back of each
// group, with mixed severities inside groups: the score never goes down.
func TestScoreMonotonic(t *testing.T) {
	sevs := []string{"critical", "high", "medium", "low", "informational", "gas"}
	confs := []string{"90", "60", "30"}
	for _, lines := range []int{50, 2000, 40000} {
		var groups []*Group
		for i, s := range sevs {
			groups = append(groups, group(s, confs[i%3], 3))
		}
		// Mixed severities within a group (per-finding overrides).
		for gi, g := range groups {
			for i, f := range g.MetricWiseAggregatedFindings {
				f.Severity = sevs[(gi+i)%len(sevs)]
			}
		}
		prev := Score(groups, lines)
		for gi := range groups {
			for n := 0; len(groups[gi].MetricWiseAggregatedFindings) > 0; n++ {
				list := groups[gi].MetricWiseAggregatedFindings
				if n%2 == 0 {
					list = list[1:]
				} else {
					list = list[:len(list)-1]
				}
				groups[gi].MetricWiseAggregatedFindings = list
				s := Score(groups, lines)
				if s < prev {
					t.Fatalf("removing a %s finding lowered the score from %v to %v", sevs[gi], prev, s)
				}
				prev = s
			}
		}
		if prev != 100 {
			t.Errorf("empty report scored %v", prev)
		}
	}
}

func TestRating(t *testing.T) {
	for score, want := range map[float64]string{0: "Poor", 49.99: "Poor", 50: "Fair", 74.9: "Fair", 75: "Good", 89.99: "Good", 90: "Great", 100: "Great"} {
		if got := Rating(score); got != want {
			t.Errorf("Rating(%v) = %s, want %s", score, got, want)
		}
	}
}

func TestSummaryDistributionHasAllSeverities(t *testing.T) {
	s := Summarize([]*Group{group("high", "90", 2)}, 3, 120, 0)
	if len(s.IssueSeverityDistribution) != 6 || s.IssueSeverityDistribution["high"] != 2 || s.IssuesCount != 2 {
		t.Errorf("distribution %v, issues %d", s.IssueSeverityDistribution, s.IssuesCount)
	}
	v2, _ := strconv.ParseFloat(s.ScoreV2, 64)
	if want := strconv.FormatFloat(math.Round(v2/20*100)/100, 'f', 2, 64); s.Score != want || v2 <= 0 || v2 >= 100 {
		t.Errorf("score %s, score_v2 %s: score must be score_v2/20 (%s)", s.Score, s.ScoreV2, want)
	}
}
