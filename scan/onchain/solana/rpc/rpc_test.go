package rpc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
)

const fixtureDir = "../../../../../shared/corpus/solana-fixtures"

// secretURL puts an API key where providers put them: user info, path and query.
func secretURL(base string) string {
	return strings.Replace(base, "http://", "http://user:PASSWORDSECRET@", 1) + "/v2/PATHSECRET?api-key=QUERYSECRET"
}

func assertNoSecret(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		for _, s := range []string{"PASSWORDSECRET", "PATHSECRET", "QUERYSECRET"} {
			if strings.Contains(e.Error(), s) || strings.Contains(fmt.Sprintf("%+v %#v", e, e), s) {
				t.Errorf("error leaks %s: %v", s, e)
			}
		}
	}
}

func newServer(t *testing.T) (*solanatest.Server, *solanatest.Fixtures) {
	t.Helper()
	srv := solanatest.NewServer()
	t.Cleanup(srv.Close)
	f, err := solanatest.LoadFixtures(fixtureDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("fixture corpus absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	srv.AddFixtures(f)
	return srv, f
}

func newClient(t *testing.T, srv *solanatest.Server, opts ...Option) *Client {
	t.Helper()
	noWait := withSleep(func(context.Context, time.Duration) error { return nil })
	c, err := New(secretURL(srv.URL), append([]Option{noWait}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAccountsRoundTrip(t *testing.T) {
	srv, f := newServer(t)
	c := newClient(t, srv)
	ctx := context.Background()
	usdc := f.Mint("USDC")
	a, err := c.GetAccountInfo(ctx, usdc.Address)
	if err != nil {
		t.Fatal(err)
	}
	if a.Owner != usdc.Owner || !bytes.Equal(a.Data, usdc.Data()) {
		t.Errorf("account %+v", a)
	}
	missing := solanatest.Key("nobody")
	if a, err := c.GetAccountInfo(ctx, missing); a != nil || err != nil {
		t.Errorf("missing account: %v %v", a, err)
	}
	accs, err := c.GetMultipleAccounts(ctx, []string{usdc.Address, missing, f.Metadata.MetadataPDA})
	if err != nil {
		t.Fatal(err)
	}
	if len(accs) != 3 || accs[0] == nil || accs[1] != nil || accs[2].Owner != f.Metadata.Owner {
		t.Errorf("accounts %+v", accs)
	}
	// 150 keys need two getMultipleAccounts calls, sent as one batch: one round trip.
	keys := make([]string, 150)
	for i := range keys {
		keys[i] = solanatest.Key(fmt.Sprint("k", i))
	}
	keys[149] = usdc.Address
	srv.ResetCounters()
	accs, err = c.GetMultipleAccounts(ctx, keys)
	if err != nil || len(accs) != 150 || accs[149] == nil {
		t.Fatalf("150 keys: %d %v", len(accs), err)
	}
	if srv.Requests() != 1 || srv.Calls("getMultipleAccounts") != 2 {
		t.Errorf("requests %d calls %d", srv.Requests(), srv.Calls("getMultipleAccounts"))
	}
}

func TestTokenCallsAndBatch(t *testing.T) {
	srv, f := newServer(t)
	c := newClient(t, srv)
	usdc := f.Mint("USDC")
	holder := solanatest.Key("holder")
	srv.AddTokenAccount(holder, usdc.Address, solanatest.WalletKey("w"), 5_000_000, solanatest.TokenProgram)
	supply := GetTokenSupplyCall(usdc.Address)
	largest := GetTokenLargestAccountsCall(usdc.Address)
	epoch := GetEpochInfoCall()
	bad := GetTokenSupplyCall(solanatest.Key("not a mint"))
	srv.ResetCounters()
	if err := c.Do(context.Background(), supply, largest, epoch, bad); err != nil {
		t.Fatal(err)
	}
	if srv.Requests() != 1 {
		t.Errorf("batch took %d requests", srv.Requests())
	}
	if supply.Err != nil || supply.Supply.Amount != 8193849180817389 || supply.Supply.Decimals != 6 {
		t.Errorf("supply %+v", supply)
	}
	if largest.Err != nil || len(largest.Accounts) != 1 || largest.Accounts[0].Address != holder || largest.Accounts[0].Amount != 5_000_000 {
		t.Errorf("largest %+v", largest)
	}
	if epoch.Err != nil || epoch.Epoch != 700 {
		t.Errorf("epoch %+v", epoch)
	}
	var rpcErr *Error
	if !errors.As(bad.Err, &rpcErr) || rpcErr.Code != CodeInvalidParams || !strings.Contains(rpcErr.Message, "not a Token mint") {
		t.Errorf("bad mint: %v", bad.Err)
	}
}

func TestRPCErrorAndBatchRefused(t *testing.T) {
	srv, f := newServer(t)
	c := newClient(t, srv)
	srv.FailMethod("getTokenSupply", -32005, "Node is behind by 42 slots")
	_, err := c.GetTokenSupply(context.Background(), f.Mint("USDC").Address)
	var rpcErr *Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != -32005 {
		t.Errorf("want RPC error, got %v", err)
	}
	// A provider that refuses batches answers one error object; every call gets it.
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		if len(methods) < 2 {
			return false
		}
		w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":-32600,"message":"batch requests are not allowed on this plan"},"id":null}`))
		return true
	})
	a, b := GetEpochInfoCall(), GetTokenSupplyCall(f.Mint("USDC").Address)
	c.Do(context.Background(), a, b)
	if !errors.As(a.Err, &rpcErr) || !errors.As(b.Err, &rpcErr) || !strings.Contains(rpcErr.Message, "batch") {
		t.Errorf("batch refusal: %v / %v", a.Err, b.Err)
	}
}

func TestRateLimited(t *testing.T) {
	srv, f := newServer(t)
	limited := 0
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		if limited > 0 {
			limited--
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests for a specific RPC call"},"id":1}`))
			return true
		}
		return false
	})
	c := newClient(t, srv, WithRetries(2, time.Second))
	limited = 2 // two 429s then success: within the retries allowed
	if _, err := c.GetTokenSupply(context.Background(), f.Mint("USDC").Address); err != nil {
		t.Fatalf("after retries: %v", err)
	}
	if c.RoundTrips() != 3 {
		t.Errorf("round trips %d, want 3", c.RoundTrips())
	}
	limited = 10
	_, err := c.GetTokenSupply(context.Background(), f.Mint("USDC").Address)
	if !errors.Is(err, ErrRateLimited) {
		t.Errorf("want ErrRateLimited, got %v", err)
	}
	assertNoSecret(t, err)
	// A Retry-After beyond the cap is reported at once rather than waited for.
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
		return true
	})
	before := c.RoundTrips()
	_, err = c.GetTokenSupply(context.Background(), f.Mint("USDC").Address)
	var se *StatusError
	if !errors.As(err, &se) || se.RetryAfter != time.Hour || c.RoundTrips() != before+1 {
		t.Errorf("long Retry-After: %v, %d trips", err, c.RoundTrips()-before)
	}
}

