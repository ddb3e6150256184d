package report

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Coverage says how much of the code in scope was fully analysed. A scan is incomplete when
// any file was not parsed (syntax errors), not analysed (a budget ran out, a detector failed)
// or not scanned at all (a language model could not take it): such a file may hide anything,
// so the report says so in every format, the score is capped (see Cap) and `vigil scan
// --fail-on` does not pass. It is the report's own field (SPEC 2.1 leaves the file-scan
// report's full field list open); the gaps are also written into `diagnostics` as text.
type Coverage struct {
	Complete   bool    `json:"complete"`
	Files      int     `json:"files"`                // files in scope
	FilesFull  int     `json:"files_fully_analysed"` // of which without any gap
	Lines      int     `json:"lines"`
	LinesFull  int     `json:"lines_fully_analysed"`
	Percent    float64 `json:"percent"` // LinesFull / Lines, 0 to 100 (100 when there are no lines)
	Gaps       []Gap   `json:"gaps"`
	GapsElided int     `json:"gaps_elided,omitempty"` // gaps left out of Gaps by MaxGaps
}

// Gap kinds.
const (
	GapNotParsed   = "not_parsed"   // syntax errors: the file was analysed only as far as it parsed
	GapNotAnalysed = "not_analysed" // a budget ran out or a detector failed on this file
	GapNotScanned  = "not_scanned"  // the file was not scanned at all
	// GapNotResolved (unresolved.go): an import or base contract of the file was not found.
)

// Gap is one part of the code the scan did not fully analyse.
type Gap struct {
	File     string `json:"file"`
	Kind     string `json:"kind"` // not_parsed, not_analysed, not_scanned, not_resolved
	Reason   string `json:"reason"`
	Line     int    `json:"line,omitempty"` // the first line concerned (a syntax error), when known
	Contract string `json:"contract,omitempty"`
	Function string `json:"function,omitempty"`
	Detector string `json:"detector,omitempty"`
}

// MaxGaps bounds the gaps a report lists (a file of random text yields one syntax error per
// token); the count of the others is kept.
const MaxGaps = 200

// String is the gap as one line of text: "a.sol: not analysed (detector X, function f): why".
func (g Gap) String() string {
	var where []string
	if g.Detector != "" {
		where = append(where, "detector "+g.Detector)
	}
	if g.Contract != "" {
		where = append(where, "contract "+g.Contract)
	}
	if g.Function != "" {
		where = append(where, "function "+g.Function)
	}
	file := g.File
	if file == "" {
		file = "scan"
	}
	s := file + ": " + strings.ReplaceAll(g.Kind, "_", " ")
	if len(where) > 0 {
		s += " (" + strings.Join(where, ", ") + ")"
	}
	if g.Reason != "" {
		s += ": " + g.Reason
	}
	return s
}

// FileSize is a file in scope and its line count.
type FileSize struct {
	Path  string `json:"path"`
	Lines int    `json:"lines"`
}

// NewCoverage computes the coverage of files given the gaps found. Gaps naming files outside
// the list (a dependency, a whole-scan budget with no file) count against no file's lines but
// still make the scan incomplete.
func NewCoverage(files []FileSize, gaps []Gap) *Coverage {
	c := &Coverage{Complete: len(gaps) == 0}
	bad := map[string]bool{}
	for _, g := range gaps {
		bad[g.File] = true
	}
	for _, f := range files {
		c.Files++
		c.Lines += f.Lines
		if !bad[f.Path] {
			c.FilesFull++
			c.LinesFull += f.Lines
		}
	}
	c.Percent = 100
	if c.Lines > 0 {
		c.Percent = math.Floor(float64(c.LinesFull)/float64(c.Lines)*10000) / 100
	} else if len(gaps) > 0 {
		c.Percent = 0
	}
	sorted := append([]Gap(nil), gaps...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].File < sorted[j].File })
	if len(sorted) > MaxGaps {
		c.GapsElided = len(sorted) - MaxGaps
		sorted = sorted[:MaxGaps]
	}
	c.Gaps = sorted
	if c.Gaps == nil {
		c.Gaps = []Gap{}
	}
	return c
}

// Incomplete reports whether the report's scan left code unanalysed.
func (r *ScanReport) Incomplete() bool { return r.Coverage != nil && !r.Coverage.Complete }

// Warning is the one-paragraph notice every renderer shows for an incomplete scan, or "".
func (r *ScanReport) Warning() string {
	if !r.Incomplete() {
		return ""
	}
	c := r.Coverage
	return fmt.Sprintf("INCOMPLETE SCAN: only %d of %s (%.2f%% of %s) fully analysed. "+
		"Code the scan did not analyse may hide vulnerabilities; the score is capped and --fail-on does not pass.",
		c.FilesFull, Plural(c.Files, "file"), c.Percent, Plural(c.Lines, "line"))
}

// GapLines returns the gaps as text, the not_resolved ones summarised in one line, with a last
// line counting those left out.
func (c *Coverage) GapLines() []string {
	if c == nil {
		return nil
	}
	out := make([]string, 0, len(c.Gaps)+1)
	summarised := false
	for _, g := range c.Gaps {
		if g.Kind == GapNotResolved { // one line for all of them, where the first one is
			if !summarised {
				out = append(out, unresolvedLine(c.Gaps))
				summarised = true
			}
			continue
		}
		out = append(out, g.String())
	}
	if c.GapsElided > 0 {
		out = append(out, c.elidedLine())
	}
	return out
}

// elidedLine counts the gaps MaxGaps left out.
func (c *Coverage) elidedLine() string { return fmt.Sprintf("... and %d more", c.GapsElided) }
