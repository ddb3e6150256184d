package solidity

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"golang.org/x/crypto/sha3"
)

// The standard proxy slots, by value: a proxy or a UUPS logic may name them with any constant
// (or a literal), so they are recognised by the word itself (sema.SlotAccesses), never by the
// constant's name.
var (
	// slots whose write installs the code every call runs
	implementationSlots = map[string]string{
		slotWord("eip1967.proxy.implementation", 1):        "the ERC-1967 implementation slot",
		slotWord("eip1967.proxy.beacon", 1):                "the ERC-1967 beacon slot",
		slotWord("org.zeppelinos.proxy.implementation", 0): "the ZeppelinOS implementation slot",
		slotWord("PROXIABLE", 0):                           "the ERC-1822 (UUPS) implementation slot",
	}
	// slots whose write installs who may upgrade
	adminSlots = map[string]string{
		slotWord("eip1967.proxy.admin", 1):        "the ERC-1967 admin slot",
		slotWord("org.zeppelinos.proxy.admin", 0): "the ZeppelinOS admin slot",
	}
)

// slotWord is keccak256(label) - minus, as the hex text big.Int.Text(16) gives.
func slotWord(label string, minus int64) string {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(label))
	w := new(big.Int).SetBytes(h.Sum(nil))
	return w.Sub(w, big.NewInt(minus)).Text(16)
}

// slotWrite is a write of a standard proxy slot an entry point makes, itself or through the
// helpers and libraries it calls.
type slotWrite struct {
	access sema.SlotAccess
	slot   string // what the slot is, for the report
}

// standardSlotWrites lists fn's writes of the slots in table whose stored value the caller
// chooses (callerChoice: its parameters, itself, state anyone sets).
func standardSlotWrites(p *sema.Program, fn *sema.Function, table map[string]string) []slotWrite {
	var out []slotWrite
	for _, a := range p.SlotAccesses(fn) {
		if !a.Write || a.Slot.Word == nil {
			continue
		}
		name, ok := table[a.Slot.Word.Text(16)]
		if !ok {
			continue
		}
		if _, chosen := callerChoice(p, fn, a.Value); chosen {
			out = append(out, slotWrite{a, name})
		}
	}
	return out
}
