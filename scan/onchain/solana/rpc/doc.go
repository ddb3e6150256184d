// Package rpc is a small Solana JSON-RPC 2.0 client over net/http for the calls the token
// scanner makes: getAccountInfo and getMultipleAccounts (base64 data), getTokenLargestAccounts,
// getTokenSupply and getEpochInfo.
//
// Calls can be sent one per HTTP request or several in one JSON-RPC batch (Client.Do), which
// is how the scanner keeps a scan to two or three round trips. Each call of a batch succeeds
// or fails on its own.
//
// Failures are reported, never guessed around: transport errors and timeouts, HTTP statuses
// (429 is retried a bounded number of times, honouring Retry-After up to a cap), JSON-RPC error
// objects (*Error), and malformed answers (ErrMalformed: not JSON, missing result, wrong
// shapes, wrong ids, oversized bodies).
//
// The endpoint URL often carries the provider's API key in its query, path or user
// information. It never appears in an error: errors name the endpoint by scheme and host only
// (Client.Endpoint) and any text the transport produced is scrubbed of the full URL.
package rpc
