package detectors_test

import (
	"fmt"
	"os"

	"github.com/vigil-sec/vigil/scan/rust/detectors"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Scan a folder holding a Cargo workspace and print the findings.
func ExampleScan() {
	res, err := detectors.Scan(os.DirFS("../testdata/detectors/unsafe_code/native"), model.Limits{}, detectors.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Findings {
		fmt.Printf("%s:%d %s (%s, %s)\n", f.File, f.Line, f.Analyzer.ID, f.EffectiveSeverity(), f.EffectiveConfidence())
	}
	// Output:
	// src/lib.rs:22 SOLANA_UNSAFE_CODE (medium, high)
	// src/lib.rs:31 SOLANA_UNSAFE_CODE (low, high)
}
