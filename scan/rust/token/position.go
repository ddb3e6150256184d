package token

import (
	"fmt"
	"sort"
	"sync"
)

// Pos is a compact source position: an offset into the FileSet's coordinate
// space plus one. The zero value NoPos means "no position".
type Pos int

// NoPos is the zero Pos: no position is known.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is a resolved source position.
type Position struct {
	Filename string
	Offset   int // byte offset, from 0
	Line     int // from 1
	Column   int // byte column, from 1
}

// IsValid reports whether the position has a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:column, the form editors and
// compilers use, leaving out the parts that are unknown.
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

// Name returns the file name given to AddFile.
func (f *File) Name() string { return f.name }

// Base returns the Pos of the file's first byte.
func (f *File) Base() int { return f.base }

// Size returns the file size in bytes.
func (f *File) Size() int { return f.size }

// LineCount returns the number of lines recorded so far.
func (f *File) LineCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.lines)
}

// AddLine records the offset of the start of a new line. Offsets must grow;
// others are ignored so that a confused caller cannot corrupt the table.
func (f *File) AddLine(offset int) {
	f.mu.Lock()
	if n := len(f.lines); (n == 0 || f.lines[n-1] < offset) && offset < f.size {
		f.lines = append(f.lines, offset)
	}
	f.mu.Unlock()
}

// SetLinesForContent computes the line table from the file's content.
func (f *File) SetLinesForContent(content []byte) {
	lines := []int{0}
	for i, c := range content {
		if c == '\n' && i+1 < len(content) {
			lines = append(lines, i+1)
		}
	}
	f.mu.Lock()
	f.lines = lines
	f.mu.Unlock()
}

// Pos returns the Pos of a byte offset in the file.
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
		o = 0
	}
	if o > f.size {
		o = f.size
	}
	return o
}

// Line returns the line number of p.
func (f *File) Line(p Pos) int { return f.Position(p).Line }

// Position resolves p, which must belong to f.
func (f *File) Position(p Pos) Position {
	if !p.IsValid() {
		return Position{}
	}
	off := f.Offset(p)
	f.mu.Lock()
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	line, col := 1, off+1
	if i >= 0 {
		line, col = i+1, off-f.lines[i]+1
	}
	f.mu.Unlock()
	return Position{Filename: f.name, Offset: off, Line: line, Column: col}
}

// FileSet is a set of files sharing one Pos space. It is safe for
// concurrent use.
type FileSet struct {
	mu    sync.RWMutex
	base  int
	files []*File
	last  *File
}

// NewFileSet returns an empty file set.
func NewFileSet() *FileSet { return &FileSet{base: 1} }

// AddFile registers a file of the given size and returns it. Positions of
// the file are [base, base+size]; one extra position marks end of file.
func (s *FileSet) AddFile(name string, size int) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &File{name: name, base: s.base, size: size, lines: []int{0}}
	s.base += size + 1
	s.files = append(s.files, f)
	return f
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

// Position resolves p to file, line and column.
func (s *FileSet) Position(p Pos) Position {
	if f := s.File(p); f != nil {
		return f.Position(p)
	}
	return Position{}
}

// Files returns the registered files in order.
func (s *FileSet) Files() []*File {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return append([]*File(nil), s.files...)
}