func TestTimeout(t *testing.T) {
	srv, f := newServer(t)
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		<-r.Context().Done() // a node that never answers
		return true
	})
	c := newClient(t, srv, WithTimeout(50*time.Millisecond))
	_, err := c.GetAccountInfo(context.Background(), f.Mint("USDC").Address)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want deadline error, got %v", err)
	}
	assertNoSecret(t, err)
	// Cancellation by the caller is reported too.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = c.GetAccountInfo(ctx, f.Mint("USDC").Address)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("want canceled, got %v", err)
	}
	assertNoSecret(t, err)
}

func TestMalformedAnswers(t *testing.T) {
	srv, f := newServer(t)
	cases := map[string]string{
		"not json":        `<html>502 Bad Gateway</html>`,
		"empty":           ``,
		"no result":       `{"jsonrpc":"2.0","id":%d}`,
		"wrong id":        `{"jsonrpc":"2.0","id":999999,"result":{"context":{"slot":1},"value":null}}`,
		"wrong version":   `{"jsonrpc":"1.0","id":%d,"result":{"context":{"slot":1},"value":null}}`,
		"no context":      `{"jsonrpc":"2.0","id":%d,"result":{"value":null}}`,
		"bad data":        `{"jsonrpc":"2.0","id":%d,"result":{"context":{"slot":1},"value":{"data":["!!!","base64"],"owner":"x","lamports":1}}}`,
		"json encoding":   `{"jsonrpc":"2.0","id":%d,"result":{"context":{"slot":1},"value":{"data":{"parsed":{}},"owner":"x","lamports":1}}}`,
		"no owner":        `{"jsonrpc":"2.0","id":%d,"result":{"context":{"slot":1},"value":{"data":["","base64"],"lamports":1}}}`,
		"truncated":       `{"jsonrpc":"2.0","id":%d,"result":{"context":{"slot":1},"val`,
		"value is string": `{"jsonrpc":"2.0","id":%d,"result":{"context":{"slot":1},"value":"x"}}`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			c := newClient(t, srv)
			srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
				// Ids start at 1 for a fresh client.
				if strings.Contains(body, "%d") {
					fmt.Fprintf(w, body, 1)
				} else {
					w.Write([]byte(body))
				}
				return true
			})
			_, err := c.GetAccountInfo(context.Background(), f.Mint("USDC").Address)
			if !errors.Is(err, ErrMalformed) {
				t.Errorf("want ErrMalformed, got %v", err)
			}
		})
	}
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":1},"value":{"amount":"12x","decimals":6}}}`)
		return true
	})
	_, err := newClient(t, srv).GetTokenSupply(context.Background(), f.Mint("USDC").Address)
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "amount") {
		t.Errorf("bad amount: %v", err)
	}
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		w.Write(bytes.Repeat([]byte(" "), 2048))
		return true
	})
	_, err = newClient(t, srv, WithMaxBodyBytes(1024)).GetEpochInfo(context.Background())
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "larger") {
		t.Errorf("oversized: %v", err)
	}
}

