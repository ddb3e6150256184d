// Package spltoken decodes the accounts of the SPL Token and Token-2022 programs by hand, with
// their exact byte layouts.
//
// Layouts (all integers little-endian):
//
//	Mint (82 bytes):  mint_authority COption<Pubkey> (4-byte tag + 32) | supply u64 |
//	                  decimals u8 | is_initialized bool | freeze_authority COption<Pubkey>
//	Account (165):    mint | owner | amount u64 | delegate COption<Pubkey> | state u8 |
//	                  is_native COption<u64> | delegated_amount u64 | close_authority COption<Pubkey>
//
// COption tags are read as what they are (0 = None, 1 = Some, anything else is an error), not
// guessed from "all zero" bytes. Token-2022 accounts carry the same base layout; a mint is
// padded with zeros to 165 bytes, byte 165 holds the account type (1 = mint, 2 = token
// account) and type-length-value extensions follow: u16 type, u16 length, value.
//
// Known mint extensions are decoded into typed fields (transfer fee config, mint close
// authority, confidential transfer mint, default account state, non-transferable, interest
// bearing, permanent delegate, transfer hook, metadata pointer, embedded token metadata,
// group and group-member pointers, token group and member, scaled UI amount, pausable).
// Unknown extension types are kept with their type number and raw bytes, so a newer
// program version never makes a mint undecodable.
package spltoken
