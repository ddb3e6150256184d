package layout

import "math/big"

// place is where a variable or member starts: a slot and a byte offset in it.
type place struct {
	slot   *big.Int
	offset int
}

// pack assigns slots and offsets to a sequence of types as solc's StorageOffsets does: a value
// goes into the current slot when it fits after what is there, else it starts the next one; a
// type of more than one slot, or of a whole slot, leaves the next variable a fresh slot.
func pack(types []*typ) []place {
	out := make([]place, len(types))
	slot, offset := new(big.Int), 0
	for i, t := range types {
		if offset+t.bytes > 32 {
			slot.Add(slot, big.NewInt(1))
			offset = 0
		}
		out[i] = place{slot: new(big.Int).Set(slot), offset: offset}
		if t.slots.Cmp(big.NewInt(1)) == 0 && offset+t.bytes <= 32 {
			offset += t.bytes
		} else {
			slot.Add(slot, t.slots)
			offset = 0
		}
	}
	return out
}

// total is the number of slots a packed sequence takes (a struct's size).
func total(types []*typ, places []place) *big.Int {
	if len(types) == 0 {
		return new(big.Int)
	}
	last := len(types) - 1
	end := new(big.Int).Set(places[last].slot)
	if types[last].slots.Cmp(big.NewInt(1)) == 0 && places[last].offset+types[last].bytes <= 32 {
		return end.Add(end, big.NewInt(1))
	}
	return end.Add(end, types[last].slots)
}
