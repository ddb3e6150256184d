package report

// Scope records what a scan covered, for the scope statement of a report (the PDF's scope
// page): an auditor's report says which code at which commit was examined with which checks.
// It is Vigil's own field of the project report, like Coverage.
type Scope struct {
	// Files are the files in scope (reported on), with their lines.
	Files []FileSize `json:"files"`
	// Detectors are the ids of the detectors that ran, in catalogue order.
	Detectors []string `json:"detectors"`
	// ToolVersion is the version of Vigil that scanned.
	ToolVersion string `json:"tool_version,omitempty"`
}
