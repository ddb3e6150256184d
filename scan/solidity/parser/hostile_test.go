package parser_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/detect/solidity"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source"
)

// selfdestructLines runs the UNPROTECTED_SELFDESTRUCT detector on src and returns the lines
// it reports, with the program's diagnostics.
func selfdestructLines(t *testing.T, src string) ([]int, []sema.Diagnostic) {
	t.Helper()
	var analyzers []*detect.Analyzer
	for _, a := range solidity.All {
		if a.ID == "UNPROTECTED_SELFDESTRUCT" {
			analyzers = append(analyzers, a)
		}
	}
	if len(analyzers) != 1 {
		t.Fatal("UNPROTECTED_SELFDESTRUCT is not registered")
	}
	prog := sema.Load([]sema.SourceFile{{Path: "evasion.sol", Src: []byte(src)}}, nil)
	var lines []int
	for _, f := range detect.Run(prog, analyzers).Findings {
		lines = append(lines, prog.Fset.Position(f.Pos).Line)
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

// vulnerable is a function that UNPROTECTED_SELFDESTRUCT must report wherever it follows broken
// code; its selfdestruct is on the third of its lines.
const vulnerable = "    function kill() public {\n        // anyone may call this\n        selfdestruct(payable(msg.sender));\n    }\n"

// TestBrokenCodeHidesNothing puts hostile or broken code in a function (or a contract) and the
// vulnerable function after it: the error must be reported with file and line, and the
// function after it still parsed and analysed.
func TestBrokenCodeHidesNothing(t *testing.T) {
	const n = 100000
	rep := strings.Repeat
	random := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(16, 16))
	for i := range random {
		random[i] = byte(rng.IntN(256))
		if random[i] == '*' { // an unterminated /* hides what follows from solc as well
			random[i] = ' '
		}
	}
	cases := []struct {
		name, body string // body goes inside function f, on line 4
		member     string // or replaces the whole of f
	}{
		{name: "nesting 1001", body: "x = " + rep("(", 1001) + "1" + rep(")", 1001) + ";"},
		{name: "nesting 100k", body: "x = " + rep("(", n) + "1" + rep(")", n) + ";"},
		{name: "blocks 1001", body: rep("{", 1001) + rep("}", 1001)},
		{name: "blocks 100k", body: rep("{", n) + rep("}", n)},
		{name: "unbalanced blocks 100k", body: rep("{", n)},
		{name: "if chain 100k", body: rep("if (x) ", n) + "x = 1;"},
		{name: "operands 100k", body: "x = a" + rep(" + a", n) + ";"},
		{name: "mixed operators 100k", body: "x = a" + rep(" * a + a", n/2) + ";"},
		{name: "exponent chain 100k", body: "x = a" + rep(" ** a", n) + ";"},
		{name: "conditional chain 100k", body: "x = " + rep("c ? a : ", n) + "a;"},
		{name: "assignment chain 100k", body: rep("a = ", n) + "a;"},
		{name: "unary chain 100k", body: "x = " + rep("- ", n) + "a;"},
		{name: "member chain 100k", body: "x = a" + rep(".b", n) + ";"},
		{name: "member statement 100k", body: "a" + rep(".b", n) + " = 1;"},
		{name: "call chain 100k", body: "x = f" + rep("()", n) + ";"},
		{name: "index chain 100k", body: "x = a" + rep("[0]", n) + ";"},
		{name: "array type 100k", body: "uint" + rep("[]", n) + " memory y;"},
		{name: "mapping nesting 100k", member: "    " + rep("mapping(uint => ", n) + "uint" + rep(")", n) + " m;\n"},
		{name: "assembly blocks 100k", body: "assembly { " + rep("{ ", n) + rep("} ", n) + "}"},
		{name: "assembly calls 100k", body: "assembly { let y := " + rep("add(1, ", n) + "1" + rep(")", n) + " }"},
		{name: "missing parenthesis", body: "x = f(a, (b + 1;"},
		{name: "extra opening brace", body: "if (x) { y = 1;"},
		{name: "extra closing brace", body: "y = 1; }"},
		{name: "random bytes", body: string(random) + "\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			member := c.member
			if member == "" {
				member = "    function f(uint a) public {\n" + c.body + "\n    }\n"
			}
			src := "pragma solidity ^0.8.0;\ncontract C {\n" + member + vulnerable + "}\n"
			want := 4 + len(source.SplitLines(member)) // the selfdestruct's line: 2 lines, the member, 3 lines
			lines, diags := selfdestructLines(t, src)
			if len(lines) != 1 || lines[0] != want {
				t.Errorf("UNPROTECTED_SELFDESTRUCT on lines %v, want [%d]", lines, want)
			}
			if len(diags) == 0 {
				t.Fatal("no diagnostic")
			}
			if d := diags[0]; d.Pos.Filename != "evasion.sol" || d.Pos.Line < 3 || d.Pos.Line >= want {
				t.Errorf("first diagnostic %v does not name the file and the broken line", d)
			}
		})
	}
}

