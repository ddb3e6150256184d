package solana

// Holders that the concentration checks leave out: tokens that nobody can move (burn
// addresses) and tokens that sit in liquidity pools (owned by an AMM's program-derived
// authority). A pool holding is liquidity, not a whale.

// DefaultBurnAddresses are owners whose tokens are out of circulation for good.
var DefaultBurnAddresses = map[string]string{
	"1nc1nerator11111111111111111111111111111111": "Solana incinerator",
	"11111111111111111111111111111111":            "System program",
}

// DefaultPoolAuthorities are fixed program-derived authorities that own the token vaults of
// every pool of an AMM. Such authorities have no account of their own (or one owned by the
// system program), so they must be known by address.
var DefaultPoolAuthorities = map[string]string{
	"5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1": "Raydium AMM v4",
	"GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL": "Raydium CPMM",
}

// DefaultPoolPrograms are AMM programs whose pool (or bonding-curve) accounts own their vaults
// directly: an off-curve owner whose account is owned by one of these is a pool.
var DefaultPoolPrograms = map[string]string{
	"675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8": "Raydium AMM v4",
	"CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C": "Raydium CPMM",
	"CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK": "Raydium CLMM",
	"whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc":  "Orca Whirlpool",
	"LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo":  "Meteora DLMM",
	"cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG":  "Meteora DAMM v2",
	"Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB": "Meteora DAMM v1",
	"6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P":  "Pump.fun bonding curve",
	"pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA":  "PumpSwap AMM",
}
