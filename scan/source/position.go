package source

import (
	"fmt"
	"sort"
	"sync"
)

// Pos is a compact source position: an offset into the space of a FileSet. NoPos is the zero
// value and means "no position".
type Pos int

// NoPos is the absent position.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a resolved source position.
type Position struct {
	Filename string
	Offset   int // byte offset, from 0
	Line     int // from 1
	Column   int // from 1, in bytes
}

// IsValid reports whether the position is known.
func (p Position) IsValid() bool { return p.Line > 0 }

func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// File is one source file registered in a FileSet.
type File struct {
	name  string
	base  int
	size  int
	mu    sync.Mutex
	lines []int // offsets of the first byte of each line
}

// Name returns the file name given when the file was added.
func (f *File) Name() string { return f.name }

// Base returns the Pos of the file's first byte.
func (f *File) Base() int { return f.base }

// Size returns the file's size in bytes.
func (f *File) Size() int { return f.size }

// AddLine records the offset of a line's first byte. Offsets must increase; others are ignored.
func (f *File) AddLine(offset int) {
	f.mu.Lock()
	if n := len(f.lines); (n == 0 || f.lines[n-1] < offset) && offset < f.size {
		f.lines = append(f.lines, offset)
	}
	f.mu.Unlock()
}

// SetLinesForContent computes the line table from the file's content, breaking lines at every
// line terminator Solidity knows (see TerminatorLen).
func (f *File) SetLinesForContent(src []byte) {
	lines := LineStarts(src)
	f.mu.Lock()
	f.lines = lines
	f.mu.Unlock()
}

// SetLinesAtLF computes the line table breaking lines at LF only, as rustc does: in Rust a lone
// CR is whitespace (or part of a comment), not a line break.
func (f *File) SetLinesAtLF(src []byte) {
	lines := make([]int, 1, len(src)/32+1)
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			lines = append(lines, i+1)
		}
	}
	f.mu.Lock()
	f.lines = lines
	f.mu.Unlock()
}

// LineCount returns the number of lines.
func (f *File) LineCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.lines)
}

// Pos returns the Pos for a byte offset in the file.
func (f *File) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > f.size {
		offset = f.size
	}
	return Pos(f.base + offset)
}

// Offset returns the byte offset of p in the file.
func (f *File) Offset(p Pos) int {
	o := int(p) - f.base
	if o < 0 {
		return 0
	}
	if o > f.size {
		return f.size
	}
	return o
}

// Line returns the 1-based line of p.
func (f *File) Line(p Pos) int { return f.Position(p).Line }

// LineStart returns the Pos of the first byte of a 1-based line.
func (f *File) LineStart(line int) Pos {
	f.mu.Lock()
	defer f.mu.Unlock()
	if line < 1 || line > len(f.lines) {
		return NoPos
	}
	return Pos(f.base + f.lines[line-1])
}

// Position resolves p, which must belong to this file.
func (f *File) Position(p Pos) Position {
	if !p.IsValid() {
		return Position{}
	}
	off := f.Offset(p)
	f.mu.Lock()
	i := sort.SearchInts(f.lines, off+1) - 1
	lineStart := 0
	if i >= 0 {
		lineStart = f.lines[i]
	}
	f.mu.Unlock()
	return Position{Filename: f.name, Offset: off, Line: i + 1, Column: off - lineStart + 1}
}

// FileSet holds a set of source files and hands out disjoint Pos ranges to them, so that one
// Pos identifies a file and an offset. It is safe for concurrent use.
type FileSet struct {
	mu    sync.RWMutex
	base  int
	files []*File
	last  *File // the file the last lookup found: lookups come in runs over one file
}

// NewFileSet returns an empty file set.
func NewFileSet() *FileSet { return &FileSet{base: 1} }

// AddFile registers a file of the given size and returns it.
func (s *FileSet) AddFile(name string, size int) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &File{name: name, base: s.base, size: size, lines: []int{0}}
	s.base += size + 1 // +1 so that the end-of-file position is still inside the file
	s.files = append(s.files, f)
	return f
}

// Adopt registers a file of another set at its own base, so that positions made for it (and the
// syntax trees that hold them) are valid in this set too: a second program built beside a
// first reuses the first one's parse of an unchanged file. The set's next new file starts
// after it. Adopt files before adding new ones: a new file's range may not overlap an
// adopted one's.
func (s *FileSet) Adopt(f *File) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].base > f.base })
	s.files = append(s.files, nil)
	copy(s.files[i+1:], s.files[i:])
	s.files[i] = f
	if end := f.base + f.size + 1; end > s.base {
		s.base = end
	}
}

// File returns the file holding p, or nil.
func (s *FileSet) File(p Pos) *File {
	if !p.IsValid() {
		return nil
	}
	s.mu.RLock()
	last := s.last
	s.mu.RUnlock()
	if last != nil && int(p) >= last.base && int(p) <= last.base+last.size {
		return last
	}
	s.mu.RLock()
	i := sort.Search(len(s.files), func(i int) bool { return s.files[i].base > int(p) }) - 1
	var f *File
	if i >= 0 && int(p) <= s.files[i].base+s.files[i].size {
		f = s.files[i]
	}
	s.mu.RUnlock()
	if f != nil {
		s.mu.Lock()
		s.last = f
		s.mu.Unlock()
	}
	return f
}

// Position resolves p to a file name, line and column.
func (s *FileSet) Position(p Pos) Position {
	if f := s.File(p); f != nil {
		return f.Position(p)
	}
	return Position{}
}

// Files returns the registered files in the order they were added.
func (s *FileSet) Files() []*File {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return append([]*File(nil), s.files...)
}
