package explorer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// DefaultMaxBodyBytes bounds one provider answer. Standard-JSON inputs of
// large protocols reach a few MiB; anything far beyond is refused rather
// than held in memory.
const DefaultMaxBodyBytes = 32 << 20

// answer is one bounded HTTP answer.
type answer struct {
	status     int
	body       []byte
	retryAfter time.Duration
}

// get performs a GET and reads at most maxBytes of the body. Transport
// errors are reported without the request URL, which may carry an API key.
func get(ctx context.Context, client *http.Client, provider, rawURL string, maxBytes int64) (*answer, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "bad base URL"}
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "vigil-scanner")
	resp, err := client.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		detail := cleanDetail(err.Error())
		if errors.Is(err, context.DeadlineExceeded) {
			detail = "timed out"
		}
		return nil, &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: detail, Temporary: true}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "reading answer: " + cleanDetail(err.Error())}
	}
	if int64(len(body)) > maxBytes {
		return nil, &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: fmt.Sprintf("answer larger than %d bytes", maxBytes)}
	}
	a := &answer{status: resp.StatusCode, body: body}
	if s := resp.Header.Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 {
			a.retryAfter = time.Duration(n) * time.Second
		}
	}
	return a, nil
}

// statusError maps a non-2xx status the provider did not explain otherwise.
func statusError(provider string, status int) *ProviderError {
	switch {
	case status == http.StatusTooManyRequests:
		return &ProviderError{Provider: provider, Kind: ErrRateLimited, Detail: "HTTP 429"}
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return &ProviderError{Provider: provider, Kind: ErrUnauthorized, Detail: "HTTP " + strconv.Itoa(status)}
	default:
		return &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "HTTP " + strconv.Itoa(status), Temporary: status >= 500}
	}
}
