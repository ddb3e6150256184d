package tokenapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

const fixtureDir = "../../../shared/corpus/solana-fixtures"

// clock is a settable time source for the limits and the cache.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// countingScanner counts scans, to see the cache at work.
type countingScanner struct {
	*solana.Scanner
	scans atomic.Int32
	gate  chan struct{} // when set, scans wait on it
}

func (c *countingScanner) Scan(ctx context.Context, mint string, clientID int64) (*solana.Report, error) {
	c.scans.Add(1)
	if c.gate != nil {
		<-c.gate
	}
	return c.Scanner.Scan(ctx, mint, clientID)
}

type env struct {
	rpc     *solanatest.Server
	fx      *solanatest.Fixtures
	api     *httptest.Server
	scanner *countingScanner
	store   *tokenapi.MemoryStore
	clock   *clock
}

func newEnv(t *testing.T, cfg tokenapi.Config) *env {
	t.Helper()
	fx, err := solanatest.LoadFixtures(fixtureDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("fixture corpus absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	node := solanatest.NewServer()
	t.Cleanup(node.Close)
	node.AddFixtures(fx)
	c, err := rpc.New(node.URL+"/v1/?api-key=TOPSECRETKEY", rpc.WithRetries(0, 0), rpc.WithTimeout(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	s := solana.New(c)
	var n atomic.Int32
	s.NewID = func() string { return fmt.Sprintf("scan%020d", n.Add(1)) }
	cs := &countingScanner{Scanner: s}
	clk := &clock{t: time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)}
	cfg.Now = clk.Now
	if cfg.Anonymous == (tokenapi.Rate{}) {
		cfg.Anonymous = tokenapi.Rate{Requests: 1000, Per: time.Second, Burst: 1000}
	}
	if cfg.Lookup == (tokenapi.Rate{}) {
		cfg.Lookup = tokenapi.Rate{Requests: 1000, Per: time.Second, Burst: 1000}
	}
	store := tokenapi.NewMemoryStore()
	tokens := tokenapi.NewStaticTokens(map[string]int64{"good-token": 77, "other-token": 78})
	api := httptest.NewServer(tokenapi.New(cs, store, tokens, cfg))
	t.Cleanup(api.Close)
	return &env{rpc: node, fx: fx, api: api, scanner: cs, store: store, clock: clk}
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (e *env) do(t *testing.T, method, path, body string, headers ...string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.api.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := e.api.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header, raw: string(raw)}
	json.Unmarshal(raw, &a.body)
	if strings.Contains(a.raw, "TOPSECRETKEY") {
		t.Errorf("answer leaks the RPC key: %s", a.raw)
	}
	return a
}

func (e *env) validate(t *testing.T, body string) answer {
	return e.do(t, "POST", "/app/api-validate-solana-token/", body, "Content-Type", "application/json")
}

func TestValidateRoute(t *testing.T) {
	e := newEnv(t, tokenapi.Config{})
	wallet := solanatest.WalletKey("wallet")
	e.rpc.AddWallet(wallet)
	ta := solanatest.Key("token account")
	e.rpc.AddTokenAccount(ta, e.fx.Mint("USDC").Address, wallet, 10, solanatest.TokenProgram)
	cases := map[string]bool{
		`{"token":"` + e.fx.Mint("USDC").Address + `"}`:   true,
		`{"token":" ` + e.fx.Mint("BERN").Address + ` "}`: true,
		`{"token":"` + wallet + `"}`:                      false,
		`{"token":"` + ta + `"}`:                          false,
		`{"token":"` + solanatest.Key("none") + `"}`:      false,
		`{"token":"hello world"}`:                         false,
		`{"token":""}`:                                    false,
		`{"token":12345}`:                                 false,
		`{"token":{"a":1}}`:                               false,
	}
	for body, want := range cases {
		a := e.validate(t, body)
		data, _ := a.body["data"].(map[string]any)
		if a.status != 200 || a.body["success"] != true || data["token_valid"] != want {
			t.Errorf("%s: %d %s", body, a.status, a.raw)
		}
	}
	for _, body := range []string{`{}`, `not json`, `[1,2]`, strings.Repeat(" ", 70<<10) + `{}`} {
		a := e.validate(t, body)
		if a.status != 400 || a.body["success"] != false || a.body["error"] == "" {
			t.Errorf("%.30q: %d %s", body, a.status, a.raw)
		}
	}
	if a := e.validate(t, `{}`); !strings.Contains(a.raw, "token is required") {
		t.Errorf("missing field not named: %s", a.raw)
	}
	e.rpc.FailMethod("getAccountInfo", -32005, "Node is behind by 150 slots")
	a := e.validate(t, `{"token":"`+e.fx.Mint("USDC").Address+`"}`)
	if a.status != 502 || a.body["success"] != false || !strings.Contains(a.raw, "Node is behind") {
		t.Errorf("rpc failure: %d %s", a.status, a.raw)
	}
	if a := e.do(t, "GET", "/app/api-validate-solana-token/", ""); a.status != 405 {
		t.Errorf("GET validate: %d", a.status)
	}
}

func TestScanRouteAndDetails(t *testing.T) {
	e := newEnv(t, tokenapi.Config{})
	usdc := e.fx.Mint("USDC").Address
	a := e.do(t, "GET", "/app/api/v1/solana-scan/"+usdc, "")
	if a.status != 200 || a.body["status"] != "success" {
		t.Fatalf("scan: %d %s", a.status, a.raw)
	}
	data := a.body["data"].(map[string]any)
	if data["client_id"] != 0.0 || data["severity"] != "High Risk" || data["metadata"].(map[string]any)["token_symbol"] != "USDC" {
		t.Errorf("data %v", data)
	}
	id := data["scan_id"].(string)

	d := e.do(t, "POST", "/app/api-get-solana-scan-details/", `{"scan_id":"`+id+`"}`)
	if d.status != 200 || d.body["success"] != true {
		t.Fatalf("details: %d %s", d.status, d.raw)
	}
	got, _ := json.Marshal(d.body["data"])
	want, _ := json.Marshal(data)
	if !bytes.Equal(got, want) {
		t.Errorf("details differ from the scan:\n%s\n%s", got, want)
	}
	for body, status := range map[string]int{`{"scan_id":"nope"}`: 404, `{}`: 400, `{"scan_id":5}`: 400, `x`: 400} {
		if a := e.do(t, "POST", "/app/api-get-solana-scan-details/", body); a.status != status || a.body["success"] != false {
			t.Errorf("details %s: %d %s", body, a.status, a.raw)
		}
	}

	// With a token the report carries the client's id, even from the cache.
	a = e.do(t, "GET", "/app/api/v1/solana-scan/"+usdc, "", "Authorization", "Token good-token")
	if a.status != 200 || a.body["data"].(map[string]any)["client_id"] != 77.0 || a.body["data"].(map[string]any)["scan_id"] != id {
		t.Errorf("token scan: %d %.200s", a.status, a.raw)
	}
	for _, h := range []string{"Token bad-token", "Bearer good-token", "Token", "good-token"} {
		if a := e.do(t, "GET", "/app/api/v1/solana-scan/"+usdc, "", "Authorization", h); a.status != 401 || a.body["status"] != "failed" {
			t.Errorf("%q: %d %s", h, a.status, a.raw)
		}
	}
}

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func TestScanRouteErrors(t *testing.T) {
	logs := &syncBuffer{}
	e := newEnv(t, tokenapi.Config{Logger: slog.New(slog.NewTextHandler(logs, nil))})
	defer func() {
		if strings.Contains(logs.String(), "TOPSECRETKEY") || !strings.Contains(logs.String(), "token scan failed") {
			t.Errorf("logs leak the key or miss the failure:\n%s", logs.String())
		}
	}()
	wallet := solanatest.WalletKey("w")
	e.rpc.AddWallet(wallet)
	cases := map[string]int{
		"not-a-key":                        400,
		"0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl": 400,
		wallet:                             400,
		solanatest.Key("nothing"):          404,
	}
	for mint, status := range cases {
		a := e.do(t, "GET", "/app/api/v1/solana-scan/"+mint, "")
		if a.status != status || a.body["status"] != "failed" || a.body["error"] == "" {
			t.Errorf("%s: %d %s", mint, a.status, a.raw)
		}
	}
	// The node down: 502 with a message that names the failure but not the endpoint.
	e.rpc.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		w.WriteHeader(http.StatusServiceUnavailable)
		return true
	})
	a := e.do(t, "GET", "/app/api/v1/solana-scan/"+e.fx.Mint("USDC").Address, "")
	if a.status != 502 || !strings.Contains(a.raw, "HTTP status 503") || strings.Contains(a.raw, "127.0.0.1") {
		t.Errorf("node down: %d %s", a.status, a.raw)
	}
}

func TestAnonymousRateLimitPerAddress(t *testing.T) {
	e := newEnv(t, tokenapi.Config{
		Anonymous:         tokenapi.Rate{Requests: 1, Per: time.Minute, Burst: 2},
		TrustForwardedFor: true,
	})
	path := "/app/api/v1/solana-scan/" + e.fx.Mint("USDC").Address
	from := func(ip string, extra ...string) answer {
		return e.do(t, "GET", path, "", append([]string{"X-Forwarded-For", "203.0.113.9, " + ip}, extra...)...)
	}
	for i := 0; i < 2; i++ {
		if a := from("198.51.100.1"); a.status != 200 {
			t.Fatalf("request %d: %d %s", i, a.status, a.raw)
		}
	}
	a := from("198.51.100.1")
	if a.status != 429 || a.body["status"] != "failed" || !strings.Contains(a.raw, "API token") {
		t.Fatalf("third request: %d %s", a.status, a.raw)
	}
	if ra := a.header.Get("Retry-After"); ra != "60" {
		t.Errorf("Retry-After %q, want 60", ra)
	}
	// Another address has its own bucket; a token bypasses the anonymous limit.
	if a := from("198.51.100.2"); a.status != 200 {
		t.Errorf("other address: %d", a.status)
	}
	if a := from("198.51.100.1", "Authorization", "Token good-token"); a.status != 200 {
		t.Errorf("with token: %d %s", a.status, a.raw)
	}
	// The bucket refills with time.
	e.clock.Add(61 * time.Second)
	if a := from("198.51.100.1"); a.status != 200 {
		t.Errorf("after refill: %d", a.status)
	}
	if a := from("198.51.100.1"); a.status != 429 {
		t.Errorf("refill gave more than one request: %d", a.status)
	}
}

func TestTokenRateLimitPerToken(t *testing.T) {
	e := newEnv(t, tokenapi.Config{
		Anonymous: tokenapi.Rate{Requests: 1, Per: time.Hour, Burst: 1},
		PerToken:  tokenapi.Rate{Requests: 10, Per: time.Minute, Burst: 5},
	})
	path := "/app/api/v1/solana-scan/" + e.fx.Mint("BERN").Address
	for i := 0; i < 5; i++ {
		if a := e.do(t, "GET", path, "", "Authorization", "Token good-token"); a.status != 200 {
			t.Fatalf("token request %d: %d %s", i, a.status, a.raw)
		}
	}
	a := e.do(t, "GET", path, "", "Authorization", "Token good-token")
	if a.status != 429 || a.header.Get("Retry-After") != "6" || !strings.Contains(a.raw, "API token") {
		t.Errorf("6th token request: %d %q %s", a.status, a.header.Get("Retry-After"), a.raw)
	}
	// Another token, and the anonymous bucket of the same address, are separate.
	if a := e.do(t, "GET", path, "", "Authorization", "Token other-token"); a.status != 200 {
		t.Errorf("other token: %d", a.status)
	}
	if a := e.do(t, "GET", path, ""); a.status != 200 {
		t.Errorf("anonymous: %d", a.status)
	}
	if a := e.do(t, "GET", path, ""); a.status != 429 {
		t.Errorf("anonymous second: %d", a.status)
	}
}

func TestLookupRateLimit(t *testing.T) {
	e := newEnv(t, tokenapi.Config{Lookup: tokenapi.Rate{Requests: 1, Per: time.Minute, Burst: 1}})
	if a := e.validate(t, `{"token":"x"}`); a.status != 200 {
		t.Fatalf("first: %d", a.status)
	}
	a := e.do(t, "POST", "/app/api-get-solana-scan-details/", `{"scan_id":"x"}`)
	if a.status != 429 || a.body["success"] != false || a.header.Get("Retry-After") == "" {
		t.Errorf("second: %d %s", a.status, a.raw)
	}
}

func TestCache(t *testing.T) {
	e := newEnv(t, tokenapi.Config{CacheTTL: 30 * time.Second})
	path := "/app/api/v1/solana-scan/" + e.fx.Mint("PYUSD").Address
	first := e.do(t, "GET", path, "").body["data"].(map[string]any)["scan_id"]
	trips := e.rpc.Requests()
	second := e.do(t, "GET", path, "").body["data"].(map[string]any)["scan_id"]
	if first != second || e.rpc.Requests() != trips || e.scanner.scans.Load() != 1 {
		t.Errorf("cache miss: %v %v, %d trips, %d scans", first, second, e.rpc.Requests()-trips, e.scanner.scans.Load())
	}
	e.clock.Add(31 * time.Second)
	third := e.do(t, "GET", path, "").body["data"].(map[string]any)["scan_id"]
	if third == first || e.scanner.scans.Load() != 2 {
		t.Errorf("expired entry reused: %v", third)
	}
	// Both scans are stored.
	for _, id := range []any{first, third} {
		if _, err := e.store.GetTokenScan(context.Background(), id.(string)); err != nil {
			t.Errorf("%v not stored: %v", id, err)
		}
	}
}

func TestConcurrentScansShareOne(t *testing.T) {
	e := newEnv(t, tokenapi.Config{})
	e.scanner.gate = make(chan struct{})
	path := "/app/api/v1/solana-scan/" + e.fx.Mint("sUSD").Address
	var wg sync.WaitGroup
	ids := make([]any, 4)
	for i := range ids {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			a := e.do(t, "GET", path, "")
			if a.status == 200 {
				ids[i] = a.body["data"].(map[string]any)["scan_id"]
			}
		}(i)
	}
	// Let the single scan finish once every request has had the chance to join it. Requests
	// that arrive after it finished are served from the cache: either way, one scan.
	for e.scanner.scans.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	close(e.scanner.gate)
	wg.Wait()
	for _, id := range ids {
		if id == nil || id != ids[0] {
			t.Errorf("scan ids %v", ids)
			break
		}
	}
	if n := e.scanner.scans.Load(); n != 1 {
		t.Errorf("%d scans for concurrent requests", n)
	}
}

