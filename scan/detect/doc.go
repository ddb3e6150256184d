// Package detect is Vigil's detector framework, modelled on golang.org/x/tools/go/analysis.
//
// An Analyzer is a value: its Template (the catalogue entry of SPEC.md 2.3, with SWC and CWE
// classification) and a Run function that receives a Pass and reports Findings. Analyzers are
// listed in one registry (package detect/solidity); each is tested with fixture files whose
// lines carry `// want "ISSUE_ID"` comments (package detecttest), on both sides: lines that must
// be reported and code that must not.
//
// Run executes analyzers in parallel, one task per analyzer and contract; a panicking analyzer
// becomes a diagnostic for that analyzer, never a failed scan. Findings can be suppressed in the
// source:
//
//	// vigil-disable-next-line REENTRANCY_ETH, TX_ORIGIN_AUTHENTICATION
//	x.call{value: v}("");  // vigil-disable-line
//	// vigil-disable-start UNCHECKED_LOW_LEVEL_CALL ... // vigil-disable-end UNCHECKED_LOW_LEVEL_CALL
//
// Ids match exactly (a family name such as REENTRANCY silences nothing). A suppression without
// ids silences every detector. Slither's `slither-disable-next-line
// <check>` (and -line, -start, -end) is honoured for analyzers that declare their Slither
// equivalent.
package detect
