package explorer

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type stands struct {
	es, bs, sf *standin
}

func newStands(t *testing.T) stands {
	return stands{es: newEtherscanStandin(t), bs: newBlockscoutStandin(t), sf: newSourcifyStandin(t)}
}

// fetcher builds a Fetcher on the stand-ins with fast retries and limits.
func (s stands) fetcher(cfg Config) *Fetcher {
	cfg.EtherscanURL = s.es.srv.URL
	cfg.BlockscoutURL = s.bs.srv.URL
	cfg.SourcifyURL = s.sf.srv.URL
	if cfg.EtherscanKey == "" {
		cfg.EtherscanKey = testKey
	}
	cfg.RetryBackoff = time.Millisecond
	cfg.RateLimits = map[string]float64{ProviderEtherscan: 1000, ProviderBlockscout: 1000, ProviderSourcify: 1000}
	return NewFetcher(cfg)
}

func unverifiedEtherscan(t *testing.T) string {
	r := etherscanResult("", "", false, "")
	r["ABI"] = "Contract source code not verified"
	return etherscanOK(t, r)
}

func TestFetcherFallsBackInOrder(t *testing.T) {
	files := corpusFiles(t)
	s := newStands(t)
	s.es.answer(addrPair, 200, unverifiedEtherscan(t))
	s.bs.answer(addrPair, 200, blockscoutVerified(t, files, "contracts/UniswapV2Pair.sol", "UniswapV2Pair", ""))
	f := s.fetcher(Config{})
	src, err := f.FetchByName(context.Background(), "etherscan", "mainnet", strings.ToLower(addrPair))
	if err != nil {
		t.Fatal(err)
	}
	if src.Provider != ProviderBlockscout || src.Address != addrPair || src.ChainID != 1 {
		t.Errorf("got provider %s address %s chain %d", src.Provider, src.Address, src.ChainID)
	}
	if s.es.calls.Load() != 1 || s.sf.calls.Load() != 0 {
		t.Errorf("calls: etherscan %d sourcify %d", s.es.calls.Load(), s.sf.calls.Load())
	}
}

func TestFetcherRetriesRateLimit(t *testing.T) {
	files := corpusFiles(t)
	s := newStands(t)
	s.es.answer(addrERC20, 200, etherscanNOTOK(t, "Max calls per sec rate limit reached (5/sec)"))
	s.es.answer(addrERC20, 200, etherscanOK(t, etherscanResult(files["contracts/UniswapV2ERC20.sol"], "UniswapV2ERC20", false, "")))
	src, err := s.fetcher(Config{}).FetchByIDs(context.Background(), 1, 1, addrERC20)
	if err != nil || src.Provider != ProviderEtherscan {
		t.Fatalf("%v %v", src, err)
	}
	if n := s.es.calls.Load(); n != 2 {
		t.Errorf("etherscan calls = %d; want 2", n)
	}
}

func TestFetcherAllProvidersFail(t *testing.T) {
	s := newStands(t)
	s.es.answer(addrUnknown, 200, unverifiedEtherscan(t))
	s.bs.answer(addrUnknown, 404, `{"message":"Not found"}`)
	s.sf.answer(addrUnknown, 404, `{"match":null,"creationMatch":null,"runtimeMatch":null,"chainId":"1","address":"`+addrUnknown+`"}`)
	_, err := s.fetcher(Config{}).Fetch(context.Background(), testChain(s.bs.srv.URL), addrUnknown)
	var fe *FetchError
	if !errors.As(err, &fe) || !errors.Is(err, ErrNotVerified) || len(fe.Attempts) != 3 {
		t.Fatalf("err = %v", err)
	}
	for _, p := range []string{"etherscan:", "blockscout:", "sourcify:"} {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("message lacks %s: %s", p, err)
		}
	}

	// Rate limiting anywhere outranks "not verified": a retry may succeed.
	s.es.answer(addrERC20, 200, etherscanNOTOK(t, "Max rate limit reached"))
	s.bs.answer(addrERC20, 404, `{"message":"Not found"}`)
	s.sf.answer(addrERC20, 404, `{"match":null}`)
	_, err = s.fetcher(Config{}).Fetch(context.Background(), testChain(s.bs.srv.URL), addrERC20)
	if !errors.Is(err, ErrRateLimited) {
		t.Errorf("err = %v; want rate limited", err)
	}
	if n := s.es.calls.Load(); n != 1+3 { // one call above, then 1 + 2 retries
		t.Errorf("etherscan calls = %d", n)
	}
}

