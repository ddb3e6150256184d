package token

import "github.com/vigil-sec/vigil/scan/source"

// Positions are package source's, shared with the other front end; these names keep this
// package's API what it was.
type (
	Pos      = source.Pos
	Position = source.Position
	File     = source.File
	FileSet  = source.FileSet
)

// NoPos is the absent position.
const NoPos = source.NoPos

// NewFileSet returns an empty file set.
func NewFileSet() *FileSet { return source.NewFileSet() }
