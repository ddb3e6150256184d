package netguard

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

const (
	defaultDialTimeout = 10 * time.Second
	defaultKeepAlive   = 30 * time.Second
	maxRedirects       = 5
)

// Transport returns an http.Transport whose connections are all checked by p. It uses no proxy
// (see the package documentation) and has bounded handshake and header timeouts so a silent
// server cannot hold a worker forever; whole-request deadlines belong to the caller's context.
func (p Policy) Transport() *http.Transport {
	return &http.Transport{
		Proxy:                 nil,
		DialContext:           p.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          32,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 60 * time.Second,
		ExpectContinueTimeout: 1 * time.Second,
	}
}

// Client returns an http.Client on p's Transport with the given overall timeout (0: none, rely
// on contexts). Redirects are followed at most 5 times and only to http or https URLs; the
// address of each hop is checked at dial time like the first one.
func (p Policy) Client(timeout time.Duration) *http.Client {
	return &http.Client{
		Transport: p.Transport(),
		Timeout:   timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return fmt.Errorf("netguard: stopped after %d redirects", maxRedirects)
			}
			if _, err := ParseURL(req.URL.String()); err != nil {
				return fmt.Errorf("netguard: redirect refused: %w", err)
			}
			return nil
		},
	}
}

// ErrBadURL is matched by errors.Is for every URL refused by ParseURL.
var ErrBadURL = errors.New("URL not allowed")
