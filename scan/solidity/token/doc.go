// Package token defines the lexical tokens of Solidity and Yul and the compact source positions
// used throughout Vigil's Solidity front end.
//
// It follows the design of Go's go/token: a Pos is a small integer; a FileSet maps it back to a
// file name, line and column. Keeping positions as integers keeps AST nodes small and makes the
// parser fast; resolving them is only paid for when a position is printed.
package token
