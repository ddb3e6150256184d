// Package ast declares the syntax tree of Rust source, in the style of
// go/ast: every node reports Pos and End as compact token.Pos values, and
// Walk and Inspect traverse a tree in source order.
//
// Macro invocations and attributes keep their token trees, because Rust
// macros are opaque to the grammar. For macros whose arguments look like a
// comma-separated expression list (require!, assert_eq!, msg!, ...), the
// parser also fills MacroCall.Args so analyses can see through them.
package ast
