package report

import (
	"encoding/json"
	"strings"
	"time"
)

// TimeLayout is the timestamp format of the spec: ISO 8601 without zone, in UTC.
const TimeLayout = "2006-01-02T15:04:05.000000"

// Timestamp formats t as the spec shows it.
func Timestamp(t time.Time) string { return t.UTC().Format(TimeLayout) }

// Envelope is the response body {"scan_report": ...}.
type Envelope struct {
	ScanReport *ScanReport `json:"scan_report"`
}

// Scan statuses (SPEC section 3 and the states Vigil adds: queued, scanning).
const (
	StatusQueued     = "queued"
	StatusInProgress = "scan_in_progress"
	StatusDone       = "scan_done"
	StatusFailed     = "scan_failed"
)

// Reporting statuses of a scan's downloadable report.
const (
	ReportNotGenerated = "not_generated"
	ReportGenerating   = "generating_report"
	ReportGenerated    = "report_generated"
	ReportFailed       = "report_failed"
)

// Bug statuses: triage decisions carried across rescans by bug_hash.
const (
	BugPendingFix    = "pending_fix"
	BugWontFix       = "wont_fix"
	BugFalsePositive = "false_positive"
	BugFixed         = "fixed"
)

// Scan types.
const (
	ScanTypeProject = "project"
	ScanTypeBlock   = "block"
	ScanTypeFile    = "file"
)

// ScanReport is SPEC 2.1. Block-only fields are pointers or omitted when empty so that project
// scans do not carry them.
type ScanReport struct {
	ClientID             int64    `json:"client_id"`
	ScanID               string   `json:"scan_id"`
	ProjectID            string   `json:"project_id"`
	ProjectSequenceID    int64    `json:"project_sequence_id"`
	ProjectName          string   `json:"project_name,omitempty"`
	ProjectURL           string   `json:"project_url,omitempty"`
	ProjectBranch        string   `json:"project_branch,omitempty"`
	ProjectCommit        string   `json:"project_commit,omitempty"`
	SkipFilePaths        []string `json:"skip_file_paths"`
	FileURLList          []string `json:"file_url_list"`
	IsQuickScan          bool     `json:"is_quick_scan"`
	ScanType             string   `json:"scan_type"`
	ScanInitTime         string   `json:"scan_init_time"`
	ScanStatus           string   `json:"scan_status"`
	ScanStatusErrMsg     string   `json:"scan_status_err_msg,omitempty"`
	MultiFileScanStatus  string   `json:"multi_file_scan_status"`
	ReportingStatus      string   `json:"reporting_status"`
	ReportingErrMsg      string   `json:"reporting_status_err_msg,omitempty"`
	QuickFileScanDetails string   `json:"quick_file_scan_details"`
	MultiFileScanDetails []*Group `json:"multi_file_scan_details"`
	MultiFileScanSummary *Summary `json:"multi_file_scan_summary"`
	Diagnostics          []string `json:"diagnostics,omitempty"`
	// Coverage is how much of the code was fully analysed (nil in reports of older Vigils).
	Coverage *Coverage `json:"coverage,omitempty"`
	// Scope is what the scan covered: files, detectors, Vigil version (nil in older reports).
	Scope *Scope `json:"scope,omitempty"`
	Block *Block `json:"-"`
	// Excerpts holds the source lines around each finding (path -> line -> text), kept so that
	// a downloadable report can show code after the workspace is gone. Not part of the JSON.
	Excerpts     map[string]map[int]string `json:"-"`
	ThreatChecks []*Threat                 `json:"threat_checks,omitempty"`
	// RustSec names the advisory snapshot Cargo.lock files were checked against (nil when the
	// scan had no Rust).
	RustSec *AdvisorySnapshot `json:"rustsec_advisories,omitempty"`
	// NewSince is what a diff-aware scan (vigil scan --new-since REF) compared with; the
	// report's findings are then only the new ones.
	NewSince *Diff `json:"new_since,omitempty"`
}

