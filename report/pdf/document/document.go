package document

import "time"

// Document is the content of a downloadable report, in reading order.
type Document struct {
	Title     string  // "Smart contract security report"
	Subject   string  // project or contract name
	Source    []Field // repository, branch, commit, or address, platform, chain ...
	ScanID    string
	ScanType  string
	ScanTime  string // scan_init_time, formatted for people
	Generated time.Time

	Scope          Scope
	Classification []Class
	Summary        Summary
	Rows           []Row // findings summary table
	RowsElided     int   // findings left out of the table by MaxTableRows
	Groups         []Group
	History        []HistoryEntry // oldest first, current scan included
	Methodology    []Rich
	Disclaimer     []Rich
	// Notes say what the limits left out, for the executive summary.
	Notes       []string
	Diagnostics []string // parse problems and the like reported by the scan
	// Incomplete is the warning of a scan that left code unanalysed ("" when complete), and
	// Gaps what it left out: shown on the cover and in the executive summary.
	Incomplete string
	Gaps       []string
	// ConfigNotice says which settings of a config file changed what the scan reports or
	// gates ("" when none did): shown beside the warning.
	ConfigNotice string
	ToolVersion  string
}

// Field is one labelled value of the cover.
type Field struct{ Label, Value string }

// Class is one row of the severity classification.
type Class struct {
	Severity string // lower case, as in the report
	Label    string // "Critical"
	Meaning  string
}

// Summary is the executive summary.
type Summary struct {
	ScoreV2      string // 0-100
	Score        string // 0-5
	ScoreValue   float64
	Rating       string
	Issues       int
	Distribution []Count // every severity, most severe first
	Files        int
	Lines        int
	Duration     string // "1.25 s"
	ThreatScore  string // block scans; empty otherwise
	Threats      []Threat
	HasSummary   bool // false when the report carried no summary
	// Dismissed counts the findings triage dismissed (listed, not counted); NotCounted says
	// which findings the counts leave out ("" when none).
	Dismissed  int
	NotCounted string
}

// Count is the number of findings of one severity.
type Count struct {
	Severity string
	Label    string
	N        int
}

// Threat is one threat check of a block scan.
type Threat struct {
	ID, Name, Description string
	Passed                bool
}

// Row is one line of the findings summary table.
type Row struct {
	BugID      string
	Issue      string
	IssueID    string
	Where      string // first place: path:lines (+n more)
	Severity   string
	Confidence string
	Status     string
	Anchor     string // the group section's anchor
}

// Group is the section of one finding group (one issue template).
type Group struct {
	Anchor      string // stable id for links: "issue-reentrancy-eth"
	IssueID     string
	Name        string
	Severity    string
	Confidence  string // "High (90)"
	SWC, CWE    []string
	Count       int
	Description Rich
	Remediation Rich
	Detection   string
	Findings    []Finding
	// Elided lists, by place, the findings beyond MaxFindingsPerGroup.
	Elided []Row
}

// Finding is one finding of a group section.
type Finding struct {
	BugID       string
	Status      string
	Severity    string // differs from the group's when overridden
	Description Rich   // placeholders filled
	Comment     string
	Places      []Place
	PlacesMore  int    // places left out by MaxLocations
	ExcerptNote string // why no excerpt is shown, when that is not obvious
}

// Place is one location of a finding, with its excerpt.
type Place struct {
	File    string
	Lines   string // "12-14, 20"
	Excerpt []Line // nil: no excerpt
}

// Line is one line of a code excerpt. Gap lines (No == 0) stand for lines left out, between
// two windows or at the end of a long flagged range (then Text says how many); Cut marks a line
// shortened to MaxLineRunes.
type Line struct {
	No      int
	Text    string
	Flagged bool
	Gap     bool
	Cut     bool
}

// Rich is prose with inline code: paragraphs of spans.
type Rich []Paragraph

// Paragraph is a run of spans.
type Paragraph []Span

// Span is text, in code style when Code is set.
type Span struct {
	Text string
	Code bool
}

// Plain returns the text of r without styling, paragraphs separated by blank lines.
func (r Rich) Plain() string {
	var out []byte
	for i, p := range r {
		if i > 0 {
			out = append(out, '\n', '\n')
		}
		for _, s := range p {
			out = append(out, s.Text...)
		}
	}
	return string(out)
}
