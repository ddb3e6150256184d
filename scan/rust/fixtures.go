package rust

import "embed"

// Fixtures holds the Rust detectors' test programs (testdata/detectors/<name>/<variant>/src/
// lib.rs, whose lines carry `// want "ID"`): `vigil detectors ID` shows a detector's example
// from them, so the documentation shows code the detector is tested to flag.
//
//go:embed testdata/detectors/*/*/src/lib.rs
var Fixtures embed.FS
