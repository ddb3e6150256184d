// Package parser is Vigil's hand-written, error-tolerant parser for Solidity 0.4 to 0.8 and
// inline assembly (Yul).
//
// It reads like Go's go/parser: recursive descent over the token stream of package scanner,
// one token of look-ahead (with cheap scanner copies where the grammar needs more), errors
// collected in an ErrorList instead of aborting, and recovery at statement and declaration
// level so that one typo costs one diagnostic and a BadStmt or BadDecl, not the whole file.
// It never panics on any input and always terminates: every loop must consume a token, and
// the depth of the tree is bounded. No error stops the parse: a construct nested (or chained)
// past the limit becomes a Bad node, recovery skips at most to the next statement or
// declaration (never past a keyword that starts one), a contract closed early by one '}' too
// many is reopened, and errors past the listing cap are only counted, so that every function
// that parses is analysed.
//
// Old syntax is accepted on purpose, because deployed contracts are written in it: `var`,
// `throw`, `constant` functions, unnamed `function()` fallbacks, constructors named after the
// contract, and pre-0.5 instructional assembly (labels, bare opcodes).
package parser
