package detectors

import (
	"io/fs"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Result is the outcome of scanning one folder of Rust code.
type Result struct {
	Workspace *model.Workspace
	Findings  []Finding
	// Files and Lines count the Rust sources analysed (for the summary's
	// count_files_analyzed and lines_analyzed_count).
	Files, Lines int
}

// Scan loads the Rust workspace in fsys and runs every detector. A limit
// error from loading still returns what was loaded with the error.
func Scan(fsys fs.FS, lim model.Limits, cfg Config) (*Result, error) {
	ws, err := model.LoadWorkspaceFS(fsys, lim)
	if ws == nil {
		return nil, err
	}
	res := &Result{Workspace: ws, Findings: Run(ws, All, cfg)}
	for _, c := range ws.Crates {
		for _, f := range c.Files {
			res.Files++
			res.Lines += countLines(f.Src)
		}
	}
	return res, err
}

func countLines(src []byte) int {
	if len(src) == 0 {
		return 0
	}
	n := 0
	for _, b := range src {
		if b == '\n' {
			n++
		}
	}
	if src[len(src)-1] != '\n' {
		n++
	}
	return n
}
