package detectors

import (
	"io/fs"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Result is the outcome of scanning one folder of Rust code.
type Result struct {
	// Workspace is what was loaded; its files keep their sources, not their syntax trees.
	Workspace *model.Workspace
	Findings  []Finding
	// Files and Lines count the Rust sources analysed (for the summary's
	// count_files_analyzed and lines_analyzed_count).
	Files, Lines int
}

// Scan loads the Rust workspace in fsys and runs every detector. A limit
// error from loading still returns what was loaded with the error.
func Scan(fsys fs.FS, lim model.Limits, cfg Config) (*Result, error) {
	// Each crate is parsed just before it is analysed and its trees released right after:
	// a large workspace holds the sources of every crate but the syntax of one or two.
	ws, err := model.LoadSourcesFS(fsys, lim)
	if ws == nil {
		return nil, err
	}
	res := &Result{Workspace: ws, Findings: run(ws, All, cfg, true)}
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
