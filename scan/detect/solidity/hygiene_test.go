package solidity

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// findingsFor runs one analyzer on one in-memory file and returns how many findings it gives.
func findingsFor(t *testing.T, a *detect.Analyzer, src string) int {
	t.Helper()
	prog := sema.Load([]sema.SourceFile{{Path: "c.sol", Src: []byte(src)}}, nil)
	res := detect.Run(prog, []*detect.Analyzer{a})
	for _, d := range res.Diagnostics {
		t.Errorf("diagnostic: %s", d.Msg)
	}
	return len(res.Findings)
}

// TestHygieneVersionRules checks that version-dependent rules follow the pragma: the same code
// is reported only where the compiler range makes it a problem.
func TestHygieneVersionRules(t *testing.T) {
	cases := []struct {
		a      *detect.Analyzer
		pragma string
		body   string
		want   int
	}{
		{UninitializedStoragePointer, "^0.4.24", "struct S { uint a; } S[] all; function f() public { S s; s.a = 1; all.push(s); }", 1},
		{UninitializedStoragePointer, "^0.5.0", "struct S { uint a; } S[] all; function f() public { S s; s.a = 1; all.push(s); }", 0},
		{DefaultFunctionVisibility, "^0.4.24", "function f() { }", 1},
		{DefaultFunctionVisibility, ">=0.5.0 <0.9.0", "function f() { }", 0},
		{ViewFunctionWritesState, "^0.4.24", "uint x; function f() view returns (uint) { x = 1; return x; }", 1},
		{ViewFunctionWritesState, "^0.5.0", "uint x; function f() public view returns (uint) { x = 1; return x; }", 0},
		{GasUncheckedLoopCounter, "^0.8.4", "function f(uint n) external pure returns (uint s) { for (uint i; i < n; ++i) s += i; }", 1},
		{GasUncheckedLoopCounter, "^0.8.22", "function f(uint n) external pure returns (uint s) { for (uint i; i < n; ++i) s += i; }", 0},
		{GasUncheckedLoopCounter, "^0.7.0", "function f(uint n) external pure returns (uint s) { for (uint i; i < n; ++i) s += i; }", 0},
		{GasCustomErrors, "^0.8.4", "function f(uint n) external pure { require(n > 0, \"zero\"); }", 1},
		{GasCustomErrors, "^0.8.0", "function f(uint n) external pure { require(n > 0, \"zero\"); }", 0},
		{GasCouldBeImmutable, "^0.8.0", "address o; constructor() { o = msg.sender; } function g() external view returns (address) { return o; }", 1},
		{GasCouldBeImmutable, "^0.6.0", "address o; constructor() public { o = msg.sender; } function g() external view returns (address) { return o; }", 0},
		{DeprecatedConstruct, "^0.5.0", "function f(address payable a) public { a.call.value(1)(\"\"); }", 0},
		{DeprecatedConstruct, ">=0.6.0 <0.7.0", "function f(address payable a) public { a.call.value(1)(\"\"); }", 1},
		{OutdatedCompiler, "0.8.15", "", 1},
		{OutdatedCompiler, "0.8.17", "", 0},
		{FloatingPragma, "0.8.17", "", 0},
		{FloatingPragma, "^0.8.17", "", 1},
	}
	for _, c := range cases {
		src := "pragma solidity " + c.pragma + ";\ncontract C {\n" + c.body + "\n}\n"
		if got := findingsFor(t, c.a, src); got != c.want {
			t.Errorf("%s with pragma %s: %d findings, want %d\n%s", c.a.ID, c.pragma, got, c.want, src)
		}
	}
}

// TestHygieneNoPanicOnBrokenSource runs every hygiene detector on sources the parser has to
// recover from: a detector must not fail on partial trees.
func TestHygieneNoPanicOnBrokenSource(t *testing.T) {
	srcs := []string{
		"pragma solidity ^0.4.0; contract C { function f( { S s; s.x = ; } }",
		"contract C { modifier m { if (x) } function g() m { for (;;) { assembly { sstore(, ) } } } }",
		"pragma solidity; contract { uint[] a; function f() { a.length--; a[ = 1; } }",
		"contract D is Missing { uint x = ; function () { require(, \"\"); } }",
		"\u202e",
		"",
	}
	for _, s := range srcs {
		prog := sema.Load([]sema.SourceFile{{Path: "broken.sol", Src: []byte(s)}}, nil)
		res := detect.Run(prog, hygieneDetectors)
		for _, d := range res.Diagnostics {
			t.Errorf("%q: %s", s, d.Msg)
		}
	}
}

func TestHygStringLitLen(t *testing.T) {
	for lit, want := range map[string]int{
		`"abc"`:       3,
		`'a\'b'`:      3,
		`"\x41\n"`:    2,
		`"a" "bc"`:    3,
		`"\u00e9"`:    2,
		`"\u20ac!"`:   4,
		`unicode"hé"`: 3, // bytes, not characters
	} {
		fset := token.NewFileSet()
		f, _ := parser.ParseFile(fset, "x.sol", []byte("contract C { function f() public { revert("+lit+"); } }"))
		var got *ast.BasicLit
		ast.Inspect(f, func(n ast.Node) bool {
			if b, ok := n.(*ast.BasicLit); ok && got == nil {
				got = b
			}
			return true
		})
		if got == nil {
			t.Fatalf("%s: no literal", lit)
		}
		if n := hygStringLitLen(got); n != want {
			t.Errorf("%s: length %d, want %d", lit, n, want)
		}
	}
}
