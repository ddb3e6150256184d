package spltoken

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
)

// reader walks a byte slice and records the first error with the field it was reading, so
// decoders read straight through and check once at the end.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) need(n int, field string) bool {
	if r.err != nil {
		return false
	}
	if n < 0 || r.off+n > len(r.b) {
		r.err = fmt.Errorf("%s at offset %d: need %d bytes, %d left", field, r.off, n, len(r.b)-r.off)
		return false
	}
	return true
}

func (r *reader) u8(field string) uint8 {
	if !r.need(1, field) {
		return 0
	}
	v := r.b[r.off]
	r.off++
	return v
}

func (r *reader) u16(field string) uint16 {
	if !r.need(2, field) {
		return 0
	}
	v := binary.LittleEndian.Uint16(r.b[r.off:])
	r.off += 2
	return v
}

func (r *reader) u32(field string) uint32 {
	if !r.need(4, field) {
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b[r.off:])
	r.off += 4
	return v
}

func (r *reader) u64(field string) uint64 {
	if !r.need(8, field) {
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b[r.off:])
	r.off += 8
	return v
}

func (r *reader) bool(field string) bool {
	v := r.u8(field)
	if r.err == nil && v > 1 {
		r.err = fmt.Errorf("%s at offset %d: bool byte is %d", field, r.off-1, v)
	}
	return v == 1
}

func (r *reader) key(field string) pubkey.Key {
	var k pubkey.Key
	if !r.need(32, field) {
		return k
	}
	copy(k[:], r.b[r.off:])
	r.off += 32
	return k
}

func (r *reader) bytes(n int, field string) []byte {
	if !r.need(n, field) {
		return nil
	}
	v := r.b[r.off : r.off+n : r.off+n]
	r.off += n
	return v
}

// coptionTag reads the 4-byte COption tag of the SPL Token program.
func (r *reader) coptionTag(field string) bool {
	tag := r.u32(field + " tag")
	if r.err == nil && tag > 1 {
		r.err = fmt.Errorf("%s tag at offset %d is %d, want 0 (None) or 1 (Some)", field, r.off-4, tag)
	}
	return tag == 1
}

// coptionKey reads a COption<Pubkey>. The 32 key bytes are present whatever the tag.
func (r *reader) coptionKey(field string) *pubkey.Key {
	some := r.coptionTag(field)
	k := r.key(field)
	if !some || r.err != nil {
		return nil
	}
	return &k
}

// coptionU64 reads a COption<u64>.
func (r *reader) coptionU64(field string) *uint64 {
	some := r.coptionTag(field)
	v := r.u64(field)
	if !some || r.err != nil {
		return nil
	}
	return &v
}

// optionalNonZeroKey reads Token-2022's OptionalNonZeroPubkey: 32 bytes, all zero meaning none.
func (r *reader) optionalNonZeroKey(field string) *pubkey.Key {
	k := r.key(field)
	if r.err != nil || k.IsZero() {
		return nil
	}
	return &k
}

// borshString reads a u32 length and that many bytes. The length is checked against the
// bytes left before anything is sliced or allocated, so a corrupt prefix is just an error.
func (r *reader) borshString(field string) string {
	n := r.u32(field + " length")
	if r.err != nil {
		return ""
	}
	if int64(n) > int64(len(r.b)-r.off) {
		r.err = fmt.Errorf("%s at offset %d: length %d exceeds the %d bytes left", field, r.off-4, n, len(r.b)-r.off)
		return ""
	}
	return string(r.bytes(int(n), field))
}

func (r *reader) f64(field string) float64 {
	return math.Float64frombits(r.u64(field))
}
