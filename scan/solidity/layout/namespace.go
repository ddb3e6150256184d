package layout

import (
	"fmt"
	"math/big"
	"regexp"
	"slices"

	"golang.org/x/crypto/sha3"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// storageLocation is the NatSpec tag of ERC-7201: `@custom:storage-location <formula>:<id>`.
var storageLocation = regexp.MustCompile(`@custom:storage-location\s+([A-Za-z0-9_]+):(\S+)`)

// namespaces lays out the namespaced structs declared in the contract and its bases, base
// first. A formula other than erc7201 is an error: the slot would be a guess.
func (b *builder) namespaces() ([]Namespace, error) {
	var out []Namespace
	lin := slices.Clone(b.contract.Linearization)
	slices.Reverse(lin)
	for _, c := range lin {
		for _, s := range c.Structs {
			m := storageLocation.FindStringSubmatch(s.Doc.Text())
			if m == nil {
				continue
			}
			if m[1] != "erc7201" {
				return nil, b.errorf(s.Pos(), "struct %s: storage-location formula %q is not erc7201", s.Name.Name, m[1])
			}
			st, ok := b.prog.TypeOf(s.Name, c, c.File).(*sema.StructType)
			if !ok || st.Decl != s {
				return nil, b.errorf(s.Pos(), "struct %s cannot be resolved in %s", s.Name.Name, c.Name)
			}
			t, err := b.structOf(st, locStorage)
			if err != nil {
				return nil, err
			}
			base := ERC7201(m[2])
			ns := Namespace{ID: m[1] + ":" + m[2], Slot: fmt.Sprintf("0x%064x", base), Struct: b.types[t.id].Label, Type: t.id,
				Contract: c.File.Path + ":" + c.Name, Pos: b.prog.Fset.Position(s.Pos())}
			for _, e := range b.types[t.id].Members {
				rel, _ := new(big.Int).SetString(e.Slot, 10)
				e.Slot = rel.Add(rel, base).String()
				ns.Members = append(ns.Members, e)
			}
			out = append(out, ns)
		}
	}
	return out, nil
}

// ERC7201 is the first slot of namespace id:
// keccak256(abi.encode(uint256(keccak256(id)) - 1)) & ~bytes32(uint256(0xff)).
func ERC7201(id string) *big.Int {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(id))
	n := new(big.Int).SetBytes(h.Sum(nil))
	n.Sub(n, big.NewInt(1))
	var word [32]byte
	n.FillBytes(word[:])
	h = sha3.NewLegacyKeccak256()
	h.Write(word[:])
	out := new(big.Int).SetBytes(h.Sum(nil))
	return out.AndNot(out, big.NewInt(0xff))
}
