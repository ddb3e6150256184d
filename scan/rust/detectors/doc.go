// Package detectors holds Vigil's Solana and Anchor detectors: one
// detector per file, its template (detect.Template: id, severity,
// description, remediation) beside its code, all listed in All.
//
// A detector is an Analyzer whose Run looks at one crate's model
// (package model) and reports Findings. Run executes analyzers over a
// loaded workspace. Fixtures live in ../testdata/detectors, one folder per
// detector, with "// want" comments on the lines that must be reported;
// detectors_test.go checks every analyzer against them.
package detectors
