// Package validation is the account-validation model of a Solana crate: for each instruction
// (an Anchor handler of a #[program] module, or a native processor reachable from the
// entrypoint's dispatch), what it establishes about each of its accounts, with the evidence.
// Every Rust detector reads it instead of re-deriving checks from one function's syntax.
//
// The model is built by walking each instruction's code from its entry with abstract values
// (Value): an account, its key, owner, lamports and data, a field of its data, a constant
// address, the program's id, an address derived from seeds, instruction data. Calls of the
// crate's functions are followed with their parameters bound to the caller's values (helpers,
// accessors, Accounts methods, access_control checks, the helpers a constraint calls), so that
// a check written in a helper counts wherever the helper is called. The walk records facts:
//
//   - Relation: two values compared, in any form (==, !=, .eq(), .ne(), cmp_pubkeys,
//     sol_memcmp, require_keys_eq!, assert_eq!, Anchor's has_one, address, token::*,
//     associated_token::*, constraint = ...), keys kept in locals, loaded holders;
//   - SignerCheck: an account's is_signer tested in a condition;
//   - DataRead: an account's data read as a type, and how (a discriminator, an exact length,
//     a prefix, a cast);
//   - DataWrite and LamportsChange: what the instruction changes (the runtime lets only the
//     owning program write data or debit lamports);
//   - CPI: a cross-program invocation, its program (fixed by a builder or given by an
//     account), the accounts it is handed by role, and whether the program signs.
//
// Anchor's account types and constraints become the same facts (Anchor), so that a detector
// asks one question whichever way the program wrote the check. Account summarises, per
// account, what the facts establish (signer, owner, key, type) and the roles the account plays
// (authority, destination, data source, PDA, program).
package validation