func TestFetcherSkipsEtherscanWithoutKey(t *testing.T) {
	files := corpusFiles(t)
	s := newStands(t)
	s.sf.answer(addrPair, 200, sourcifyVerified(t, files, "contracts/UniswapV2Pair.sol:UniswapV2Pair", "UniswapV2Pair", ""))
	f := NewFetcher(Config{EtherscanURL: s.es.srv.URL, SourcifyURL: s.sf.srv.URL, RetryBackoff: time.Millisecond})
	src, err := f.FetchByName(context.Background(), "bscscan", "mainnet", addrPair)
	if err != nil || src.Provider != ProviderSourcify || src.ChainID != 56 {
		t.Fatalf("%v %v", src, err)
	}
	if s.es.calls.Load() != 0 {
		t.Error("etherscan was called without a key")
	}
}

func TestFetcherProxyFetchesImplementation(t *testing.T) {
	files := corpusFiles(t)
	s := newStands(t)
	s.es.answer(addrProxy, 200, etherscanOK(t, etherscanResult("pragma solidity 0.4.24;\ncontract FiatTokenProxy {}", "FiatTokenProxy", true, addrImpl)))
	s.es.answer(addrImpl, 200, etherscanOK(t, etherscanResult(files["contracts/UniswapV2ERC20.sol"], "UniswapV2ERC20", false, "")))
	src, err := s.fetcher(Config{}).FetchByName(context.Background(), "etherscan", "mainnet", addrProxy)
	if err != nil {
		t.Fatal(err)
	}
	if !src.Proxy || src.ImplementationSource == nil || src.ImplementationSource.Address != addrImpl || src.ImplementationError != "" {
		t.Fatalf("proxy: %+v", src)
	}

	// An unverified implementation is reported, and the proxy still returned.
	s2 := newStands(t)
	s2.es.answer(addrProxy, 200, etherscanOK(t, etherscanResult("contract P {}", "P", true, addrImpl)))
	s2.es.answer(addrImpl, 200, unverifiedEtherscan(t))
	s2.bs.answer(addrImpl, 404, `{"message":"Not found"}`)
	s2.sf.answer(addrImpl, 404, `{"match":null}`)
	src, err = s2.fetcher(Config{}).FetchByName(context.Background(), "etherscan", "mainnet", addrProxy)
	if err != nil || src.ImplementationSource != nil || !strings.Contains(src.ImplementationError, "not verified") {
		t.Fatalf("unverified implementation: %+v %v", src, err)
	}
}

func TestFetcherCaches(t *testing.T) {
	files := corpusFiles(t)
	s := newStands(t)
	s.es.answer(addrPair, 200, etherscanOK(t, etherscanResult(files["contracts/UniswapV2Pair.sol"], "UniswapV2Pair", false, "")))
	dir := t.TempDir()
	f := s.fetcher(Config{Cache: NewDirCache(dir)})
	for i := 0; i < 3; i++ {
		if _, err := f.FetchByName(context.Background(), "etherscan", "mainnet", addrPair); err != nil {
			t.Fatal(err)
		}
	}
	// A second Fetcher on the same folder (a restarted process) uses the disk.
	f2 := s.fetcher(Config{Cache: NewDirCache(dir)})
	src, err := f2.FetchByName(context.Background(), "etherscan", "mainnet", addrPair)
	if err != nil || src.ContractName != "UniswapV2Pair" {
		t.Fatal(src, err)
	}
	if n := s.es.calls.Load(); n != 1 {
		t.Errorf("etherscan calls = %d; want 1", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "1", strings.ToLower(addrPair)+".json")); err != nil {
		t.Error(err)
	}

	// Proxies are refetched once their entry is older than ProxyTTL.
	s.es.answer(addrProxy, 200, etherscanOK(t, etherscanResult("contract P {}", "P", true, "")))
	fp := s.fetcher(Config{ProxyTTL: time.Nanosecond})
	before := s.es.calls.Load()
	fp.FetchByName(context.Background(), "etherscan", "mainnet", addrProxy)
	fp.FetchByName(context.Background(), "etherscan", "mainnet", addrProxy)
	if n := s.es.calls.Load() - before; n != 2 {
		t.Errorf("proxy calls = %d; want 2", n)
	}
}

func TestFetcherNeverRevealsKeys(t *testing.T) {
	s := newStands(t)
	// A careless service echoing the key, and one that drops the connection.
	s.es.answer(addrFactory, 200, etherscanNOTOK(t, "Invalid API Key "+testKey))
	var logs bytes.Buffer
	f := s.fetcher(Config{BlockscoutKey: "BSKEY999", Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	_, err := f.Fetch(context.Background(), Chain{ChainID: 1, Providers: []string{ProviderEtherscan}}, addrFactory)
	if err == nil || strings.Contains(err.Error(), testKey) || !strings.Contains(err.Error(), "***") {
		t.Errorf("echoed key: %v", err)
	}

	drop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hj, _ := w.(http.Hijacker)
		c, _, _ := hj.Hijack()
		c.Close()
	}))
	defer drop.Close()
	f2 := NewFetcher(Config{EtherscanURL: drop.URL, EtherscanKey: testKey, BlockscoutURL: drop.URL, BlockscoutKey: "BSKEY999",
		MaxRetries: -1, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	_, err = f2.Fetch(context.Background(), Chain{ChainID: 1, BlockscoutURL: drop.URL, Providers: []string{ProviderEtherscan, ProviderBlockscout}}, addrFactory)
	if err == nil || strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "BSKEY999") || strings.Contains(err.Error(), drop.URL+"/") {
		t.Errorf("transport error: %v", err)
	}
	if strings.Contains(logs.String(), testKey) || strings.Contains(logs.String(), "BSKEY999") {
		t.Errorf("logs reveal a key: %s", logs.String())
	}
}