// TestRandomFile parses files of random bytes: a diagnostic naming the file, and no crash.
func TestRandomFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		src := make([]byte, 1+rng.IntN(8192))
		for j := range src {
			src[j] = byte(rng.IntN(256))
		}
		_, errs := parser.ParseFile(token.NewFileSet(), "random.sol", src)
		if len(errs) == 0 || errs[0].Pos.Filename != "random.sol" || errs[0].Pos.Line < 1 {
			t.Errorf("file %d: errors %v", i, errs)
		}
	}
}

// TestChainsMakeShallowTrees checks that the parser bounds the depth of the tree it returns,
// whatever the length of a chain: analyses walk trees recursively.
func TestChainsMakeShallowTrees(t *testing.T) {
	const n = 100000
	for name, expr := range map[string]string{
		"operands": "a" + strings.Repeat(" + a", n),
		"members":  "a" + strings.Repeat(".b", n),
		"calls":    "f" + strings.Repeat("()", n),
		"exponent": "a" + strings.Repeat(" ** a", n),
	} {
		f, errs := parser.ParseFile(token.NewFileSet(), "chain.sol", []byte("contract C { function f() public { x = "+expr+"; } }"))
		if len(errs) == 0 || !strings.Contains(errs[0].Msg, "expression chain longer than") {
			t.Errorf("%s: errors %v", name, errs)
		}
		if d := treeDepth(f); d > 2000 {
			t.Errorf("%s: tree %d deep", name, d)
		}
	}
}

func treeDepth(root ast.Node) int {
	depth, deepest := 0, 0
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			depth--
			return false
		}
		depth++
		deepest = max(deepest, depth)
		return true
	})
	return deepest
}

// TestManyErrorsHideNothing checks that the cap on listed errors does not stop the parse.
func TestManyErrorsHideNothing(t *testing.T) {
	src := "pragma solidity ^0.8.0;\ncontract C {\n    function f() public {\n" + strings.Repeat("        x = = 1;\n", 500) + "    }\n" + vulnerable + "}\n"
	lines, diags := selfdestructLines(t, src)
	if len(lines) != 1 || lines[0] != 507 {
		t.Errorf("UNPROTECTED_SELFDESTRUCT on lines %v, want [507]", lines)
	}
	counted := false
	for _, d := range diags {
		counted = counted || strings.Contains(d.Msg, "more syntax errors in this file not listed")
	}
	if len(diags) > 101 || !counted {
		t.Errorf("%d diagnostics; want at most 100 listed and a count of the rest", len(diags))
	}
}

// TestContractBracesHideNothing breaks the braces of contracts: a missing '}' before the next
// contract must not swallow it, and an extra '}' that closes a contract early must not turn
// its remaining members into code nobody analyses.
func TestContractBracesHideNothing(t *testing.T) {
	for name, src := range map[string]string{
		"missing brace": "pragma solidity ^0.8.0;\ncontract A {\n    function a() public {}\n\ncontract B {\n" + vulnerable + "}\n",
		"extra brace":   "pragma solidity ^0.8.0;\ncontract A {\n    function a() public {}\n    }\n    modifier m() { _; }\n" + vulnerable + "}\n",
	} {
		lines, diags := selfdestructLines(t, src)
		if len(lines) != 1 || lines[0] != 8 {
			t.Errorf("%s: UNPROTECTED_SELFDESTRUCT on lines %v, want [8]", name, lines)
		}
		if len(diags) == 0 || diags[0].Pos.Filename != "evasion.sol" {
			t.Errorf("%s: diagnostics %v", name, diags)
		}
	}
}
