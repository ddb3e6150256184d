// Package webhook tags client endpoints and delivers scan events to them, signed as the
// Standard Webhooks specification (https://www.standardwebhooks.com/) describes.
//
// Each delivery is a POST of a JSON event with the client's own headers plus:
//
//	webhook-id:        msg_<random>, the same on every retry of one event (for idempotency)
//	webhook-timestamp: Unix seconds of this attempt
//	webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">
//
// The HMAC key is the base64 part of the endpoint's "whsec_..." secret, returned once when the
// endpoint is tagged. Deliveries are rows of the store: the dispatcher sends due ones, counts
// attempts and schedules retries with exponential backoff (base, 2*base, 4*base, ... capped),
// so a restart resumes them. A 2xx answer ends a delivery; after MaxAttempts failures it is
// marked failed. The HTTP client goes through netguard, so a tagged host that later resolves
// to a private address is refused at dial time too.
package webhook
