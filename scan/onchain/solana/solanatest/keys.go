package solanatest

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
)

func decodeKey(s string) ([]byte, error) {
	k, err := pubkey.Parse(s)
	if err != nil {
		return nil, err
	}
	return k[:], nil
}

func mustKey(s string) []byte {
	b, err := decodeKey(s)
	if err != nil {
		panic(fmt.Sprintf("solanatest: bad key %q: %v", s, err))
	}
	return b
}

// Key returns a deterministic base58 key made from a label, for building holder sets. Wallet
// keys are usually on the curve and PDAs are not; callers who care use WalletKey or PDAKey.
func Key(label string) string {
	h := sha256.Sum256([]byte(label))
	return pubkey.EncodeBase58(h[:])
}

// WalletKey returns a deterministic key that lies on the ed25519 curve, as wallet keys do.
func WalletKey(label string) string { return keyWhere(label, true) }

// PDAKey returns a deterministic key off the curve, as program-derived addresses are.
func PDAKey(label string) string { return keyWhere(label, false) }

func keyWhere(label string, onCurve bool) string {
	for i := uint32(0); ; i++ {
		var n [4]byte
		binary.LittleEndian.PutUint32(n[:], i)
		h := sha256.Sum256(append([]byte(label), n[:]...))
		if pubkey.IsOnCurve(pubkey.Key(h)) == onCurve {
			return pubkey.EncodeBase58(h[:])
		}
	}
}

// MintData builds an 82-byte SPL Token mint. Authorities are base58 keys or "" for none.
func MintData(mintAuthority string, supply uint64, decimals uint8, freezeAuthority string) []byte {
	d := make([]byte, 82)
	if mintAuthority != "" {
		d[0] = 1
		copy(d[4:36], mustKey(mintAuthority))
	}
	binary.LittleEndian.PutUint64(d[36:44], supply)
	d[44] = decimals
	d[45] = 1
	if freezeAuthority != "" {
		d[46] = 1
		copy(d[50:82], mustKey(freezeAuthority))
	}
	return d
}

// Token2022MintData builds a Token-2022 mint: the 82-byte base, zero padding to 165, the mint
// account type byte, then the given raw TLV entries.
func Token2022MintData(base []byte, tlv ...[]byte) []byte {
	d := make([]byte, 166, 512)
	copy(d, base)
	d[165] = 1
	for _, e := range tlv {
		d = append(d, e...)
	}
	return d
}

// TLV encodes one extension entry.
func TLV(typ uint16, value []byte) []byte {
	e := make([]byte, 4, 4+len(value))
	binary.LittleEndian.PutUint16(e[0:2], typ)
	binary.LittleEndian.PutUint16(e[2:4], uint16(len(value)))
	return append(e, value...)
}

// KeyBytes returns the 32 bytes of a base58 key ("" gives zeros), for building extension values.
func KeyBytes(s string) []byte {
	if s == "" {
		return make([]byte, 32)
	}
	return mustKey(s)
}
