// Package parser is a hand-written recursive-descent parser for Rust
// source producing the syntax tree of package ast, in the style of
// go/parser.
//
// It covers the item, type, pattern, statement and expression grammar that
// real Solana and Anchor programs use, with Rust's operator precedence and
// the rule that struct literals may not appear in if, while, match and for
// headers. Macro invocations and attributes are kept as token trees.
//
// Errors are collected, not fatal: the parser recovers at item and
// statement boundaries and returns a partial tree with a scanner.ErrorList.
// Hostile input cannot make it panic, loop or recurse without bound:
// every loop must consume a token, nesting is limited (MaxDepth) and
// parsing stops after a bounded number of errors unless AllErrors is set.
package parser
