// Package tokenapi serves the second host's token routes (SPEC.md 4.7, 4.8, 4.9, 5, 8):
//
//	POST /app/api-validate-solana-token/     {token}    -> {data: {token_valid}, success}
//	GET  /app/api/v1/solana-scan/{mint}                 -> {data: report, status: "success"}
//	POST /app/api-get-solana-scan-details/   {scan_id}  -> {success, data: report}
//
// The handler is a net/http ServeMux with Go 1.22 method-and-path patterns; it holds no
// scanning logic: scans come from a Scanner (*solana.Scanner in production).
//
// Authentication and limits. The scan route takes an optional "Authorization: Token <token>"
// header, checked by a TokenChecker that maps a token to a client id (the report's
// client_id; 0 for anonymous scans). Without a token, a strict per-client-address limit
// applies (Config.Anonymous); with a valid token, a relaxed per-token limit (Config.PerToken).
// An unknown token or another scheme is refused with 401, never silently downgraded; unknown
// tokens also count against the address's anonymous limit, so guessing is as slow as scanning. The
// validation and details routes need no token and share a per-address limit
// (Config.Lookup). Limits are token buckets (golang.org/x/time/rate): Requests per Per,
// with bursts of Burst. Over a limit the answer is 429 with a Retry-After header (whole
// seconds) and a JSON error.
//
// The client address is the connection's remote address; with Config.TrustForwardedFor it is
// the last X-Forwarded-For entry (the one our own reverse proxy appended).
//
// Caching. A scan of the same mint within Config.CacheTTL is answered from memory (the same
// scan_id, with the asking client's client_id), and concurrent requests for one mint share a
// single scan. Every fresh scan is saved through the Store, which the details route reads;
// MemoryStore is an in-memory Store for tests and single-process development.
//
// Errors are JSON in the envelope of the route: {"status": "failed", "error": ...} for the
// scan route, {"success": false, "error": ...} for the others. Validation never errors on
// bad input: garbage, wallets and token accounts give token_valid false. A failure to reach
// the chain is 502 with a message that never contains the RPC endpoint or its key.
package tokenapi
