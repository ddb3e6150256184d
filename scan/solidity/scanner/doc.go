// Package scanner turns Solidity (and inline Yul) source text into tokens.
//
// Like Go's go/scanner it is hand-written and works on bytes: Solidity identifiers are ASCII,
// and only string literals and comments may hold other characters. A Scanner value is small and
// may be copied to look ahead and back up, which the parser uses to tell declarations from
// expressions without building anything twice.
package scanner
