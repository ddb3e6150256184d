// Package solanatest provides a local stand-in for a Solana JSON-RPC node, for tests.
//
// Server speaks JSON-RPC 2.0 over HTTP on loopback (single calls and batches) for the
// methods the token scanner uses: getAccountInfo, getMultipleAccounts (base64 encoding),
// getTokenLargestAccounts, getTokenSupply and getEpochInfo, with the answer shapes and error
// codes of a real node. It serves real mainnet accounts loaded from the shared fixture corpus
// (LoadFixtures) plus token accounts that tests build (AddTokenAccount). Faults can be
// injected per method, and every HTTP request and method call is counted so tests can check
// round trips.
package solanatest
