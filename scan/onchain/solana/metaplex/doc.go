// Package metaplex decodes Metaplex Token Metadata accounts (Borsh) and derives their
// addresses.
//
// The metadata account of a mint is the program-derived address of the seeds
// ["metadata", metadata program id, mint] under the metadata program
// (metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s).
//
// Layout, Borsh: key u8 (4 = MetadataV1) | update_authority Pubkey | mint Pubkey |
// name String | symbol String | uri String | seller_fee_basis_points u16 |
// creators Option<Vec<{address Pubkey, verified bool, share u8}>> | primary_sale_happened bool |
// is_mutable bool | edition_nonce Option<u8> | token_standard Option<u8> |
// collection Option<{verified bool, key Pubkey}> | uses Option<{use_method u8, remaining u64,
// total u64}> | collection_details Option<enum> | programmable_config Option<enum>.
//
// Real accounts carry malformed bytes after edition_nonce (the USDC account has 0x10 where the
// token_standard Option tag belongs: old accounts were resized with junk). Like the metadata
// program's own meta_deser_unchecked, Decode reads strictly up to edition_nonce and treats a
// failure in the later, optional fields as "absent" (Metadata.TrailingMalformed records it).
// Strings are NUL-padded on chain; the padding is trimmed.
package metaplex
