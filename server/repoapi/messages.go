package repoapi

import (
	"time"

	"github.com/vigil-sec/vigil/report"
)

// Message types of the protocol (SPEC 4.11 and 6, and the connection and error messages this
// package adds).
const (
	typeConnection   = "connection"
	typeError        = "error"
	typeInitiate     = "public_project_scan_initiate"
	typeGenerate     = "generate_report"
	typeScanStatus   = "quick_scan_status"
	typeReportStatus = "report_generation_status"
)

// Error codes of error messages.
const (
	codeInvalidJSON        = "invalid_json"
	codeInvalidMessage     = "invalid_message"
	codeInvalidField       = "invalid_field"
	codeUnknownType        = "unknown_type"
	codePrivateRepository  = "private_repository"
	codeCaptchaRequired    = "captcha_required"
	codeCaptchaFailed      = "captcha_failed"
	codeCaptchaUnavailable = "captcha_unavailable"
	codeRateLimited        = "rate_limited"
	codeTooLarge           = "message_too_large"
	codeTooManyScans       = "too_many_scans"
	codeBusy               = "busy"
	codeScanNotFound       = "scan_not_found"
	codeScanNotFinished    = "scan_not_finished"
	codeReportUnavailable  = "report_unavailable"
	codeReportFailed       = "report_failed"
	codeInternal           = "internal"
)

// now is the event timestamp of a message sent now.
func now() string { return report.Timestamp(time.Now()) }

type connectionMsg struct {
	Type           string `json:"type"`
	ConnectionID   string `json:"connection_id"`
	EventTimestamp string `json:"event_timestamp"`
}

type errorMsg struct {
	Type           string       `json:"type"`
	RequestUUID    string       `json:"request_uuid"`
	Payload        errorPayload `json:"payload"`
	EventTimestamp string       `json:"event_timestamp"`
}

type errorPayload struct {
	Code        string `json:"code"`
	Field       string `json:"field,omitempty"`
	Message     string `json:"message"`
	RequestType string `json:"request_type,omitempty"`
}

type scanStatusMsg struct {
	Type           string            `json:"type"`
	RequestUUID    string            `json:"request_uuid"`
	Payload        scanStatusPayload `json:"payload"`
	EventTimestamp string            `json:"event_timestamp"`
}

type scanStatusPayload struct {
	ScanID      string      `json:"scan_id"`
	ScanStatus  string      `json:"scan_status"`
	ProjectID   *string     `json:"project_id"`
	ScanDetails statusScans `json:"scan_details"`
}

type statusScans struct {
	IsLatestScan         bool              `json:"is_latest_scan"`
	WebhookEnabled       bool              `json:"webhook_enabled"`
	MultiFileScanSummary statusSummary     `json:"multi_file_scan_summary"`
	ProjectURL           string            `json:"project_url"`
	ScanID               string            `json:"scan_id"`
	ScanStatus           string            `json:"scan_status"`
	QuickFileScanDetails []detectorFinding `json:"quick_file_scan_details"`
	ScanStatusErrMsg     string            `json:"scan_status_err_msg,omitempty"`
}

type statusSummary struct {
	IssueSeverityDistribution map[string]int `json:"issue_severity_distribution"`
	ScanTimeTaken             float64        `json:"scan_time_taken"`
	ScoreV2                   string         `json:"score_v2"`
	LinesAnalyzedCount        int            `json:"lines_analyzed_count"`
	ThreatScore               *string        `json:"threat_score"`
}

// detectorFinding is SPEC 2.6's detector finding, with the place as extra fields.
type detectorFinding struct {
	DetectorID   string `json:"detector_id"`
	Title        string `json:"title"`
	Severity     string `json:"severity"`
	Confidence   string `json:"confidence"`
	FilePath     string `json:"file_path"`
	LineNosStart []int  `json:"line_nos_start"`
	LineNosEnd   []int  `json:"line_nos_end"`
	BugHash      string `json:"bug_hash,omitempty"`
}

type reportStatusMsg struct {
	Type           string              `json:"type"`
	RequestUUID    string              `json:"request_uuid"`
	Payload        reportStatusPayload `json:"payload"`
	EventTimestamp string              `json:"event_timestamp"`
}

type reportStatusPayload struct {
	ScanID       string `json:"scan_id"`
	ProjectID    string `json:"project_id"`
	ReportStatus string `json:"report_status"`
	ReportID     string `json:"report_id"`
	// ReportURLs are short-lived download links by format (pdf, html), when the server
	// offers them; an addition to SPEC 6 item 2.
	ReportURLs map[string]string `json:"report_urls,omitempty"`
}

// detailsResponse is SPEC 2.6.
type detailsResponse struct {
	ScanID      string      `json:"scan_id"`
	ScanDetails scanDetails `json:"scan_details"`
}

type scanDetails struct {
	ScanID               string            `json:"scan_id"`
	ProjectURL           string            `json:"project_url"`
	ProjectName          string            `json:"project_name"`
	ScanType             string            `json:"scan_type"`
	IsZipScan            bool              `json:"is_zip_scan"`
	ProjectIcon          string            `json:"project_icon"`
	QuickFileScanDetails []detectorFinding `json:"quick_file_scan_details"`
	FindingsCount        int               `json:"findings_count"`
	SourceFile           string            `json:"source_file"`
	MultiFileScanSummary detailsSummary    `json:"multi_file_scan_summary"`
	ProjectID            string            `json:"project_id"`
	ScanStatus           string            `json:"scan_status"`
	ScanStatusErrMsg     string            `json:"scan_status_err_msg,omitempty"`
}

// detailsSummary is SPEC 2.4 as the repository scan details show it: no gas, score_v2 only.
type detailsSummary struct {
	CountFilesAnalyzed        int            `json:"count_files_analyzed"`
	IssueSeverityDistribution map[string]int `json:"issue_severity_distribution"`
	IssuesCount               int            `json:"issues_count"`
	LinesAnalyzedCount        int            `json:"lines_analyzed_count"`
	ScanTimeTaken             float64        `json:"scan_time_taken"`
	ScansRan                  []string       `json:"scans_ran"`
	ScoreV2                   string         `json:"score_v2"`
	ThreatScore               *string        `json:"threat_score"`
	ScoreRating               string         `json:"score_rating"`
	Comments                  map[string]any `json:"comments"`
}
