// Package rust is the root of Vigil's Rust front end, used to scan Solana
// programs written natively or with the Anchor framework.
//
// The front end is split like Go's own go/token, go/scanner, go/ast and
// go/parser packages:
//
//   - token: token kinds, compact positions (Pos) and the FileSet that
//     resolves them to file, line and column.
//   - scanner: a hand-written, error-tolerant lexer.
//   - ast: syntax tree node types with Walk and Inspect.
//   - parser: a recursive-descent parser with error recovery that never
//     panics on hostile input.
//   - model: what detectors query: crates (Cargo.toml, Cargo.lock), Anchor
//     programs, instruction handlers, #[derive(Accounts)] structs and their
//     #[account(...)] constraints, native entrypoints, calls, CPI, field
//     accesses, arithmetic and unsafe code.
//   - macros: the crate's own macro_rules!, compiled and expanded (matchers
//     with fragments and repetitions), so that checks written as macros are
//     read like code.
//   - validation: the account-validation model every detector shares: each
//     instruction (an Anchor handler with its Accounts struct, or an arm of a
//     native dispatch) walked from its entry with abstract values, helpers
//     followed with their parameters bound, and the comparisons, signer tests,
//     data reads and writes, lamport changes, closes and CPIs it establishes,
//     with Anchor's types and constraints as the same facts.
//   - semver: Cargo versions and requirements ("is anchor-lang at least 1.0?").
//   - advisory: an offline RustSec advisory-db reader matching Cargo.lock.
//   - detectors: the Solana/Anchor detectors, analyzers of the shared
//     detector framework (scan/detect: one Analyzer, one Pass, budgets,
//     workers, gaps and progress from its runner), a Subject of the workspace
//     with one unit per crate, and Run, which executes them over a loaded
//     workspace (with vigil-disable suppression comments).
//
// testdata/ holds Anchor and native example programs written for this
// project (parsed without error by the tests), grammar files, and
// detector fixtures (testdata/detectors, see its README).
package rust
