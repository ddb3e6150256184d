package scan

import "sync"

// Phases of a scan as Progress names them. Fetching belongs to the caller (the server clones a
// repository before Run starts); Run reports the other three.
const (
	PhaseFetching  = "fetching"
	PhaseParsing   = "parsing"
	PhaseAnalysing = "analysing"
	PhaseRust      = "rust"
)

// Progress is where a running scan stands, for a caller that shows it (the dashboard).
// FilesDone of FilesTotal counts the current phase's files: parsed while parsing, fully
// analysed (every detector run on it) while analysing. Findings counts what the detectors
// reported so far in files the report covers; the report may hold fewer, once suppression
// comments are applied and duplicates merged.
type Progress struct {
	Phase      string
	FilesDone  int
	FilesTotal int
	Findings   int
}

// progressTracker keeps the scan's Progress and tells opts.Advance of each change. Parser and
// detector workers update it at once, so changes are serialised; Advance must return quickly
// (the server's reporter only records the value).
type progressTracker struct {
	mu      sync.Mutex
	p       Progress
	advance func(Progress)
}

func newProgressTracker(advance func(Progress)) *progressTracker {
	return &progressTracker{advance: advance}
}

// phase starts a phase of total files.
func (t *progressTracker) phase(name string, total int) {
	t.change(func(p *Progress) { p.Phase, p.FilesDone, p.FilesTotal = name, 0, total })
}

// fileDone counts one file of the phase done and the findings it added.
func (t *progressTracker) fileDone(findings int) {
	t.change(func(p *Progress) { p.FilesDone++; p.Findings += findings })
}

// filesDone counts n files of the phase done (the Rust files of a crate every detector is done
// with).
func (t *progressTracker) filesDone(n int) {
	t.change(func(p *Progress) { p.FilesDone += n })
}

// phaseDone marks every file of the phase done, adding findings (a phase that reports no
// progress of its own, as the Rust analysis).
func (t *progressTracker) phaseDone(findings int) {
	t.change(func(p *Progress) { p.FilesDone = p.FilesTotal; p.Findings += findings })
}

// found counts findings without finishing a file.
func (t *progressTracker) found(findings int) {
	if findings > 0 {
		t.change(func(p *Progress) { p.Findings += findings })
	}
}

func (t *progressTracker) change(f func(*Progress)) {
	if t == nil || t.advance == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	f(&t.p)
	t.advance(t.p)
}
