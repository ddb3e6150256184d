package rpc

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// ErrMalformed is matched by errors.Is for every answer that does not have the shape of a
// JSON-RPC 2.0 response or of the method's result.
var ErrMalformed = errors.New("malformed answer")

// ErrRateLimited is matched by errors.Is when the node answered 429 Too Many Requests and the
// retries allowed were used up.
var ErrRateLimited = errors.New("rate limited by the RPC provider")

// Error is a JSON-RPC error object returned by the node for one call.
type Error struct {
	Method  string
	Code    int
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("solana rpc %s: error %d: %s", e.Method, e.Code, e.Message)
}

// Codes of the JSON-RPC specification that nodes use.
const (
	CodeInvalidParams  = -32602
	CodeMethodNotFound = -32601
)

// StatusError is an HTTP status other than 200 from the endpoint.
type StatusError struct {
	Endpoint   string // redacted
	StatusCode int
	RetryAfter time.Duration // from the Retry-After header; negative when absent
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("solana rpc: HTTP status %d", e.StatusCode)
}

// Is makes errors.Is(err, ErrRateLimited) true for 429.
func (e *StatusError) Is(target error) bool {
	return target == ErrRateLimited && e.StatusCode == 429
}

func malformed(method, format string, args ...any) error {
	return fmt.Errorf("solana rpc %s: %w: %s", method, ErrMalformed, fmt.Sprintf(format, args...))
}

// redactEndpoint returns scheme://host of raw: the query, path and user information of RPC
// URLs are where providers put API keys.
func redactEndpoint(u *url.URL) string {
	s := u.Scheme + "://" + u.Host
	if u.Path != "" && u.Path != "/" {
		s += "/…"
	}
	return s
}

// scrubber removes every secret-bearing form of the endpoint from a text.
type scrubber struct {
	secrets  []string
	redacted string
}

func newScrubber(raw string, u *url.URL) scrubber {
	s := scrubber{redacted: redactEndpoint(u)}
	add := func(v string) {
		if len(v) >= 4 {
			s.secrets = append(s.secrets, v)
		}
	}
	add(raw)
	add(u.String())
	add(u.RawQuery)
	if u.User != nil {
		add(u.User.String())
	}
	if u.Path != "" && u.Path != "/" {
		add(u.EscapedPath())
		add(u.Path)
	}
	for _, vs := range u.Query() {
		for _, v := range vs {
			add(v)
		}
	}
	return s
}

func (s scrubber) scrub(text string) string {
	for _, sec := range s.secrets {
		text = strings.ReplaceAll(text, sec, s.redacted)
	}
	return text
}

// hideEndpoint rewrites the URL of a transport error (*url.Error) to the redacted form, so
// that neither its text nor anything it unwraps to carries the key, while errors.Is/As still
// see timeouts and cancellations.
func hideEndpoint(err error, redacted string) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return &url.Error{Op: ue.Op, URL: redacted, Err: ue.Err}
	}
	return err
}

// Describe summarises an error of this package for people outside the service (API answers,
// reports): the kind of failure without addresses, URLs or transport detail. Logs should
// keep the full (already redacted) error.
func Describe(err error) string {
	var rpcErr *Error
	var se *StatusError
	var te interface{ Timeout() bool }
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrRateLimited):
		return "the Solana RPC provider is rate limiting requests"
	case errors.As(err, &rpcErr):
		return fmt.Sprintf("the Solana RPC node answered error %d: %s", rpcErr.Code, truncate(rpcErr.Message, 200))
	case errors.Is(err, ErrMalformed):
		return "the Solana RPC node gave a malformed answer"
	case errors.As(err, &se):
		return fmt.Sprintf("the Solana RPC provider answered HTTP status %d", se.StatusCode)
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &te) && te.Timeout():
		return "the Solana RPC provider did not answer in time"
	case errors.Is(err, context.Canceled):
		return "the request was cancelled"
	}
	return "the Solana RPC provider could not be reached"
}
