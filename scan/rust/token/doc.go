// Package token defines the lexical tokens of Rust and compact source
// positions, in the style of go/token.
//
// A Pos is a small integer; a FileSet maps it back to a file name, line and
// column. Keeping positions as integers keeps syntax tree nodes small and
// lets many files share one coordinate space.
package token
