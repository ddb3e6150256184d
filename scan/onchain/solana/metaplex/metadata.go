package metaplex

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
)

// KeyMetadataV1 is the account discriminator byte of a metadata account.
const KeyMetadataV1 = 4

// ErrNotMetadata is returned for data that is not a metadata account.
var ErrNotMetadata = errors.New("metaplex: not a metadata account")

// TokenStandard is the token_standard enum.
type TokenStandard uint8

// Token standards.
const (
	NonFungible TokenStandard = iota
	FungibleAsset
	Fungible
	NonFungibleEdition
	ProgrammableNonFungible
	ProgrammableNonFungibleEdition
)

var standardNames = []string{"NonFungible", "FungibleAsset", "Fungible", "NonFungibleEdition", "ProgrammableNonFungible", "ProgrammableNonFungibleEdition"}

func (s TokenStandard) String() string {
	if int(s) < len(standardNames) {
		return standardNames[s]
	}
	return fmt.Sprintf("Unknown(%d)", uint8(s))
}

// Creator is one entry of the creators list.
type Creator struct {
	Address  pubkey.Key
	Verified bool
	Share    uint8
}

// Collection is the collection field.
type Collection struct {
	Verified bool
	Key      pubkey.Key
}

// Metadata is a decoded metadata account.
type Metadata struct {
	UpdateAuthority      pubkey.Key
	Mint                 pubkey.Key
	Name                 string
	Symbol               string
	URI                  string
	SellerFeeBasisPoints uint16
	Creators             []Creator // nil when the Option is None
	PrimarySaleHappened  bool
	IsMutable            bool
	EditionNonce         *uint8
	TokenStandard        *TokenStandard
	Collection           *Collection
	// TrailingMalformed is set when bytes after edition_nonce could not be read; the optional
	// fields from there on are then absent, as the metadata program itself treats them.
	TrailingMalformed string
}

// maxCreators is the metadata program's limit.
const maxCreators = 5

// Decode decodes metadata account data.
func Decode(data []byte) (*Metadata, error) {
	r := &reader{b: data}
	if k := r.u8("key"); r.err == nil && k != KeyMetadataV1 {
		return nil, fmt.Errorf("%w: key byte is %d, want %d", ErrNotMetadata, k, KeyMetadataV1)
	}
	m := &Metadata{
		UpdateAuthority: r.key("update_authority"),
		Mint:            r.key("mint"),
		Name:            trimNUL(r.str("name")),
		Symbol:          trimNUL(r.str("symbol")),
		URI:             trimNUL(r.str("uri")),
	}
	m.SellerFeeBasisPoints = r.u16("seller_fee_basis_points")
	if r.option("creators") {
		n := r.u32("creators length")
		if r.err == nil && n > maxCreators {
			r.err = fmt.Errorf("creators length %d exceeds %d", n, maxCreators)
		}
		m.Creators = []Creator{}
		for i := uint32(0); i < n && r.err == nil; i++ {
			m.Creators = append(m.Creators, Creator{Address: r.key("creator address"), Verified: r.bool("creator verified"), Share: r.u8("creator share")})
		}
	}
	m.PrimarySaleHappened = r.bool("primary_sale_happened")
	m.IsMutable = r.bool("is_mutable")
	if r.err != nil {
		return nil, fmt.Errorf("metaplex: %w", r.err)
	}
	// From here on, best effort: junk is the absence of the remaining optional fields.
	if r.off == len(data) {
		return m, nil
	}
	if r.option("edition_nonce") {
		v := r.u8("edition_nonce")
		if r.err == nil {
			m.EditionNonce = &v
		}
	}
	if r.err == nil && r.option("token_standard") {
		v := TokenStandard(r.u8("token_standard"))
		if r.err == nil && int(v) >= len(standardNames) {
			r.err = fmt.Errorf("token_standard %d is not a known standard", v)
		}
		if r.err == nil {
			m.TokenStandard = &v
		}
	}
	if r.err == nil && r.option("collection") {
		c := Collection{Verified: r.bool("collection verified"), Key: r.key("collection key")}
		if r.err == nil {
			m.Collection = &c
		}
	}
	if r.err != nil {
		m.TrailingMalformed = r.err.Error()
	}
	return m, nil
}

func trimNUL(s string) string { return strings.TrimRight(s, "\x00") }

// MetadataAddress derives the metadata account address of mint.
func MetadataAddress(mint pubkey.Key) (pubkey.Key, error) {
	k, _, err := pubkey.FindProgramAddress([][]byte{[]byte("metadata"), pubkey.MetadataProgram[:], mint[:]}, pubkey.MetadataProgram)
	return k, err
}

// reader reads Borsh values, keeping the first error with the field it was reading.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) need(n int, field string) bool {
	if r.err != nil {
		return false
	}
	if r.off+n > len(r.b) {
		r.err = fmt.Errorf("%s at offset %d: need %d bytes, %d left", field, r.off, n, len(r.b)-r.off)
		return false
	}
	return true
}

func (r *reader) u8(field string) uint8 {
	if !r.need(1, field) {
		return 0
	}
	r.off++
	return r.b[r.off-1]
}

func (r *reader) u16(field string) uint16 {
	if !r.need(2, field) {
		return 0
	}
	r.off += 2
	return binary.LittleEndian.Uint16(r.b[r.off-2:])
}

func (r *reader) u32(field string) uint32 {
	if !r.need(4, field) {
		return 0
	}
	r.off += 4
	return binary.LittleEndian.Uint32(r.b[r.off-4:])
}

func (r *reader) bool(field string) bool {
	v := r.u8(field)
	if r.err == nil && v > 1 {
		r.err = fmt.Errorf("%s at offset %d: bool byte is %d", field, r.off-1, v)
	}
	return v == 1
}

// option reads a Borsh Option tag: 0 None, 1 Some, anything else an error.
func (r *reader) option(field string) bool {
	v := r.u8(field + " option tag")
	if r.err == nil && v > 1 {
		r.err = fmt.Errorf("%s option tag at offset %d is 0x%02x, want 0 or 1", field, r.off-1, v)
	}
	return v == 1
}

func (r *reader) key(field string) pubkey.Key {
	var k pubkey.Key
	if r.need(32, field) {
		copy(k[:], r.b[r.off:])
		r.off += 32
	}
	return k
}

func (r *reader) str(field string) string {
	n := r.u32(field + " length")
	if r.err != nil {
		return ""
	}
	if int64(n) > int64(len(r.b)-r.off) {
		r.err = fmt.Errorf("%s at offset %d: length %d exceeds the %d bytes left", field, r.off-4, n, len(r.b)-r.off)
		return ""
	}
	s := string(r.b[r.off : r.off+int(n)])
	r.off += int(n)
	return s
}
