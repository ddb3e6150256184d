package store

import (
	"encoding/json"
	"time"
)

// Progress is where a running scan stands, as its worker last recorded it (SetScanProgress),
// for the API processes that show it: the phase (fetching, parsing, analysing, rust), the
// current phase's files done of total, and the findings found so far. It is kept as JSON in
// the scan's row, so that any process sharing the database reads it with the scan.
type Progress struct {
	Phase      string    `json:"phase"`
	FilesDone  int       `json:"files_done"`
	FilesTotal int       `json:"files_total"`
	Findings   int       `json:"findings"`
	At         time.Time `json:"at"` // when the worker recorded it
}

// encodeProgress is the column's text of p.
func encodeProgress(p Progress) string {
	b, _ := json.Marshal(p) // plain fields: cannot fail
	return string(b)
}

// decodeProgress reads the column; "" (no progress recorded yet) and text this version cannot
// read are the zero Progress, since progress is only shown, never acted on.
func decodeProgress(s string) Progress {
	var p Progress
	if s != "" {
		json.Unmarshal([]byte(s), &p)
	}
	return p
}
