// Package auth creates, checks and revokes the API keys of the private HTTP API.
//
// A key is "vgl_" followed by 43 characters of URL-safe base64 (256 random bits). It is shown
// once, when created; the store keeps only its SHA-256, so a stolen database gives no usable
// key. A request's key is hashed, looked up by hash, and the stored hash is compared again in
// constant time.
//
// One key store serves both schemes of SPEC.md section 5: a key is sent as
// "Authorization: Bearer <key>" on /private/... and as "Authorization: Token <key>" on
// /api-tag-webhook/. The scheme word must be the one the route expects; a key sent with the
// other word is refused with 401 naming the expected scheme, so a client that mixes them up
// learns why. Keys never appear in logs or answers. Wrong keys are throttled per client address
// (Throttle): past a few, an address waits a growing delay and is answered 429 meanwhile.
package auth
