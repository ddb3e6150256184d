package document

import (
	"time"

	"github.com/vigil-sec/vigil/report"
)

// Input is everything a downloadable report is made from.
type Input struct {
	// Report is the scan report (required).
	Report *report.ScanReport
	// Source returns the lines of a scanned file for code excerpts; nil means no excerpts
	// (scan.Result.Source fits).
	Source func(path string) []string
	// History lists earlier scans of the same project, in any order; the current scan is added
	// when it is missing.
	History []HistoryEntry
	// Generated is the report's date; zero means now.
	Generated time.Time
	// ToolVersion is printed in the methodology section when set.
	ToolVersion string
	// Limits caps the size of the report; zero fields take the defaults.
	Limits Limits
}

// HistoryEntry is one scan of the project.
type HistoryEntry struct {
	ScanID       string
	Time         time.Time
	Commit       string
	ScoreV2      string         // 0 to 100, numeric text as in the summary
	Rating       string         // Poor, Fair, Good, Great; derived from ScoreV2 when empty
	Issues       int            // issues_count
	Distribution map[string]int // issue_severity_distribution
}

// Limits bounds the report so that a scan with thousands of findings still renders quickly and
// stays readable. Whatever a limit leaves out is said in a note where it happens.
type Limits struct {
	// MaxExcerpts is how many findings (most severe first) get code excerpts.
	MaxExcerpts int
	// MaxExcerptLines caps the lines of one excerpt window, context included.
	MaxExcerptLines int
	// ContextLines is the number of lines shown before and after the flagged lines; negative
	// means none (zero takes the default, like every other field).
	ContextLines int
	// MaxFindingsPerGroup caps the findings detailed in one group's section; the rest are
	// listed by place.
	MaxFindingsPerGroup int
	// MaxTableRows caps the rows of the findings summary table.
	MaxTableRows int
	// MaxLineRunes cuts longer source lines (minified code) with an ellipsis.
	MaxLineRunes int
	// MaxLocations caps the places listed for one finding.
	MaxLocations int
}

// DefaultLimits are the limits used for zero fields.
var DefaultLimits = Limits{
	MaxExcerpts:         300,
	MaxExcerptLines:     16,
	ContextLines:        2,
	MaxFindingsPerGroup: 60,
	MaxTableRows:        1000,
	MaxLineRunes:        360,
	MaxLocations:        8,
}

// withDefaults fills zero (or negative) limits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	pick := func(v, def int) int {
		if v <= 0 {
			return def
		}
		return v
	}
	out := Limits{
		MaxExcerpts:         pick(l.MaxExcerpts, d.MaxExcerpts),
		MaxExcerptLines:     pick(l.MaxExcerptLines, d.MaxExcerptLines),
		ContextLines:        pick(l.ContextLines, d.ContextLines),
		MaxFindingsPerGroup: pick(l.MaxFindingsPerGroup, d.MaxFindingsPerGroup),
		MaxTableRows:        pick(l.MaxTableRows, d.MaxTableRows),
		MaxLineRunes:        pick(l.MaxLineRunes, d.MaxLineRunes),
		MaxLocations:        pick(l.MaxLocations, d.MaxLocations),
	}
	if l.ContextLines < 0 {
		out.ContextLines = 0
	}
	if out.MaxExcerptLines < 2*out.ContextLines+1 {
		out.ContextLines = (out.MaxExcerptLines - 1) / 2
	}
	return out
}
