// Package scanner is a hand-written, error-tolerant lexer for Rust source,
// in the style of go/scanner.
//
// It handles raw strings (r#"..."#), byte and C strings, the char-versus-
// lifetime ambiguity ('a' versus 'a), nested block comments, doc comments
// (kept as tokens because Anchor reads "/// CHECK:" notes), shebangs and
// numeric literals with underscores and suffixes. Bad input yields an
// ILLEGAL token and an error through the ErrorHandler; scanning always
// makes progress and always reaches EOF.
package scanner
