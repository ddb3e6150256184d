package explorer

import (
	"errors"
	"strings"
	"unicode"
)

// Kinds of fetch failure. Test with errors.Is; every error from a provider or
// the Fetcher wraps exactly one of them.
var (
	// ErrNotVerified: the provider knows no verified source for the address.
	ErrNotVerified = errors.New("contract source code not verified")
	// ErrRateLimited: the provider refused the call for exceeding its rate limit.
	ErrRateLimited = errors.New("rate limited by provider")
	// ErrUnauthorized: the provider's API key is missing or was refused.
	ErrUnauthorized = errors.New("API key missing or refused by provider")
	// ErrUnsupported: the provider does not serve this chain.
	ErrUnsupported = errors.New("chain not supported by provider")
	// ErrUpstream: the provider failed or answered something unusable.
	ErrUpstream = errors.New("provider failed")
)

// ProviderError is a failure of one provider for one contract.
type ProviderError struct {
	Provider string
	Kind     error  // one of the Err* kinds above
	Detail   string // cleaned text from the provider or transport; never holds a key
	// Temporary marks failures worth retrying (transport errors, HTTP 5xx).
	Temporary bool
}

func (e *ProviderError) Error() string {
	s := e.Provider + ": " + e.Kind.Error()
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

func (e *ProviderError) Unwrap() error { return e.Kind }

// FetchError is the failure of every provider tried for one contract.
// Kind is the most useful single kind for the caller: rate limiting first
// (a retry may succeed), then not verified, then unauthorized, unsupported
// and upstream failure.
type FetchError struct {
	ChainID  int64
	Address  string
	Kind     error
	Attempts []*ProviderError
}

func (e *FetchError) Error() string {
	var b strings.Builder
	b.WriteString(e.Kind.Error())
	b.WriteString(" for ")
	b.WriteString(e.Address)
	if len(e.Attempts) > 0 {
		b.WriteString(": ")
		for i, a := range e.Attempts {
			if i > 0 {
				b.WriteString("; ")
			}
			b.WriteString(a.Error())
		}
	}
	return b.String()
}

func (e *FetchError) Unwrap() error { return e.Kind }

var kindRank = []error{ErrRateLimited, ErrNotVerified, ErrUnauthorized, ErrUnsupported, ErrUpstream}

func worstKind(attempts []*ProviderError) error {
	for _, k := range kindRank {
		for _, a := range attempts {
			if a.Kind == k {
				return k
			}
		}
	}
	return ErrUpstream
}

// cleanDetail makes provider-supplied text safe to show: printable, one
// line, bounded, so a hostile answer cannot flood logs or forge lines.
func cleanDetail(s string) string {
	const max = 200
	var b strings.Builder
	for _, r := range s {
		if b.Len() >= max {
			b.WriteString("...")
			break
		}
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case unicode.IsPrint(r):
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}
