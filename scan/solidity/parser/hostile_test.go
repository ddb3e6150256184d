package parser_test

import (
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/detect/solidity"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// selfdestructLines runs every Solidity detector on src and returns the lines on which
// UNPROTECTED_SELFDESTRUCT is reported, with the program's diagnostics.
func selfdestructLines(t *testing.T, src string) ([]int, []sema.Diagnostic) {
	t.Helper()
	prog := sema.Load([]sema.SourceFile{{Path: "evasion.sol", Src: []byte(src)}}, nil)
	var lines []int
	for _, f := range detect.Run(prog, solidity.All).Findings {
		if f.Analyzer.ID == "UNPROTECTED_SELFDESTRUCT" {
			lines = append(lines, prog.Fset.Position(f.Pos).Line)
		}
	}
	return lines, prog.Diagnostics
}

// TestTerminatorInCommentHidesNothing is the comment evasion: every line terminator the
// compiler knows ends a // comment, so an unprotected selfdestruct written after one (on what
// an editor shows as the next line) must be reported, on that line.
func TestTerminatorInCommentHidesNothing(t *testing.T) {
	for name, term := range map[string]string{
		"LF": "\n", "CR": "\r", "CRLF": "\r\n", "VT": "\v", "FF": "\f", "NEL": "\u0085", "LS": "\u2028", "PS": "\u2029",
	} {
		for _, slashes := range []string{"//", "///"} {
			src := "pragma solidity ^0.8.0;\ncontract C {\n    function kill() public {\n        " + slashes +
				" only the owner may call this" + term + "        selfdestruct(payable(msg.sender));\n    }\n}\n"
			lines, _ := selfdestructLines(t, src)
			if len(lines) != 1 || lines[0] != 5 {
				t.Errorf("%s after %s: UNPROTECTED_SELFDESTRUCT on lines %v, want [5]", name, slashes, lines)
			}
		}
	}
}

// TestCROnlyLineEndings scans a file whose lines all end in CR alone.
func TestCROnlyLineEndings(t *testing.T) {
	src := strings.ReplaceAll("pragma solidity ^0.8.0;\ncontract C {\n    uint x; // state\n    function kill() public {\n        selfdestruct(payable(msg.sender));\n    }\n}\n", "\n", "\r")
	lines, diags := selfdestructLines(t, src)
	if len(diags) > 0 {
		t.Errorf("diagnostics: %v", diags)
	}
	if len(lines) != 1 || lines[0] != 5 {
		t.Errorf("UNPROTECTED_SELFDESTRUCT on lines %v, want [5]", lines)
	}
}
