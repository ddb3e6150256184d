package scan

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/source"
)

// sourceLines hands out the lines of the scanned files for code excerpts. Solidity files are
// split on first request: only the files with findings are ever asked for, and splitting every
// file up front kept a second copy of the whole input alive for the length of the scan.
type sourceLines struct {
	mu    sync.Mutex
	raw   map[string][]byte   // sources not split yet
	split map[string][]string // sources split
}

func newSourceLines() *sourceLines {
	return &sourceLines{raw: map[string][]byte{}, split: map[string][]string{}}
}

// add records a file's content, to be split when asked for.
func (s *sourceLines) add(path string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.raw[path] = data
	delete(s.split, path)
}

// set records a file's lines, already split.
func (s *sourceLines) set(path string, lines []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.split[path] = lines
	delete(s.raw, path)
}

// get returns the lines of a file, or nil for a file not scanned.
func (s *sourceLines) get(path string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if lines, ok := s.split[path]; ok {
		return lines
	}
	data, ok := s.raw[path]
	if !ok {
		return nil
	}
	lines := source.SplitLines(string(data))
	s.split[path] = lines
	delete(s.raw, path)
	return lines
}
