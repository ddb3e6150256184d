package spltoken

import (
	"errors"
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
)

// Sizes of the base layouts, and where Token-2022 puts the account type byte.
const (
	MintSize          = 82
	AccountSize       = 165
	AccountTypeOffset = 165
)

// Token-2022 account type byte values.
const (
	AccountTypeUninitialized = 0
	AccountTypeMint          = 1
	AccountTypeAccount       = 2
)

// ErrNotMint is returned when the data is shaped like another kind of account.
var ErrNotMint = errors.New("spltoken: not a mint account")

// Mint is a decoded SPL Token or Token-2022 mint.
type Mint struct {
	MintAuthority   *pubkey.Key // nil when the COption is None (minting disabled for good)
	Supply          uint64
	Decimals        uint8
	IsInitialized   bool
	FreezeAuthority *pubkey.Key // nil when None
	// Token2022 is true when the data carried the Token-2022 account type byte; Extensions
	// then lists the TLV entries in the order they appear.
	Token2022  bool
	Extensions []Extension
}

// DecodeMint decodes mint account data. program is the account's owner: extensions are read
// only for Token-2022, and the SPL Token program's mints must be exactly 82 bytes.
func DecodeMint(data []byte, program pubkey.Key) (*Mint, error) {
	switch {
	case program == pubkey.TokenProgram:
		if len(data) != MintSize {
			return nil, fmt.Errorf("%w: SPL Token mint data is %d bytes, want %d", ErrNotMint, len(data), MintSize)
		}
	case program == pubkey.Token2022Program:
		if len(data) != MintSize && len(data) <= AccountTypeOffset {
			return nil, fmt.Errorf("%w: Token-2022 data is %d bytes, want %d or more than %d", ErrNotMint, len(data), MintSize, AccountTypeOffset)
		}
	default:
		return nil, fmt.Errorf("%w: owner %s is not a token program", ErrNotMint, program)
	}
	r := &reader{b: data[:MintSize]}
	m := &Mint{
		MintAuthority:   r.coptionKey("mint_authority"),
		Supply:          r.u64("supply"),
		Decimals:        r.u8("decimals"),
		IsInitialized:   r.bool("is_initialized"),
		FreezeAuthority: r.coptionKey("freeze_authority"),
	}
	if r.err != nil {
		return nil, fmt.Errorf("spltoken: mint: %w", r.err)
	}
	if len(data) > MintSize {
		// The padding between the base mint and the type byte must be zero: a token account
		// (165 bytes of other fields) would fail here or on the type byte.
		for i := MintSize; i < AccountTypeOffset; i++ {
			if data[i] != 0 {
				return nil, fmt.Errorf("%w: padding byte %d is %d", ErrNotMint, i, data[i])
			}
		}
		if t := data[AccountTypeOffset]; t != AccountTypeMint {
			return nil, fmt.Errorf("%w: account type byte is %d, want %d (mint)", ErrNotMint, t, AccountTypeMint)
		}
		m.Token2022 = true
		exts, err := decodeExtensions(data[AccountTypeOffset+1:], AccountTypeOffset+1)
		if err != nil {
			return nil, fmt.Errorf("spltoken: mint extensions: %w", err)
		}
		m.Extensions = exts
	}
	if !m.IsInitialized {
		return nil, fmt.Errorf("%w: mint is not initialized", ErrNotMint)
	}
	return m, nil
}

// Extension returns the first extension of the given type, or nil.
func (m *Mint) Extension(t ExtensionType) *Extension {
	for i := range m.Extensions {
		if m.Extensions[i].Type == t {
			return &m.Extensions[i]
		}
	}
	return nil
}
