package spltoken

import (
	"errors"
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
)

// ErrNotTokenAccount is returned when data is not a token (holding) account.
var ErrNotTokenAccount = errors.New("spltoken: not a token account")

// Account states.
const (
	StateUninitialized = 0
	StateInitialized   = 1
	StateFrozen        = 2
)

// Account is a decoded token (holding) account. Extensions of Token-2022 token accounts are
// not decoded: the scanner only needs the owner, amount and state.
type Account struct {
	Mint            pubkey.Key
	Owner           pubkey.Key
	Amount          uint64
	Delegate        *pubkey.Key
	State           uint8
	IsNative        *uint64
	DelegatedAmount uint64
	CloseAuthority  *pubkey.Key
}

// DecodeAccount decodes a token account of either token program.
func DecodeAccount(data []byte) (*Account, error) {
	if len(data) < AccountSize {
		return nil, fmt.Errorf("%w: data is %d bytes, want at least %d", ErrNotTokenAccount, len(data), AccountSize)
	}
	if len(data) > AccountSize && data[AccountTypeOffset] != AccountTypeAccount {
		return nil, fmt.Errorf("%w: account type byte is %d, want %d", ErrNotTokenAccount, data[AccountTypeOffset], AccountTypeAccount)
	}
	r := &reader{b: data[:AccountSize]}
	a := &Account{
		Mint:            r.key("mint"),
		Owner:           r.key("owner"),
		Amount:          r.u64("amount"),
		Delegate:        r.coptionKey("delegate"),
		State:           r.u8("state"),
		IsNative:        r.coptionU64("is_native"),
		DelegatedAmount: r.u64("delegated_amount"),
		CloseAuthority:  r.coptionKey("close_authority"),
	}
	if r.err != nil {
		return nil, fmt.Errorf("spltoken: account: %w", r.err)
	}
	if a.State == StateUninitialized || a.State > StateFrozen {
		return nil, fmt.Errorf("%w: state byte is %d", ErrNotTokenAccount, a.State)
	}
	return a, nil
}
