// Package detectors holds Vigil's Solana and Anchor detectors: one
// detector per file, its template (detect.Template: id, severity,
// description, remediation) beside its code, all listed in All.
//
// A detector is a detect.Analyzer of the framework Solidity's detectors
// run on: the workspace is a detect.Subject (subject.go) with one unit per
// crate, and a Pass carries the crate's program model (package model) and
// its account-validation model (package validation), built once by the
// crate's first pass and shared read-only by the others. The account
// checks (signer, owner, data matching, type cosplay, arbitrary CPI, PDA
// sharing, reinitialisation) read the validation model, so a check written
// in a helper, a constraint, a macro or any comparison form counts alike;
// they report at the fact's site when its code is the instruction's own,
// else at the instruction, with the evidence in the finding's details.
// Severity is the impact if the finding is real; confidence is high when
// facts prove it on resolved code, medium when it rests on unresolved or
// external code, low when a name or a heuristic decided. Some classes weigh
// severity by what is at stake: an arbitrary CPI by what the called program
// can take (cpi.go, validation.SignerRoles), a shared PDA's outflow by what
// the signing address holds (pda_sharing.go), an unowned read by whose funds
// a forged account can move (owner_init.go). Code only a test feature
// compiles is not the deployed program: the detectors run over the default
// build and, when its instructions reach test-only code, over the test build,
// and what only the latter finds is informational (variant.go).
//
// Run executes analyzers over a loaded workspace. Fixtures live in
// ../testdata/detectors, one folder per detector, with "// want" comments
// on the lines that must be reported; detectors_test.go checks every
// analyzer against them.
package detectors