func TestFetcherHostileAnswers(t *testing.T) {
	s := newStands(t)
	s.es.answer(addrFactory, 200, etherscanOK(t, etherscanResult(strings.Repeat("x", 1<<20), "Big", false, "")))
	f := s.fetcher(Config{MaxBodyBytes: 64 << 10, MaxRetries: -1})
	_, err := f.Fetch(context.Background(), Chain{ChainID: 1, Providers: []string{ProviderEtherscan}}, addrFactory)
	if !errors.Is(err, ErrUpstream) || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversized: %v", err)
	}

	// A provider that never answers is cut off by Timeout.
	stuck := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer stuck.Close()
	f2 := NewFetcher(Config{SourcifyURL: stuck.URL, Timeout: 50 * time.Millisecond, MaxRetries: -1})
	_, err = f2.Fetch(context.Background(), Chain{ChainID: 1, Providers: []string{ProviderSourcify}}, addrFactory)
	if !errors.Is(err, ErrUpstream) || !strings.Contains(err.Error(), "timed out") {
		t.Errorf("stuck: %v", err)
	}
}

func TestFetcherBadInput(t *testing.T) {
	f := NewFetcher(Config{})
	var fe *FieldError
	if _, err := f.FetchByName(context.Background(), "etherscan", "mainnet", "0x123"); !errors.As(err, &fe) || fe.Field != FieldAddress {
		t.Errorf("bad address: %v", err)
	}
	if _, err := f.FetchByName(context.Background(), "nope", "mainnet", addrPair); !errors.As(err, &fe) || fe.Field != FieldPlatform {
		t.Errorf("bad platform: %v", err)
	}
	if _, err := f.FetchByIDs(context.Background(), 1, 2, addrPair); !errors.As(err, &fe) || fe.Field != FieldChainID {
		t.Errorf("bad chain id: %v", err)
	}
}

func TestFetcherConcurrent(t *testing.T) {
	files := corpusFiles(t)
	s := newStands(t)
	s.es.answer(addrPair, 200, etherscanOK(t, etherscanResult(files["contracts/UniswapV2Pair.sol"], "UniswapV2Pair", false, "")))
	f := s.fetcher(Config{Cache: NewDirCache(t.TempDir())})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := f.FetchByName(context.Background(), "etherscan", "mainnet", addrPair)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n := s.es.calls.Load(); n != 1 {
		t.Errorf("etherscan calls = %d; want 1 (concurrent fetches share one)", n)
	}
}

func TestConfigValidate(t *testing.T) {
	if err := (Config{EtherscanURL: "https://api.etherscan.io", BlockscoutURL: "https://api.blockscout.com/{chain_id}"}).Validate(); err != nil {
		t.Error(err)
	}
	for cfg, field := range map[*Config]string{
		{EtherscanURL: "api.etherscan.io"}:                        "VIGIL_ETHERSCAN_URL",
		{SourcifyURL: "ftp://x"}:                                  "VIGIL_SOURCIFY_URL",
		{BlockscoutURL: "https://user:SECRET@eth.blockscout.com"}: "VIGIL_BLOCKSCOUT_URL",
		{EtherscanURL: "https://api.etherscan.io?apikey=SECRET"}:  "VIGIL_ETHERSCAN_URL",
	} {
		err := cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), field) || strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%+v: %v", *cfg, err)
		}
	}
}

func TestFetcherRefusesCrossHostRedirects(t *testing.T) {
	var hit atomic.Int64
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hit.Add(1) }))
	defer other.Close()
	redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, strings.Replace(other.URL, "127.0.0.1", "localhost", 1)+r.URL.Path, http.StatusFound)
	}))
	defer redir.Close()
	f := NewFetcher(Config{SourcifyURL: redir.URL, MaxRetries: -1})
	_, err := f.Fetch(context.Background(), Chain{ChainID: 1, Providers: []string{ProviderSourcify}}, addrPair)
	if !errors.Is(err, ErrUpstream) || !strings.Contains(err.Error(), "redirect") || hit.Load() != 0 {
		t.Errorf("err = %v, other host hit %d times", err, hit.Load())
	}
}
