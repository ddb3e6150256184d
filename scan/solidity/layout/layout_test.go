package layout

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

func load(t *testing.T, src string) *sema.Program {
	t.Helper()
	prog := sema.Load([]sema.SourceFile{{Path: "a.sol", Src: []byte(src)}}, nil)
	for _, d := range prog.Diagnostics {
		t.Fatalf("%s", d)
	}
	return prog
}

// The namespaced struct of ERC-7201's own example sits at the slot the standard gives, and its
// members follow it.
func TestERC7201Namespace(t *testing.T) {
	prog := load(t, `pragma solidity ^0.8.20;
contract Example {
    /// @custom:storage-location erc7201:example.main
    struct MainStorage {
        uint256 x;
        uint128 y;
        uint128 z;
    }
    uint256 plain;
}`)
	l, err := Of(prog, prog.Contracts[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Namespaces) != 1 {
		t.Fatalf("namespaces: %+v", l.Namespaces)
	}
	ns := l.Namespaces[0]
	const slot = "0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500"
	if ns.ID != "erc7201:example.main" || ns.Slot != slot || ns.Struct != "struct Example.MainStorage" {
		t.Fatalf("namespace: %+v", ns)
	}
	base := ERC7201("example.main")
	if got := fmt.Sprintf("%s %s %d", ns.Members[1].Slot, ns.Members[2].Slot, ns.Members[2].Offset); got != fmt.Sprintf("%s %s 16", new(big.Int).Add(base, big.NewInt(1)), new(big.Int).Add(base, big.NewInt(1))) {
		t.Fatalf("members: %s", got)
	}
	if len(l.Storage) != 1 || l.Storage[0].Slot != "0" {
		t.Fatalf("the namespaced struct takes no linear slot: %+v", l.Storage)
	}
}

// A layout that cannot be known says where: an unresolved base, an unknown type, a length
// that is not a constant.
func TestLayoutErrorsNameTheLine(t *testing.T) {
	for _, src := range []string{
		"contract C is Missing {\n uint x;\n}",
		"contract C {\n Unknown x;\n}",
		"contract C {\n uint[n()] x;\n function n() pure returns (uint) { return 1; }\n}",
	} {
		prog := sema.Load([]sema.SourceFile{{Path: "a.sol", Src: []byte(src)}}, nil)
		_, err := Of(prog, prog.Contracts[0])
		if e, ok := err.(*Error); !ok || e.Pos.Filename != "a.sol" || e.Pos.Line == 0 {
			t.Errorf("%q: error %v, want one naming a.sol and a line", src, err)
		}
	}
}
