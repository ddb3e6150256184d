package solidity

import (
	"fmt"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// BidiControlCharacter reports Unicode bidirectional control characters (right-to-left
// override and friends) in the source. The compiler accepts them in comments and strings,
// where they reorder how the code is displayed: a reviewer reads arguments in one order while
// the compiler sees another.
var BidiControlCharacter = &detect.Analyzer{
	Template: detect.Template{
		ID:         "BIDI_CONTROL_CHARACTER",
		Name:       "Right-to-left override or other bidirectional control character",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>The source holds the Unicode control character ${character}. Bidirectional controls change the ` +
			`order in which editors and review tools display the text around them, so the code that is reviewed is not the ` +
			`code that is compiled (for example two arguments that appear swapped). Legitimate contracts have no use for them.</p>`,
		Remediation:     `<p>Remove the character; if text in a right-to-left script is needed, keep it out of the source.</p>`,
		DescriptionKeys: []string{"character"},
		DetectionLogic:  "The raw bytes of each file are scanned for U+202A-U+202E, U+2066-U+2069, U+200E, U+200F and U+061C; one finding per line.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-130"},
		CWE:             []string{"CWE-451"},
		Languages:       []string{"solidity"},
		Slither:         "rtlo",
		Class:           "rtlo",
	},
	Run: runBidiControlCharacter,
}

var hygBidiNames = map[rune]string{
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
	0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
	0x200E: "LEFT-TO-RIGHT MARK", 0x200F: "RIGHT-TO-LEFT MARK", 0x061C: "ARABIC LETTER MARK",
}

func runBidiControlCharacter(pass *detect.Pass) {
	if pass.Contract != nil || pass.File == nil {
		return
	}
	f := pass.File
	src := f.Src
	lastLine := 0
	for off := 0; off < len(src); {
		if src[off] < utf8.RuneSelf {
			off++ // every bidi control is outside ASCII
			continue
		}
		r, size := utf8.DecodeRune(src[off:])
		if name, ok := hygBidiNames[r]; ok && off <= f.TokFile.Size() {
			pos := f.TokFile.Pos(off)
			if line := f.Line(pos); line != lastLine {
				lastLine = line
				pass.Report(detect.Finding{Pos: pos, End: pos + token.Pos(size),
					Details: map[string]string{"character": fmt.Sprintf("U+%04X %s", r, name)}})
			}
		}
		off += size
	}
}
