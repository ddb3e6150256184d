// Package evaluation measures Vigil's detectors on the labelled corpora beside the repository
// (../shared/corpus): recall per bug class on SolidiFI, positives found and negatives left
// silent on the SWC registry, and the findings on widely used audited code (clean). It is a
// test package: run `go test ./scan/evaluation -v` to print the figures. The tests skip when
// the corpus is absent.
//
// A labelled bug counts as found when a finding of the matching class (SolidiFI) or SWC id
// (SWC registry) has a line range that overlaps the labelled lines.
package evaluation
