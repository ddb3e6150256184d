// Package token defines the lexical tokens of Rust, and names the compact source positions of
// package source (Pos, File, FileSet) that Vigil's front ends share, in the style of go/token.
package token
