package pubkey

import "fmt"

// Size is the length in bytes of a Solana public key.
const Size = 32

// Key is a Solana public key (an ed25519 point or a program-derived address).
type Key [Size]byte

// Zero is the all-zero key. SPL programs use it as "none" in OptionalNonZeroPubkey fields.
var Zero Key

// Well-known program ids used by the token scanner.
var (
	SystemProgram     = MustParse("11111111111111111111111111111111")
	TokenProgram      = MustParse("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")
	Token2022Program  = MustParse("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb")
	MetadataProgram   = MustParse("metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s")
	IncineratorWallet = MustParse("1nc1nerator11111111111111111111111111111111")
)

// Parse decodes a base58 public key and checks that it is exactly 32 bytes.
func Parse(s string) (Key, error) {
	var k Key
	if len(s) < 32 || len(s) > 44 {
		return k, fmt.Errorf("public key must be 32 to 44 base58 characters, got %d", len(s))
	}
	b, err := DecodeBase58(s)
	if err != nil {
		return k, fmt.Errorf("public key: %w", err)
	}
	if len(b) != Size {
		return k, fmt.Errorf("public key decodes to %d bytes, want %d", len(b), Size)
	}
	copy(k[:], b)
	return k, nil
}

// MustParse is Parse for constants known to be valid; it panics otherwise.
func MustParse(s string) Key {
	k, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return k
}

// FromBytes copies a 32-byte slice into a Key.
func FromBytes(b []byte) (Key, error) {
	var k Key
	if len(b) != Size {
		return k, fmt.Errorf("public key is %d bytes, want %d", len(b), Size)
	}
	copy(k[:], b)
	return k, nil
}

// String returns the base58 form.
func (k Key) String() string { return EncodeBase58(k[:]) }

// IsZero reports whether k is the all-zero key.
func (k Key) IsZero() bool { return k == Zero }

// MarshalText writes the base58 form, so keys appear as text in JSON.
func (k Key) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText parses the base58 form.
func (k *Key) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*k = p
	return nil
}
