package explorer

import (
	"context"
	"net/http"
	"time"
)

// Provider fetches verified source from one kind of service. Fetch returns a
// *ProviderError wrapping one of the Err* kinds on failure.
type Provider interface {
	Name() string
	Fetch(ctx context.Context, chain Chain, address string) (*Source, error)
}

// keyed is implemented by providers that cannot answer without an API key;
// the Fetcher skips them when HasKey is false instead of spending a call.
type keyed interface {
	HasKey() bool
}

// client is the HTTP part shared by every provider.
type client struct {
	HTTP         *http.Client
	MaxBodyBytes int64
}

func (c client) httpClient() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return defaultHTTPClient
}

func (c client) maxBytes() int64 {
	if c.MaxBodyBytes > 0 {
		return c.MaxBodyBytes
	}
	return DefaultMaxBodyBytes
}

// defaultHTTPClient bounds every call; providers answer in seconds, and a
// stuck one must not hold a scan for ever.
var defaultHTTPClient = &http.Client{Timeout: 60 * time.Second}

func (c client) get(ctx context.Context, provider, rawURL string) (*answer, error) {
	return get(ctx, c.httpClient(), provider, rawURL, c.maxBytes())
}
