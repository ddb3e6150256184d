// Package source holds compact positions in source files, shared by Vigil's Solidity and Rust
// front ends: a Pos is a small integer; a FileSet maps it back to a file name, line and column,
// as Go's go/token does. Keeping positions as integers keeps syntax trees small; resolving them
// is only paid for when a position is printed.
package source
