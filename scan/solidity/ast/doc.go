// Package ast declares the syntax tree of Solidity source files, inline assembly (Yul) included.
//
// The shape follows Go's go/ast: every node reports its source range as compact token.Pos values,
// comments are kept in the File (and declarations point at their documentation comment), and
// Walk / Inspect traverse any subtree. The tree is faithful to the source: it does not decide
// what old syntax means (a function named after its contract, an unnamed `function()`); the
// semantic model does.
package ast