func TestPathForms(t *testing.T) {
	e := newEnv(t, tokenapi.Config{})
	if a := e.do(t, "GET", "/app/api/v1/solana-scan/"+e.fx.Mint("USDC").Address+"/", ""); a.status != 200 {
		t.Errorf("trailing slash: %d %s", a.status, a.raw)
	}
	if a := e.do(t, "GET", "/app/api/v1/solana-scan/", ""); a.status != 400 || a.body["status"] != "failed" {
		t.Errorf("no mint: %d %s", a.status, a.raw)
	}
	// Registered on a shared mux beside other routes.
	mux := http.NewServeMux()
	mux.HandleFunc("POST /app/api-get-rust-details/", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	tokenapi.New(e.scanner, e.store, nil, tokenapi.Config{}).Register(mux)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/app/api-validate-solana-token/", "application/json", strings.NewReader(`{"token":"x"}`))
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("shared mux: %v %v", resp.StatusCode, err)
	}
	resp.Body.Close()
}

func TestBadTokensCountAgainstTheAddress(t *testing.T) {
	e := newEnv(t, tokenapi.Config{Anonymous: tokenapi.Rate{Requests: 1, Per: time.Hour, Burst: 3}})
	path := "/app/api/v1/solana-scan/" + e.fx.Mint("USDC").Address
	for i := 0; i < 3; i++ {
		if a := e.do(t, "GET", path, "", "Authorization", fmt.Sprint("Token guess-", i)); a.status != 401 {
			t.Fatalf("guess %d: %d", i, a.status)
		}
	}
	if a := e.do(t, "GET", path, "", "Authorization", "Token guess-4"); a.status != 429 || a.header.Get("Retry-After") == "" {
		t.Errorf("4th guess: %d %s", a.status, a.raw)
	}
	// A valid token is not affected.
	if a := e.do(t, "GET", path, "", "Authorization", "Token good-token"); a.status != 200 {
		t.Errorf("good token: %d", a.status)
	}
}
