package pubkey

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"filippo.io/edwards25519"
)

// Limits of the Solana runtime for program-derived address seeds.
const (
	MaxSeeds   = 16
	MaxSeedLen = 32
)

// pdaMarker is appended to every program-derived address hash.
const pdaMarker = "ProgramDerivedAddress"

// ErrNoViableBump is returned when no bump from 255 to 0 gives an off-curve address. For
// sha256 outputs this happens with probability 2^-256; it exists so that the loop ends.
var ErrNoViableBump = errors.New("pubkey: no bump seed gives an off-curve address")

// ErrOnCurve is returned by CreateProgramAddress when the hash is a curve point, so that it
// could have a private key and cannot serve as a program-derived address.
var ErrOnCurve = errors.New("pubkey: derived address is on the curve")

// IsOnCurve reports whether k decodes to a point of the ed25519 curve. Wallet keys are on the
// curve; program-derived addresses are, by construction, not.
func IsOnCurve(k Key) bool {
	_, err := new(edwards25519.Point).SetBytes(k[:])
	return err == nil
}

// CreateProgramAddress derives the address for seeds (the bump already among them) and program.
// It fails when the result lies on the curve, as the runtime's create_program_address does.
func CreateProgramAddress(seeds [][]byte, program Key) (Key, error) {
	if len(seeds) > MaxSeeds {
		return Key{}, fmt.Errorf("pubkey: %d seeds, at most %d allowed", len(seeds), MaxSeeds)
	}
	h := sha256.New()
	for i, s := range seeds {
		if len(s) > MaxSeedLen {
			return Key{}, fmt.Errorf("pubkey: seed %d is %d bytes, at most %d allowed", i, len(s), MaxSeedLen)
		}
		h.Write(s)
	}
	h.Write(program[:])
	h.Write([]byte(pdaMarker))
	var k Key
	copy(k[:], h.Sum(nil))
	if IsOnCurve(k) {
		return Key{}, ErrOnCurve
	}
	return k, nil
}

// FindProgramAddress returns the program-derived address at the highest bump (255 downwards)
// that is off the curve, and that bump, like the runtime's find_program_address.
func FindProgramAddress(seeds [][]byte, program Key) (Key, uint8, error) {
	if len(seeds) >= MaxSeeds {
		return Key{}, 0, fmt.Errorf("pubkey: %d seeds leave no room for the bump seed", len(seeds))
	}
	withBump := make([][]byte, len(seeds)+1)
	copy(withBump, seeds)
	bump := []byte{0}
	withBump[len(seeds)] = bump
	for b := 255; b >= 0; b-- {
		bump[0] = byte(b)
		k, err := CreateProgramAddress(withBump, program)
		if err == nil {
			return k, byte(b), nil
		}
		if !errors.Is(err, ErrOnCurve) {
			return Key{}, 0, err
		}
	}
	return Key{}, 0, ErrNoViableBump
}
