package report

import "strings"

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
	// ConfigFile and Config are the settings a config file (the scanned repository's
	// vigil.yaml) set that change what the scan reports or what passes its gate: severity
	// overrides, detectors disabled or enabled alone, a narrower scope, the gate's own
	// settings; one item each ("severity TX_ORIGIN_AUTHENTICATION high to low"). Every format
	// shows them in one line (ConfigNotice), so a reviewer sees a change that silences the gate.
	ConfigFile string   `json:"config_file,omitempty"`
	Config     []string `json:"config,omitempty"`
}

// ConfigNotice is the line every format shows when a config file changed what the scan reports
// or gates, "" when none did.
func (r *ScanReport) ConfigNotice() string {
	if r.Scope == nil || len(r.Scope.Config) == 0 {
		return ""
	}
	file := r.Scope.ConfigFile
	if file == "" {
		file = "the configuration"
	}
	return "Settings from " + file + " change what this scan reports and gates: " + strings.Join(r.Scope.Config, "; ")
}
