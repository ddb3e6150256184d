package layout

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// contractGen writes random contracts that use every kind of type the storage layout knows, in
// every order: value types of each size (packing), contract, enum (one of 256 members), user-defined value types, structs (nested, recursive through a mapping), fixed
// arrays (lengths written as constant expressions), dynamic and nested arrays, mappings with
// each kind of key, string and bytes, function types, constants, immutables and transient
// variables, and bases in a diamond (C3 order).
type contractGen struct {
	r       *rand.Rand
	n       int      // the file's number, suffixed to every name (names unique across files)
	structs []string // struct types usable in this scope
	enums   []string
	users   []string
	ifaces  []string
	consts  []string
	b       strings.Builder
}

var valueNames = func() []string {
	out := []string{"bool", "address", "address payable", "uint", "int"}
	for bits := 8; bits <= 256; bits += 8 {
		out = append(out, fmt.Sprintf("uint%d", bits), fmt.Sprintf("int%d", bits))
	}
	for n := 1; n <= 32; n++ {
		out = append(out, fmt.Sprintf("bytes%d", n))
	}
	return out
}()

func (g *contractGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// value is a value type: elementary or user-defined.
func (g *contractGen) value() string {
	switch k := g.r.IntN(10); {
	case k == 0 && len(g.enums) > 0:
		return g.pick(g.enums)
	case k == 1 && len(g.users) > 0:
		return g.pick(g.users)
	case k == 2 && len(g.ifaces) > 0:
		return g.pick(g.ifaces)
	}
	return g.pick(valueNames)
}

// key is a mapping key type.
func (g *contractGen) key() string {
	switch g.r.IntN(8) {
	case 0:
		return "string"
	case 1:
		return "bytes"
	}
	t := g.value()
	if t == "address payable" {
		return "address"
	}
	return t
}

// length is a fixed array length, sometimes written with a constant.
func (g *contractGen) length() string {
	n := 1 + g.r.IntN(6)
	switch {
	case len(g.consts) > 0 && g.r.IntN(3) == 0:
		return g.pick(g.consts)
	case g.r.IntN(4) == 0:
		return fmt.Sprintf("%d * 2", n)
	}
	return fmt.Sprint(n)
}

// storable is any type a state variable or struct member may have, depth bounding nesting.
func (g *contractGen) storable(depth int) string {
	k := g.r.IntN(12)
	if depth > 2 {
		k = 0
	}
	switch k {
	case 1, 2:
		return g.storable(depth+1) + "[" + g.length() + "]"
	case 3:
		return g.storable(depth+1) + "[]"
	case 4:
		return "mapping(" + g.key() + " => " + g.storable(depth+1) + ")"
	case 5:
		if len(g.structs) > 0 {
			return g.pick(g.structs)
		}
	case 6:
		return g.pick([]string{"string", "bytes"})
	case 7:
		if depth == 0 {
			vis := g.pick([]string{"internal", "external"})
			mut := g.pick([]string{"", " view", " pure", " payable"})
			if vis == "internal" && mut == " payable" {
				mut = ""
			}
			ret := ""
			if g.r.IntN(2) == 0 {
				ret = " returns (" + g.pick(valueNames) + ")"
			}
			return "function(" + g.pick(valueNames) + ") " + vis + mut + ret
		}
	}
	return g.value()
}

// vars writes count state variables, with constants, immutables and transient ones among them.
func (g *contractGen) vars(prefix string, count int) {
	for i := range count {
		name := fmt.Sprintf("%s%d_%d", prefix, g.n, i)
		switch g.r.IntN(14) {
		case 0:
			fmt.Fprintf(&g.b, "  uint constant %s = %d;\n", name, 1+g.r.IntN(5))
			if prefix == "a" { // A's constants are in scope in every contract that follows
				g.consts = append(g.consts, name)
			}
		case 1:
			fmt.Fprintf(&g.b, "  uint64 immutable %s = %d;\n", name, g.r.IntN(9))
		case 2:
			fmt.Fprintf(&g.b, "  %s transient %s;\n", g.pick([]string{"uint8", "address", "bool", "uint256"}), name)
		default:
			fmt.Fprintf(&g.b, "  %s %s;\n", g.storable(0), name)
		}
	}
}

// structDecl writes a struct, sometimes recursive through a mapping, and makes it usable.
func (g *contractGen) structDecl(name, qualified string) {
	fmt.Fprintf(&g.b, "struct %s {\n", name)
	for i := range 1 + g.r.IntN(5) {
		fmt.Fprintf(&g.b, "  %s m%d;\n", g.storable(1), i)
	}
	if g.r.IntN(5) == 0 {
		fmt.Fprintf(&g.b, "  mapping(uint => %s) self;\n", name)
	}
	g.b.WriteString("}\n")
	g.structs = append(g.structs, qualified)
}

// file writes one source file; its most derived contract is named C<n>.
func (g *contractGen) file() string {
	n := g.n
	g.b.WriteString("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.28;\n")
	fmt.Fprintf(&g.b, "interface I%d {}\n", n)
	g.ifaces = append(g.ifaces, fmt.Sprintf("I%d", n))
	fmt.Fprintf(&g.b, "type FU%d is %s;\n", n, g.pick([]string{"uint8", "int32", "address", "bytes7", "uint128", "bool"}))
	g.users = append(g.users, fmt.Sprintf("FU%d", n))
	members := 2 + g.r.IntN(4)
	if g.r.IntN(6) == 0 {
		members = 256 // the most the language allows: still one byte
	}
	names := make([]string, members)
	for i := range names {
		names[i] = fmt.Sprintf("V%d", i)
	}
	fmt.Fprintf(&g.b, "enum FE%d { %s }\n", n, strings.Join(names, ", "))
	g.enums = append(g.enums, fmt.Sprintf("FE%d", n))
	g.structDecl(fmt.Sprintf("FS%d", n), fmt.Sprintf("FS%d", n))

	fmt.Fprintf(&g.b, "contract A%d {\n", n)
	g.vars("a", 1+g.r.IntN(4))
	g.b.WriteString("}\n")
	fmt.Fprintf(&g.b, "contract L%d is A%d {\n", n, n)
	g.vars("l", g.r.IntN(4))
	g.b.WriteString("}\n")
	fmt.Fprintf(&g.b, "contract R%d is A%d {\n", n, n)
	g.vars("r", g.r.IntN(4))
	g.b.WriteString("}\n")
	bases := []string{fmt.Sprintf("L%d, R%d", n, n), fmt.Sprintf("R%d, L%d", n, n), fmt.Sprintf("A%d, L%d", n, n), fmt.Sprintf("L%d", n)}
	at := ""
	if g.r.IntN(8) == 0 { // a custom storage base (solc 0.8.29)
		at = g.pick([]string{" layout at 0x1234", " layout at 2**64", " layout at 1000 + 24"})
	}
	fmt.Fprintf(&g.b, "contract C%d is %s%s {\n", n, g.pick(bases), at)
	fmt.Fprintf(&g.b, "  enum E%d { X, Y, Z }\n", n)
	g.enums = append(g.enums, fmt.Sprintf("E%d", n))
	fmt.Fprintf(&g.b, "  type U%d is %s;\n", n, g.pick([]string{"uint16", "int256", "bytes1", "address"}))
	g.users = append(g.users, fmt.Sprintf("U%d", n))
	g.b.WriteString("  ")
	g.structDecl(fmt.Sprintf("S%d", n), fmt.Sprintf("S%d", n))
	g.vars("c", 3+g.r.IntN(8))
	g.b.WriteString("}\n")
	return g.b.String()
}

// generate returns count source files by path.
func generate(seed uint64, count int) map[string]string {
	out := map[string]string{}
	for n := range count {
		g := &contractGen{r: rand.New(rand.NewPCG(seed, uint64(n))), n: n}
		out[fmt.Sprintf("gen/c%03d.sol", n)] = g.file()
	}
	return out
}
