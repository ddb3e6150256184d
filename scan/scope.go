package scan

import (
	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
	rustdetect "github.com/vigil-sec/vigil/scan/rust/detectors"
)

// scope is the report's statement of what was scanned: the files in scope and the detectors
// run (the chosen Solidity detectors when the workspace has Solidity, the enabled Rust ones
// when it has Rust).
func scope(files []report.FileSize, solidity []*detect.Analyzer, ranSolidity, ranRust bool, opts Options) *report.Scope {
	s := &report.Scope{Files: append([]report.FileSize{}, files...), Detectors: make([]string, 0, len(solidity)+len(rustdetect.All))}
	if ranSolidity {
		for _, a := range solidity {
			s.Detectors = append(s.Detectors, a.ID)
		}
	}
	if ranRust {
		for _, a := range rustdetect.All {
			if opts.enabled(a.ID) {
				s.Detectors = append(s.Detectors, a.ID)
			}
		}
	}
	return s
}