func TestHTTPStatusAndRedaction(t *testing.T) {
	srv, f := newServer(t)
	srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		http.Error(w, "unauthorized key "+r.URL.RawQuery, http.StatusUnauthorized)
		return true
	})
	c := newClient(t, srv)
	_, err := c.GetAccountInfo(context.Background(), f.Mint("USDC").Address)
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != 401 {
		t.Errorf("want 401, got %v", err)
	}
	assertNoSecret(t, err)
	if strings.Contains(c.Endpoint(), "SECRET") || !strings.HasPrefix(c.Endpoint(), "http://127.0.0.1") {
		t.Errorf("endpoint %q", c.Endpoint())
	}
	// A closed server gives a connection error that must not carry the URL either.
	srv.Close()
	_, err = c.GetAccountInfo(context.Background(), f.Mint("USDC").Address)
	if err == nil {
		t.Fatal("closed server answered")
	}
	assertNoSecret(t, err)
	if _, err := New("ftp://h/QUERYSECRET"); err == nil || strings.Contains(err.Error(), "SECRET") {
		t.Errorf("bad endpoint: %v", err)
	}
}

func TestDescribe(t *testing.T) {
	cases := map[string]error{
		"rate limiting":        &StatusError{Endpoint: "http://h", StatusCode: 429},
		"error -32005: slow":   fmt.Errorf("wrapped: %w", &Error{Method: "m", Code: -32005, Message: "slow"}),
		"malformed":            malformed("m", "x"),
		"HTTP status 503":      &StatusError{Endpoint: "http://h", StatusCode: 503},
		"in time":              fmt.Errorf("x: %w", context.DeadlineExceeded),
		"could not be reached": errors.New("dial tcp 10.1.2.3:8899: connection refused"),
	}
	for want, err := range cases {
		got := Describe(err)
		if !strings.Contains(got, want) || strings.Contains(got, "10.1.2.3") {
			t.Errorf("Describe(%v) = %q, want mention of %q", err, got, want)
		}
	}
}
