package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Suppression comments, the same as for Solidity:
//
//	// vigil-disable-next-line SOLANA_UNSAFE_CODE
//	// vigil-disable-line SOLANA_PANIC_IN_HANDLER, SOLANA_UNCHECKED_ARITHMETIC
//	// vigil-disable-start SOLANA_PDA_SHARING ... // vigil-disable-end SOLANA_PDA_SHARING
//
// Without ids they silence every detector.
const suppressPrefix = "vigil-disable"

// parseSuppressions reads a Rust file's suppression comments with the parser Solidity uses.
func parseSuppressions(src []byte) *detect.Suppressions {
	fset := token.NewFileSet()
	f := fset.AddFile("", len(src))
	var comments []detect.Comment
	for _, t := range scanner.Tokenize(f, src, nil, scanner.ScanComments) {
		if t.Kind == token.COMMENT {
			comments = append(comments, detect.Comment{Line: f.Line(t.Pos), Text: t.Lit})
		}
	}
	return detect.ParseSuppressions(comments)
}
