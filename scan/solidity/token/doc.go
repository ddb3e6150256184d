// Package token defines the lexical tokens of Solidity and Yul, and names the compact source
// positions of package source (Pos, File, FileSet) that Vigil's front ends share, as Go's
// go/token does for Go.
package token
