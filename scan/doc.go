// Package scan is Vigil's engine entry point: Run takes an opened workspace and returns the scan
// report of SPEC.md (report.ScanReport). Every door of Vigil — the command line, the private
// HTTP API, the WebSocket protocol and JSON-RPC — calls Run and renders what it returns; none
// has scanning logic of its own.
//
// Run is a pipeline of five stages, one file each:
//
//	select     select.go     each source file to the language that takes it; reported, or
//	                         analysed for context only (dependencies, tests, outside Include)
//	read       read.go       each language reads what it analyses, before the budgets start
//	analyse    language.go   each language's front end (solidity.go: the semantic model and
//	                         the detectors of scan/detect; rust.go: the Rust model and the
//	                         Solana detectors) under the scan's budgets (budget.go)
//	merge      merge.go      the languages' findings, diagnostics and coverage gaps in one,
//	                         with the severity overrides
//	report     reporting.go  findings fingerprinted (bug_hash, so that triage survives
//	                         rescans) and grouped by issue template (findings.go), the summary
//	                         and score, the coverage, the scope and the code excerpts
//
// A front end is a type implementing language with its entry in languages; its model and
// detectors live in packages of their own.
package scan
