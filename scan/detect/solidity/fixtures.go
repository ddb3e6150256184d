package solidity

import "embed"

// Fixtures holds the vulnerable fixtures of the detectors' tests (testdata/<id>/vulnerable.sol,
// whose lines carry `// want "ID"`): `vigil detectors ID` shows a detector's example from them,
// so the documentation shows code the detector is tested to flag.
//
//go:embed testdata/*/vulnerable.sol
var Fixtures embed.FS
