// Package scan is Vigil's engine entry point: Run takes an opened workspace and returns the scan
// report of SPEC.md (report.ScanReport). Every door of Vigil — the command line, the private
// HTTP API, the WebSocket protocol and JSON-RPC — calls Run and renders what it returns; none
// has scanning logic of its own.
//
// Run parses every source file, builds the semantic model (dependencies included, for
// context), runs the enabled detectors in parallel, drops findings in dependencies unless asked
// for, fingerprints each finding (bug_hash) so that triage survives rescans, groups findings by
// issue template, and computes the summary and score (package report documents the scoring).
package scan
