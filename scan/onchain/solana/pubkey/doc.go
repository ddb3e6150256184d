// Package pubkey holds Solana public keys: the 32-byte Key type, its base58 text form, the
// ed25519 on-curve test and program-derived addresses (find_program_address).
//
// Everything here is hand-written from the published definitions so that the scanner does not
// depend on a full Solana SDK: base58 uses the Bitcoin alphabet, a program-derived address is
// sha256(seeds || bump || program_id || "ProgramDerivedAddress") taken at the highest bump whose
// hash is not a point on the ed25519 curve. The curve test itself uses filippo.io/edwards25519,
// whose point decoding accepts the same (also non-canonical) encodings as Solana's validators.
package pubkey
