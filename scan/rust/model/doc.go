// Package model builds, from parsed Rust source and Cargo metadata, the
// view of a Solana program that detectors query.
//
// A Workspace holds the crates found under a folder (Cargo.toml and
// Cargo.lock parsed with go-toml). Analyze turns a crate's syntax trees
// into a Program: its functions, Anchor #[program] modules and their
// instruction handlers with the Context<T> accounts type,
// #[derive(Accounts)] structs with classified field types, /// CHECK:
// notes and #[account(...)] constraints in structured form, #[account]
// data structs (which carry a discriminator) versus plain Borsh structs,
// and native entrypoints.
//
// Query helpers (Calls, FieldAccesses, Arithmetic, UnsafeCode, Macros)
// walk any node, looking through macro arguments such as require!(...), so
// detectors can ask "is x.is_signer read here?" or "where is invoke_signed
// called?" without walking trees themselves.
package model
