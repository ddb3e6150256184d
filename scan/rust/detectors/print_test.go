package detectors

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

var printDir = flag.String("print", "", "print the findings of the crates under this folder")
var printID = flag.String("print-id", "", "with -print: only findings whose id contains this")

// TestPrint prints the findings of a folder (go test -run Print -args -print DIR [-print-id
// ID]), with their severity, confidence and evidence: a tool for reading what the detectors
// say, not a check.
func TestPrint(t *testing.T) {
	if *printDir == "" {
		t.Skip("no -print folder")
	}
	res, err := Scan(os.DirFS(*printDir), model.Limits{}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if !strings.Contains(f.Analyzer.ID, *printID) {
			continue
		}
		fmt.Printf("%s:%d %s (%s, %s) %s\n    %s\n", f.File, f.Line, f.Analyzer.ID, f.EffectiveSeverity(), f.EffectiveConfidence(), f.Function, f.Details["evidence"])
	}
}
