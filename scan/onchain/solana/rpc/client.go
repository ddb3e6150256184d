package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync/atomic"
	"time"
)

// Defaults of a Client; each can be changed with an Option.
const (
	DefaultTimeout      = 20 * time.Second
	DefaultMaxRetries   = 2
	DefaultMaxRetryWait = 5 * time.Second
	DefaultMaxBodyBytes = 16 << 20
	// MaxBatch is the largest number of calls sent in one HTTP request; larger Do calls are split.
	MaxBatch = 20
)

// Client talks to one JSON-RPC endpoint. It is safe for concurrent use.
type Client struct {
	endpoint     string
	redacted     string
	scrub        scrubber
	http         *http.Client
	timeout      time.Duration
	maxRetries   int
	maxRetryWait time.Duration
	maxBody      int64
	commitment   string
	sleep        func(context.Context, time.Duration) error
	nextID       atomic.Uint64
	roundTrips   atomic.Int64
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client (for a custom transport or a test server's client).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithTimeout bounds each HTTP request, retries included in none: every attempt gets its own.
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithRetries sets how often a 429 answer is retried and the longest wait between attempts.
func WithRetries(n int, maxWait time.Duration) Option {
	return func(c *Client) { c.maxRetries, c.maxRetryWait = n, maxWait }
}

// WithMaxBodyBytes bounds the size of an answer.
func WithMaxBodyBytes(n int64) Option { return func(c *Client) { c.maxBody = n } }

// WithCommitment sets the commitment level sent with every call ("finalized", "confirmed").
func WithCommitment(level string) Option { return func(c *Client) { c.commitment = level } }

// withSleep replaces the wait between retries (tests).
func withSleep(f func(context.Context, time.Duration) error) Option {
	return func(c *Client) { c.sleep = f }
}

// New returns a client for endpoint, an http or https URL that may carry an API key.
func New(endpoint string, opts ...Option) (*Client, error) {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		// Never echo the URL: it may hold the key even when malformed.
		return nil, errors.New("solana rpc: endpoint must be an absolute http or https URL")
	}
	c := &Client{
		endpoint:     endpoint,
		redacted:     redactEndpoint(u),
		scrub:        newScrubber(endpoint, u),
		http:         &http.Client{},
		timeout:      DefaultTimeout,
		maxRetries:   DefaultMaxRetries,
		maxRetryWait: DefaultMaxRetryWait,
		maxBody:      DefaultMaxBodyBytes,
		commitment:   "confirmed",
		sleep:        sleepCtx,
	}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// Endpoint returns the endpoint as it may be logged: scheme and host only.
func (c *Client) Endpoint() string { return c.redacted }

// RoundTrips returns the number of HTTP requests sent so far, retries included.
func (c *Client) RoundTrips() int64 { return c.roundTrips.Load() }

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Call is one JSON-RPC call of a Do. The typed constructors of this package (GetAccountInfo
// and the others) return values that implement it.
type Call interface {
	method() string
	params(commitment string) []any
	decode(json.RawMessage) error
	setErr(error)
}

type wireRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      uint64 `json:"id"`
	Method  string `json:"method"`
	Params  []any  `json:"params"`
}

type wireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type wireResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *wireError      `json:"error"`
}

// Do sends calls, as one JSON-RPC batch per MaxBatch calls (a single call is sent alone). The
// returned error is for the request as a whole (transport, HTTP status, unreadable body); it is
// also set on every call. Otherwise each call carries its own result or error.
func (c *Client) Do(ctx context.Context, calls ...Call) error {
	var first error
	for len(calls) > 0 {
		n := min(len(calls), MaxBatch)
		if err := c.do(ctx, calls[:n]); err != nil && first == nil {
			first = err
		}
		calls = calls[n:]
	}
	return first
}

func (c *Client) do(ctx context.Context, calls []Call) error {
	base := c.nextID.Add(uint64(len(calls))) - uint64(len(calls)) + 1
	reqs := make([]wireRequest, len(calls))
	for i, call := range calls {
		reqs[i] = wireRequest{JSONRPC: "2.0", ID: base + uint64(i), Method: call.method(), Params: call.params(c.commitment)}
	}
	var body []byte
	var err error
	if len(calls) == 1 {
		body, err = json.Marshal(reqs[0])
	} else {
		body, err = json.Marshal(reqs)
	}
	if err != nil {
		return c.failAll(calls, fmt.Errorf("solana rpc: encoding request: %w", err))
	}
	what := calls[0].method()
	if len(calls) > 1 {
		what = fmt.Sprintf("batch of %d calls", len(calls))
	}
	raw, err := c.post(ctx, body, what)
	if err != nil {
		return c.failAll(calls, err)
	}
	var resps []wireResponse
	trimmed := bytes.TrimSpace(raw)
	switch {
	case len(trimmed) > 0 && trimmed[0] == '[':
		if err := json.Unmarshal(trimmed, &resps); err != nil {
			return c.failAll(calls, malformed(what, "batch answer is not a JSON array of responses"))
		}
	case len(trimmed) > 0 && trimmed[0] == '{':
		var one wireResponse
		if err := json.Unmarshal(trimmed, &one); err != nil {
			return c.failAll(calls, malformed(what, "answer is not a JSON-RPC response object"))
		}
		if len(calls) > 1 {
			// A node that refuses batches answers one error object for the whole request.
			if one.Error != nil {
				return c.failAll(calls, &Error{Method: what, Code: one.Error.Code, Message: c.scrub.scrub(one.Error.Message)})
			}
			return c.failAll(calls, malformed(what, "a batch was answered with a single response"))
		}
		resps = []wireResponse{one}
	default:
		return c.failAll(calls, malformed(what, "answer is not JSON (%d bytes)", len(raw)))
	}
	byID := make(map[uint64]*wireResponse, len(resps))
	for i := range resps {
		id, err := strconv.ParseUint(string(resps[i].ID), 10, 64)
		if err != nil {
			if len(calls) == 1 && resps[i].Error != nil {
				// Parse errors come back with id null.
				id = base
			} else {
				continue
			}
		}
		byID[id] = &resps[i]
	}
	for i, call := range calls {
		r, ok := byID[base+uint64(i)]
		if !ok {
			call.setErr(malformed(call.method(), "no response with id %d", base+uint64(i)))
			continue
		}
		if r.Error != nil {
			call.setErr(&Error{Method: call.method(), Code: r.Error.Code, Message: c.scrub.scrub(truncate(r.Error.Message, 300))})
			continue
		}
		if r.JSONRPC != "2.0" {
			call.setErr(malformed(call.method(), "jsonrpc member is %q, want \"2.0\"", truncate(r.JSONRPC, 20)))
			continue
		}
		if len(r.Result) == 0 {
			call.setErr(malformed(call.method(), "response has neither result nor error"))
			continue
		}
		if err := call.decode(r.Result); err != nil {
			call.setErr(err)
		}
	}
	return nil
}

func (c *Client) failAll(calls []Call, err error) error {
	for _, call := range calls {
		call.setErr(err)
	}
	return err
}

// post sends body, retrying 429 answers, and returns the answer's bytes.
func (c *Client) post(ctx context.Context, body []byte, what string) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		raw, err := c.postOnce(ctx, body, what)
		var se *StatusError
		if !errors.As(err, &se) || se.StatusCode != http.StatusTooManyRequests || attempt >= c.maxRetries {
			return raw, err
		}
		wait := se.RetryAfter
		if wait < 0 {
			wait = time.Duration(attempt+1) * 500 * time.Millisecond
		}
		if wait > c.maxRetryWait {
			// The provider asks for longer than a scan can wait: report it rather than stall.
			return nil, err
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, fmt.Errorf("solana rpc %s: %w", what, err)
		}
	}
}

func (c *Client) postOnce(ctx context.Context, body []byte, what string) ([]byte, error) {
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("solana rpc %s: building request for %s failed", what, c.redacted)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	c.roundTrips.Add(1)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("solana rpc %s: %w", what, hideEndpoint(err, c.redacted))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return nil, &StatusError{Endpoint: c.redacted, StatusCode: resp.StatusCode, RetryAfter: retryAfter(resp.Header.Get("Retry-After"))}
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		return nil, fmt.Errorf("solana rpc %s: reading answer: %w", what, hideEndpoint(err, c.redacted))
	}
	if int64(len(raw)) > c.maxBody {
		return nil, malformed(what, "answer is larger than %d bytes", c.maxBody)
	}
	return raw, nil
}

// retryAfter reads a Retry-After header in seconds or as an HTTP date; -1 when absent or unreadable.
func retryAfter(v string) time.Duration {
	if v == "" {
		return -1
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return -1
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
