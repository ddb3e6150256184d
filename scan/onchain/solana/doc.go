// Package solana scans Solana tokens (SPL Token and Token-2022 mints) straight from the chain
// and builds the token report of SPEC.md 2.5.
//
// # Reading the chain
//
// Scanner.Scan reads through one JSON-RPC endpoint (package rpc) in at most three round trips
// (one when the token has no holders, two in the common case):
//
//  1. one JSON-RPC batch: getMultipleAccounts [mint, Metaplex metadata PDA] (base64),
//     getTokenSupply, getTokenLargestAccounts and getEpochInfo;
//  2. getMultipleAccounts of the (up to 20) largest token accounts, to learn their owners;
//  3. only when some owners are program-derived addresses not known by address:
//     getMultipleAccounts of those owners, to see whether an AMM program owns them.
//
// Accounts are decoded by hand (packages spltoken and metaplex). Metadata comes from the
// Token-2022 embedded metadata when the mint's metadata pointer points at the mint itself,
// else from the Metaplex metadata account; a metadata pointer naming another program's
// account makes the metadata checks Unavailable (that layout is not decoded). A failure to read the mint fails the scan; a
// failure to read holders or the epoch makes only the checks that need them Unavailable.
// Scanner.Validate answers "is this a mint?" with one getAccountInfo.
//
// # Checks
//
// Every check yields issue_status pass, fail or unavailable, and a severity label. Passing
// authority checks are Beneficial (the power was given up); other passes are No Impact. A
// check whose data could not be read is Unavailable (issue_status "unavailable"), never a
// guess. weight1 is the penalty in points of 100 a failing check takes off its score and
// weight2 the check's weight in the average (both appear on failing issues only):
//
//	id                                               fails when                                      severity       weight1  weight2
//	SOLANA_TOKEN_UPDATE_AUTHORITY                    an update authority can still change metadata   Moderate Risk  20       2
//	SOLANA_TOKEN_FREEZE_AUTHORITY                    a freeze authority is set                       High Risk      40       3
//	SOLANA_TOKEN_MINT_AUTHORITY                      a mint authority is set                         High Risk      40       3
//	SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT      the creator holds > 5% of the supply            Moderate Risk  25       2
//	SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT the 5 largest holders own > 10%                 Moderate Risk  20       2
//	SOLANA_HOLDER_CONCENTRATION                      one holder > 20% or the 10 largest > 50%        High Risk      35       2
//	SOLANA_TOKEN_MUTABLE_METADATA                    metadata is mutable or re-pointable             Low Risk       10       1
//	SOLANA_TOKEN_PERMANENT_DELEGATE                  a permanent delegate is set                     High Risk      40       3
//	SOLANA_TOKEN_TRANSFER_FEE                        fee >= 10% now                                  High Risk      35       2
//	                                                 fee > 0, or an authority can change it          Moderate Risk  20       2
//	SOLANA_TOKEN_TRANSFER_HOOK                       a hook program is set                           High Risk      30       2
//	                                                 only a hook authority is set                    Low Risk       10       2
//	SOLANA_TOKEN_NON_TRANSFERABLE                    the mint is non-transferable                    High Risk      50       3
//	SOLANA_TOKEN_DEFAULT_FROZEN                      new accounts start frozen                       High Risk      40       3
//	SOLANA_TOKEN_MINT_CLOSE_AUTHORITY                a mint close authority is set                   Low Risk       10       1
//	SOLANA_TOKEN_PAUSABLE                            the token is paused                             High Risk      50       2
//	                                                 a pause authority is set                        Moderate Risk  25       2
//	SOLANA_TOKEN_CONFIDENTIAL_TRANSFERS              confidential transfers (or mint/burn) enabled   Low Risk       10       1
//	SOLANA_TOKEN_UI_AMOUNT_AUTHORITY                 an authority can change the interest rate or    Low Risk       10       1
//	                                                 UI multiplier wallets use to display balances
//
// The transfer fee in force is the newer schedule once its epoch is reached (epoch from
// getEpochInfo); without the epoch the higher of the two schedules is used and said so.
//
// Holder checks work on owners, not token accounts: the largest token accounts are grouped
// by owner. Burn addresses (the incinerator, the system program) and liquidity pools are
// left out of the three holder checks but listed in holders_info with kind "burn" or "pool".
// A pool is an owner known as an AMM vault authority (Raydium AMM v4, Raydium CPMM), or a
// program-derived owner whose account belongs to a known AMM program (Raydium, Orca
// Whirlpool, Meteora, Pump.fun, PumpSwap). Percentages are of the whole supply. The creator
// is the first verified Metaplex creator, else the metadata update authority, else the mint
// authority; when it is not among the listed holders and the list is complete, or the
// smallest listed account is at most 5%, it is taken as holding less than that.
//
// # Scoring
//
// A passing check scores 100, a failing one 100 - weight1. average_score is the weight2-
// weighted mean over the checks that are not Unavailable, rounded to 2 decimals (100 is the
// safest). The overall severity is the highest severity among failing checks (High Risk >
// Moderate Risk > Low Risk), Low Risk when nothing fails, and Unavailable when no check could
// run. issue_count counts the checks under each of the six labels (all six keys present).
//
// # Report fields
//
// metadata.mint_public_key, public_key and token_address are all the mint. mint_supply is the
// supply in base units as digits; creator_holding a percentage. token_standard is the Metaplex
// token standard when recorded, else NonFungible for a supply of 1 with 0 decimals, else
// Fungible. token_image_uri is filled when an ImageResolver is configured and the URI's JSON
// has an image (HTTPImageResolver refuses private addresses unless allowed). holders_info
// amounts are base units; total_amount is an exact JSON number.
package solana