// AdvisorySnapshot identifies a RustSec advisory database snapshot.
type AdvisorySnapshot struct {
	Date       string `json:"date"`   // the newest advisory (or commit) it holds
	Source     string `json:"source"` // where it came from
	Advisories int    `json:"advisories"`
}

// Block holds the block-scan fields of SPEC 2.1; they are flattened into the report's JSON.
type Block struct {
	ContractAddress  string  `json:"contract_address"`
	ContractChain    string  `json:"contract_chain"`
	ContractPlatform string  `json:"contract_platform"`
	ContractURL      string  `json:"contract_url"`
	ContractName     string  `json:"contractname"`
	CompilerVersion  string  `json:"compilerversion"`
	EVMVersion       string  `json:"evmversion"`
	LicenseType      string  `json:"licensetype"`
	Currency         string  `json:"currency"`
	NodeReferenceID  *string `json:"node_reference_id"`
	Value            string  `json:"value"`
	Implementation   string  `json:"implementation_address,omitempty"`
}

// Threat is one pass/fail check of a block scan's threat score.
type Threat struct {
	IssueID          string `json:"issue_id"`
	IssueName        string `json:"issue_name"`
	IssueDescription string `json:"issue_description"`
	IssueStatus      string `json:"issue_status"` // pass or fail
}

// MarshalJSON flattens the block fields into the report, as the spec shows them.
func (r *ScanReport) MarshalJSON() ([]byte, error) {
	type plain ScanReport
	base, err := json.Marshal((*plain)(r))
	if err != nil || r.Block == nil {
		return base, err
	}
	extra, err := json.Marshal(r.Block)
	if err != nil {
		return nil, err
	}
	// Both are JSON objects: join them.
	return append(append(base[:len(base)-1:len(base)-1], ','), extra[1:]...), nil
}

// UnmarshalJSON reads the flattened block fields back when present.
func (r *ScanReport) UnmarshalJSON(data []byte) error {
	type plain ScanReport
	if err := json.Unmarshal(data, (*plain)(r)); err != nil {
		return err
	}
	var probe struct {
		ContractAddress *string `json:"contract_address"`
	}
	if err := json.Unmarshal(data, &probe); err == nil && probe.ContractAddress != nil {
		r.Block = &Block{}
		return json.Unmarshal(data, r.Block)
	}
	return nil
}

// Group is a finding group (SPEC 2.2): the findings of one issue template.
type Group struct {
	IssueID                      string     `json:"issue_id"`
	NoOfFindings                 int        `json:"no_of_findings"`
	MetricWiseAggregatedFindings []*Finding `json:"metric_wise_aggregated_findings"`
	TemplateDetails              *Template  `json:"template_details"`
}

// Finding is a finding record (SPEC 2.2).
type Finding struct {
	BugHash            string            `json:"bug_hash"`
	BugID              string            `json:"bug_id"`
	BugStatus          string            `json:"bug_status"`
	Comment            string            `json:"comment"`
	DescriptionDetails map[string]string `json:"description_details"`
	Findings           []*Location       `json:"findings"`
	ScanID             string            `json:"scan_id"`
	// Severity and Confidence are the finding's own (the detector's judgement of this finding
	// and any configured severity override), always written by scans; empty only in reports
	// from older versions, where the template's apply. Same names and values as SPEC 2.6's
	// detector finding.
	Severity   string `json:"severity,omitempty"`
	Confidence string `json:"confidence,omitempty"`
	Dependency bool   `json:"is_dependency,omitempty"`
	// Anchor is a fingerprint like BugHash but without the file path: the same finding in a
	// renamed or moved file keeps it (vigil scan --new-since matches by it). Not in the JSON.
	Anchor string `json:"-"`
}

// Location is one place of a finding: a file and line ranges.
type Location struct {
	FilePath     string `json:"file_path"`
	LineNosStart []int  `json:"line_nos_start"`
	LineNosEnd   []int  `json:"line_nos_end"`
	Column       int    `json:"column,omitempty"`
	// EndColumn is the column just after the finding's last byte on its last line (1-based,
	// in bytes, like Column), when known: editors underline exactly the code concerned.
	EndColumn      int    `json:"end_column,omitempty"`
	AITaggedStatus *bool  `json:"ai_tagged_status,omitempty"`
	AITaggedReason string `json:"ai_tagged_reason,omitempty"`
}

