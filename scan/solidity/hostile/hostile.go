// Package hostile generates Solidity sources built to make a scanner's analysis super-linear:
// one generator per input class of issue 16 (huge functions, contracts, call cliques, modifier
// cycles, inheritance chains, operator chains). Tests scan them under a budget and benchmarks
// print what they cost, so that a quadratic walk or a copied ancestor stack shows up as a
// figure, not as a hung CI run.
package hostile

import (
	"fmt"
	"strings"
)

// Class is one kind of hostile input.
type Class struct {
	Name string
	// Full is the size issue 16 measured the class at (statements, functions, operands, ...).
	Full int
	// Test is a size the test suite affords that still shows super-linear cost (minutes on the
	// code before the fixes).
	Test int
	// Gen writes a source file of the class at size n.
	Gen func(n int) []byte
}

// Classes lists every class, in a stable order.
var Classes = []Class{
	{"ifelse", 400, 100, IfElse},
	{"straight", 20000, 2000, Straight},
	{"functions", 10000, 1000, Functions},
	{"callclique", 300, 40, CallClique},
	{"modifiers", 2000, 300, Modifiers},
	{"inheritance", 10000, 120, Inheritance},
	{"unchecked", 50000, 4000, Unchecked},
	{"chain10k", 10000, 10000, Chain},
	{"chain100k", 100000, 100000, Chain},
}

const header = "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n\n"

// prelude is the state every generated contract touches: an owner checked against the caller,
// balances, a counter, so that access, arithmetic and reentrancy analyses all have work to do.
const prelude = `    address owner;
    uint256 total;
    mapping(address => uint256) balances;
`

func contract(name, bases, body string) string {
	if bases != "" {
		bases = " is " + bases
	}
	return "contract " + name + bases + " {\n" + body + "}\n"
}

// IfElse is one function of n if/else blocks, each writing state on both sides under a caller
// check: every write has many dominating branches.
func IfElse(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract IfElse {\n" + prelude + "    function f(uint256 a) public {\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "        if (a > %d && msg.sender == owner) {\n            total = total + a;\n            balances[msg.sender] = %d;\n        } else {\n            balances[msg.sender] -= a;\n            payable(msg.sender).transfer(%d);\n        }\n", i, i, i)
	}
	b.WriteString("    }\n}\n")
	return []byte(b.String())
}

// Straight is one function of n straight-line statements mixing state writes, locals,
// arithmetic and external calls.
func Straight(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract Straight {\n" + prelude + "    function f(uint256 a) public {\n        uint256 x = a;\n")
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "        x = x * %d + a;\n", i+1)
		case 1:
			b.WriteString("        total = total + x;\n")
		case 2:
			b.WriteString("        balances[msg.sender] = x / 2;\n")
		case 3:
			b.WriteString("        require(x > a, \"small\");\n")
		}
	}
	b.WriteString("        payable(msg.sender).transfer(x);\n    }\n}\n")
	return []byte(b.String())
}

// Functions is one contract of n small public functions, each writing state.
func Functions(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract Functions {\n" + prelude)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    function f%d(uint256 a) public {\n        total = total + a * %d;\n        balances[msg.sender] = a;\n    }\n", i, i)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// CallClique is n functions that all call each other (n² call edges), half of the calls under a
// branch and half as plain statements (what check-helper analyses look into).
func CallClique(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract CallClique {\n" + prelude)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    function f%d(uint256 a) public {\n        total = total + a;\n", i)
		for j := 0; j < n; j++ {
			switch {
			case j == i:
			case j%2 == 0:
				fmt.Fprintf(&b, "        if (a == %d) f%d(a - 1);\n", j, j)
			default:
				fmt.Fprintf(&b, "        f%d(a - 1);\n", j)
			}
		}
		b.WriteString("    }\n")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// Modifiers is n modifiers in one cycle: modifier mi calls function g(i+1), guarded by m(i+1).
func Modifiers(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract Modifiers {\n" + prelude)
	for i := 0; i < n; i++ {
		next := (i + 1) % n
		fmt.Fprintf(&b, "    modifier m%d() {\n        require(msg.sender == owner);\n        g%d();\n        _;\n    }\n", i, next)
		fmt.Fprintf(&b, "    function g%d() public m%d {\n        total = total + %d;\n    }\n", i, i, i)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// Inheritance is a chain of n contracts, each inheriting the previous one and overriding its
// function.
func Inheritance(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString(contract("C0", "", prelude+"    function f(uint256 a) public virtual {\n        total = a;\n    }\n"))
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "contract C%d is C%d {\n    function f(uint256 a) public virtual override {\n        super.f(a + %d);\n    }\n}\n", i, i-1, i)
	}
	return []byte(b.String())
}

// Unchecked is one function whose body is an unchecked block of n arithmetic statements.
func Unchecked(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract Unchecked {\n" + prelude + "    function f(uint256 a) public {\n        uint256 x = a;\n        unchecked {\n")
	for i := 0; i < n; i++ {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "            x = x * %d + a;\n", i+1)
		case 1:
			b.WriteString("            total -= x;\n")
		case 2:
			b.WriteString("            balances[msg.sender] += x;\n")
		}
	}
	b.WriteString("        }\n    }\n}\n")
	return []byte(b.String())
}

// Chain is one statement x = a + a + ... + a with n operands: a left-associative chain n deep.
func Chain(n int) []byte {
	var b strings.Builder
	b.WriteString(header)
	b.WriteString("contract Chain {\n" + prelude + "    function f(uint256 a) public {\n        total = a")
	for i := 1; i < n; i++ {
		b.WriteString(" + a")
	}
	b.WriteString(";\n    }\n}\n")
	return []byte(b.String())
}
