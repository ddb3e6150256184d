package scan

import (
	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
)

// External is a finding made outside the detectors (vigil upgrade-check's), reported like
// theirs: grouped by template, numbered, fingerprinted.
type External struct {
	Template           *detect.Template
	File               string
	Line, End          int
	Contract, Function string
	Code               string // what the fingerprint hashes besides the place (no line numbers)
	Details            map[string]string
}

// GroupExternal builds the finding groups of external findings, most severe first, with bug ids
// and bug hashes as a scan's.
func GroupExternal(findings []External, opts Options) []*report.Group {
	records := make([]record, 0, len(findings))
	for _, f := range findings {
		end := f.End
		if end < f.Line {
			end = f.Line
		}
		records = append(records, record{tmpl: f.Template, file: f.File, line: f.Line, end: end, contract: f.Contract,
			function: f.Function, code: f.Code, details: f.Details})
	}
	return groupRecords(records, opts)
}
