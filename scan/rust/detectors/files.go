package detectors

import "strings"

// isTestFile reports sources that are not program code: integration
// tests, benches, examples and build scripts.
func isTestFile(path string) bool {
	for part := range strings.SplitSeq(path, "/") {
		switch part {
		case "tests", "benches", "examples", "build.rs":
			return true
		}
	}
	return false
}