// Template is SPEC 2.3, the catalogue entry of a detector.
type Template struct {
	IssueID                string   `json:"issue_id"`
	IssueName              string   `json:"issue_name"`
	IssueSeverity          string   `json:"issue_severity"`
	IssueConfidence        string   `json:"issue_confidence"`
	IssueDescription       string   `json:"issue_description"`
	StaticIssueDescription string   `json:"static_issue_description"`
	IssueRemediation       string   `json:"issue_remediation"`
	DescriptionKeys        []string `json:"description_keys"`
	IssueStatus            string   `json:"issue_status"`
	MultiFileSupported     string   `json:"multi_file_supported"`
	IsProductionDisabled   bool     `json:"is_production_disabled"`
	DetectionLogic         string   `json:"detection_logic"`
	Version                string   `json:"version"`
	SWC                    []string `json:"swc_ids,omitempty"`
	CWE                    []string `json:"cwe_ids,omitempty"`
	Languages              []string `json:"languages,omitempty"`
	ID                     string   `json:"_id"`
	Created                string   `json:"_created"`
	Updated                string   `json:"_updated"`
	Links                  Links    `json:"_links"`
}

// Links is the bookkeeping _links object of a template.
type Links struct {
	Self LinkRef `json:"self"`
}

// LinkRef is one link.
type LinkRef struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

// Summary is multi_file_scan_summary (SPEC 2.4).
type Summary struct {
	CountFilesAnalyzed        int            `json:"count_files_analyzed"`
	IssueSeverityDistribution map[string]int `json:"issue_severity_distribution"`
	IssuesCount               int            `json:"issues_count"`
	LinesAnalyzedCount        int            `json:"lines_analyzed_count"`
	ScanTimeTaken             float64        `json:"scan_time_taken"` // seconds
	ScansRan                  []string       `json:"scans_ran"`
	Score                     string         `json:"score"`    // 0 to 5
	ScoreV2                   string         `json:"score_v2"` // 0 to 100
	ThreatScore               *string        `json:"threat_score"`
	ScoreRating               string         `json:"score_rating"`
	// Vigil's own counts of the findings the counts above, the score and the gate leave out
	// (SPEC 2.4 leaves the summary's full field list open): silenced by vigil-disable comments,
	// hidden as known by a --baseline report, dismissed by triage (false positive or won't fix;
	// still listed with their bug_status). See recount.go.
	SuppressedCount int `json:"suppressed_count,omitempty"`
	BaselinedCount  int `json:"baselined_count,omitempty"`
	DismissedCount  int `json:"dismissed_count,omitempty"`
}

// Severities in order, most severe first.
var Severities = []string{"critical", "high", "medium", "low", "informational", "gas"}

// SeverityRank orders severities: critical 0 ... gas 5; unknown 6.
func SeverityRank(s string) int {
	for i, x := range Severities {
		if x == s {
			return i
		}
	}
	return len(Severities)
}

// LeftOutNote starts the diagnostic that says which analysed files a report does not cover
// (dependencies, test and script code) and how to include them; renderers show it as a footnote.
const LeftOutNote = "not reported, analysed for context only: "

// LeftOut returns the report's note on the files it leaves out, or "".
func (r *ScanReport) LeftOut() string {
	for _, d := range r.Diagnostics {
		if strings.HasPrefix(d, LeftOutNote) {
			return d
		}
	}
	return ""
}

// Confidences in order, surest first.
var Confidences = []string{"high", "medium", "low"}

// ConfidenceRank orders confidences: 0 is high; an unknown value ranks after low.
func ConfidenceRank(c string) int {
	for i, x := range Confidences {
		if x == c {
			return i
		}
	}
	return len(Confidences)
}

// NewDistribution returns a distribution with every severity at zero.
func NewDistribution() map[string]int {
	d := make(map[string]int, len(Severities))
	for _, s := range Severities {
		d[s] = 0
	}
	return d
}
