package solana

import "errors"

// Errors of Scan and Validate that describe the input rather than a failure. Callers map them
// to client errors (HTTP 400/404); anything else is a failure to read the chain.
var (
	// ErrInvalidKey: the token field is not a base58 32-byte public key.
	ErrInvalidKey = errors.New("token is not a valid base58 public key")
	// ErrNotFound: no account exists at the key.
	ErrNotFound = errors.New("no account exists at this public key")
	// ErrNotMint: the account exists but is not a mint of the SPL Token or Token-2022 program
	// (a wallet, a token account, a program...).
	ErrNotMint = errors.New("account is not an SPL Token or Token-2022 mint")
)
