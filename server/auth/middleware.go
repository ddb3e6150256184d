package auth

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/server/clientaddr"
	"github.com/vigil-sec/vigil/server/store"
)

// Schemes of the Authorization header.
const (
	Bearer = "Bearer"
	Token  = "Token"
)

type ctxKey struct{}

// caller is who an authenticated request comes from.
type caller struct{ clientID, keyID int64 }

// ClientID returns the client of an authenticated request, or 0.
func ClientID(ctx context.Context) int64 {
	c, _ := ctx.Value(ctxKey{}).(caller)
	return c.clientID
}

// KeyID returns the API key an authenticated request came with (the key of a dashboard
// session), or 0: what the request asks for (an upload URL, a scan's place in the queue) is
// the key's, and ends or counts with it.
func KeyID(ctx context.Context) int64 {
	c, _ := ctx.Value(ctxKey{}).(caller)
	return c.keyID
}

// WithKey returns ctx carrying the key's client and the key, as Require does.
func WithKey(ctx context.Context, k store.Key) context.Context {
	return context.WithValue(ctx, ctxKey{}, caller{clientID: k.ClientID, keyID: k.ID})
}

// WithClientID returns ctx carrying a client id without a key.
func WithClientID(ctx context.Context, id int64) context.Context {
	return context.WithValue(ctx, ctxKey{}, caller{clientID: id})
}

// Fail writes an authentication failure in the error shape of the route.
type Fail func(w http.ResponseWriter, status int, msg string)

// Require wraps next so that it runs only for requests with a valid key sent with scheme.
// Failures get 401 (500 if the store fails) through fail; the key is never logged. A wrong key
// counts against the client's address in throttle (nil: no throttling), and an address that
// must wait gets 429 with Retry-After before its key is looked at.
func Require(st store.Store, throttle *Throttle, scheme string, log *slog.Logger, fail Fail, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get("Authorization")
		if h == "" {
			w.Header().Set("WWW-Authenticate", scheme)
			fail(w, http.StatusUnauthorized, "missing Authorization header; send \"Authorization: "+scheme+" <key>\"")
			return
		}
		word, key, _ := strings.Cut(strings.TrimSpace(h), " ")
		if !strings.EqualFold(word, scheme) {
			w.Header().Set("WWW-Authenticate", scheme)
			fail(w, http.StatusUnauthorized, "Authorization scheme must be "+scheme)
			return
		}
		wait, done := throttle.Begin(r.Context(), clientaddr.Of(r))
		if wait > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(RetryAfter(wait)))
			fail(w, http.StatusTooManyRequests, fmt.Sprintf("too many invalid API keys from this address; try again in %d s", RetryAfter(wait)))
			return
		}
		rec, err := Check(r.Context(), st, strings.TrimSpace(key))
		done(err == ErrInvalidKey)
		switch {
		case err == ErrInvalidKey:
			w.Header().Set("WWW-Authenticate", scheme)
			fail(w, http.StatusUnauthorized, "invalid or revoked API key")
			return
		case err != nil:
			log.ErrorContext(r.Context(), "checking API key", "err", err)
			fail(w, http.StatusInternalServerError, "internal error")
			return
		}
		next.ServeHTTP(w, r.WithContext(WithKey(r.Context(), rec)))
	})
}
