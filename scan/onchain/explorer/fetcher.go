package explorer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Config configures a Fetcher. Zero values take the documented defaults.
type Config struct {
	// Catalogue resolves platforms and chains (default: the embedded one).
	Catalogue *Catalogue

	// Base URLs and keys of the providers. The lead binds them to
	// VIGIL_ETHERSCAN_URL, VIGIL_ETHERSCAN_API_KEY, VIGIL_BLOCKSCOUT_URL,
	// VIGIL_BLOCKSCOUT_API_KEY and VIGIL_SOURCIFY_URL.
	EtherscanURL  string // default DefaultEtherscanURL
	EtherscanKey  string // Etherscan is skipped when empty: v2 refuses keyless calls
	BlockscoutURL string // default: each chain's own instance; may hold {chain_id}
	BlockscoutKey string
	SourcifyURL   string // default DefaultSourcifyURL

	// HTTPClient is used for every call (default: a client with Timeout).
	HTTPClient *http.Client
	// Timeout bounds one provider call, retries excluded (default 30s).
	Timeout time.Duration
	// MaxBodyBytes bounds one provider answer (default DefaultMaxBodyBytes).
	MaxBodyBytes int64

	// RateLimits are calls per second per provider name (defaults:
	// etherscan 4, blockscout 5, sourcify 5). The limiter is client-side
	// and shared by every fetch through this Fetcher.
	RateLimits map[string]float64
	// MaxRetries is how many times a rate-limited or transient failure is
	// retried on the same provider before moving on (default 2; -1 for none).
	MaxRetries int
	// RetryBackoff is the first wait before a retry, doubled each time
	// and capped at 30s (default 1s).
	RetryBackoff time.Duration

	// Cache keeps sources by (chain id, address) (default: a MemoryCache).
	// Use NewDirCache(folder) to keep them on disk across runs.
	Cache Cache
	// ProxyTTL is how long a cached proxy entry is trusted: a proxy's
	// implementation can be upgraded, a verified non-proxy source cannot
	// change (default 1h).
	ProxyTTL time.Duration

	// Providers replaces the built-in providers, keyed by name; for tests
	// and for adding services.
	Providers map[string]Provider

	// Logger receives one line per provider attempt (default: discarded).
	// Lines name provider, chain id, address and outcome, never URLs or keys.
	Logger *slog.Logger
}

// sameHostRedirects follows at most 3 redirects and only within one host:
// a provider has no reason to send us elsewhere, and a redirect chain is a
// way to make us call hosts nobody configured.
func sameHostRedirects(req *http.Request, via []*http.Request) error {
	if len(via) >= 3 {
		return errors.New("too many redirects")
	}
	if req.URL.Host != via[0].URL.Host {
		return errors.New("redirect to another host refused")
	}
	return nil
}

// Validate checks the configured base URLs, naming the environment
// variable each is bound to. Keys are not checked: only the provider can.
func (c Config) Validate() error {
	for _, u := range []struct{ name, value string }{
		{"VIGIL_ETHERSCAN_URL", c.EtherscanURL},
		{"VIGIL_BLOCKSCOUT_URL", c.BlockscoutURL},
		{"VIGIL_SOURCIFY_URL", c.SourcifyURL},
	} {
		if u.value == "" {
			continue
		}
		parsed, err := url.Parse(strings.ReplaceAll(u.value, "{chain_id}", "1"))
		if err != nil || (parsed.Scheme != "https" && parsed.Scheme != "http") || parsed.Host == "" {
			return fmt.Errorf("%s: must be an http or https URL with a host", u.name)
		}
		if parsed.User != nil || parsed.RawQuery != "" {
			return fmt.Errorf("%s: must not carry credentials or a query; set the API key separately", u.name)
		}
	}
	if c.MaxBodyBytes < 0 {
		return fmt.Errorf("explorer: MaxBodyBytes must not be negative")
	}
	for name, r := range c.RateLimits {
		if r <= 0 {
			return fmt.Errorf("explorer: rate limit of %s must be positive", name)
		}
	}
	return nil
}

// Fetcher fetches verified sources, trying the providers of a chain in
// catalogue order. It is safe for concurrent use.
type Fetcher struct {
	cfg       Config
	flightMu  sync.Mutex
	flights   map[string]*flight
	providers map[string]Provider
	limiters  map[string]*rate.Limiter
	secrets   []string
	log       *slog.Logger
}

var defaultRates = map[string]float64{ProviderEtherscan: 4, ProviderBlockscout: 5, ProviderSourcify: 5}

// NewFetcher builds a Fetcher from cfg.
func NewFetcher(cfg Config) *Fetcher {
	if cfg.Catalogue == nil {
		cfg.Catalogue = Default()
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: cfg.Timeout, CheckRedirect: sameHostRedirects}
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 2
	} else if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.RetryBackoff <= 0 {
		cfg.RetryBackoff = time.Second
	}
	if cfg.Cache == nil {
		cfg.Cache = NewMemoryCache(0)
	}
	if cfg.ProxyTTL <= 0 {
		cfg.ProxyTTL = time.Hour
	}
	f := &Fetcher{cfg: cfg, providers: map[string]Provider{}, limiters: map[string]*rate.Limiter{}}
	f.log = cfg.Logger
	if f.log == nil {
		f.log = slog.New(slog.DiscardHandler)
	}
	hc := client{HTTP: cfg.HTTPClient, MaxBodyBytes: cfg.MaxBodyBytes}
	if cfg.Providers != nil {
		for name, p := range cfg.Providers {
			f.providers[name] = p
		}
	} else {
		f.providers[ProviderEtherscan] = &Etherscan{BaseURL: cfg.EtherscanURL, APIKey: cfg.EtherscanKey, client: hc}
		f.providers[ProviderBlockscout] = &Blockscout{BaseURL: cfg.BlockscoutURL, APIKey: cfg.BlockscoutKey, client: hc}
		f.providers[ProviderSourcify] = &Sourcify{BaseURL: cfg.SourcifyURL, client: hc}
	}
	for name := range f.providers {
		r, ok := cfg.RateLimits[name]
		if !ok {
			r, ok = defaultRates[name]
		}
		if !ok || r <= 0 {
			r = 5
		}
		f.limiters[name] = rate.NewLimiter(rate.Limit(r), 1)
	}
	for _, s := range []string{cfg.EtherscanKey, cfg.BlockscoutKey} {
		if s != "" {
			f.secrets = append(f.secrets, s)
		}
	}
	return f
}

// Catalogue returns the catalogue the Fetcher resolves names with.
func (f *Fetcher) Catalogue() *Catalogue { return f.cfg.Catalogue }

// FetchByName fetches the contract at address on the chain named by
// platform and chain names (SPEC.md 4.2 contract_platform, contract_chain).
func (f *Fetcher) FetchByName(ctx context.Context, platform, chain, address string) (*Source, error) {
	_, ch, err := f.cfg.Catalogue.Lookup(platform, chain)
	if err != nil {
		return nil, err
	}
	return f.Fetch(ctx, ch, address)
}

// FetchByIDs fetches the contract at address on the chain with the EVM
// chain id inside the platform with the explorer id (SPEC.md 4.12).
func (f *Fetcher) FetchByIDs(ctx context.Context, chainID int64, explorerID int, address string) (*Source, error) {
	_, ch, err := f.cfg.Catalogue.LookupIDs(chainID, explorerID)
	if err != nil {
		return nil, err
	}
	return f.Fetch(ctx, ch, address)
}

// Fetch fetches the verified source of address on chain. For a proxy whose
// implementation address is known, the implementation is fetched too and
// set as ImplementationSource (or ImplementationError says why not); the
// proxy itself still counts as fetched.
func (f *Fetcher) Fetch(ctx context.Context, chain Chain, address string) (*Source, error) {
	addr, err := ParseAddress(address)
	if err != nil {
		return nil, err
	}
	src, err := f.fetchOne(ctx, chain, addr)
	if err != nil {
		return nil, err
	}
	if src.Proxy && src.Implementation != "" && !strings.EqualFold(src.Implementation, addr) {
		impl, err := f.fetchOne(ctx, chain, src.Implementation)
		if err != nil {
			src.ImplementationError = err.Error()
		} else {
			src.ImplementationSource = impl
		}
	}
	return src, nil
}

// flight is one fetch in progress; concurrent fetches of the same contract
// wait for it instead of spending provider calls of their own.
type flight struct {
	done chan struct{}
	src  *Source
	err  error
}

func (f *Fetcher) fetchOne(ctx context.Context, chain Chain, addr string) (*Source, error) {
	key := cacheKey(chain.ChainID, addr)
	f.flightMu.Lock()
	if f.flights == nil {
		f.flights = map[string]*flight{}
	}
	if fl, ok := f.flights[key]; ok {
		f.flightMu.Unlock()
		select {
		case <-fl.done:
			if fl.err != nil {
				return nil, fl.err
			}
			return storable(fl.src), nil
		case <-ctx.Done():
			return nil, &FetchError{ChainID: chain.ChainID, Address: addr, Kind: ErrUpstream,
				Attempts: []*ProviderError{{Provider: "fetcher", Kind: ErrUpstream, Detail: "cancelled"}}}
		}
	}
	fl := &flight{done: make(chan struct{})}
	f.flights[key] = fl
	f.flightMu.Unlock()
	fl.src, fl.err = f.fetchUncached(ctx, chain, addr)
	f.flightMu.Lock()
	delete(f.flights, key)
	f.flightMu.Unlock()
	close(fl.done)
	if fl.err != nil {
		return nil, fl.err
	}
	return storable(fl.src), nil
}

func (f *Fetcher) fetchUncached(ctx context.Context, chain Chain, addr string) (*Source, error) {
	if src, ok := f.cfg.Cache.Get(chain.ChainID, addr); ok {
		if !src.Proxy || time.Since(src.FetchedAt) < f.cfg.ProxyTTL {
			return src, nil
		}
	}
	var attempts []*ProviderError
	for _, name := range chain.Providers {
		p := f.providers[name]
		if p == nil {
			continue
		}
		if k, ok := p.(keyed); ok && !k.HasKey() {
			attempts = append(attempts, &ProviderError{Provider: name, Kind: ErrUnauthorized, Detail: "skipped: no API key configured"})
			continue
		}
		src, perr := f.try(ctx, p, chain, addr)
		if perr == nil {
			src.ChainID, src.Address = chain.ChainID, addr
			if err := f.cfg.Cache.Put(src); err != nil {
				f.log.Warn("explorer cache write failed", "chain_id", chain.ChainID, "address", addr, "error", err)
			}
			return src, nil
		}
		attempts = append(attempts, perr)
		if ctx.Err() != nil {
			break
		}
	}
	if len(attempts) == 0 {
		attempts = append(attempts, &ProviderError{Provider: "catalogue", Kind: ErrUnsupported, Detail: "no provider configured for this chain"})
	}
	return nil, &FetchError{ChainID: chain.ChainID, Address: addr, Kind: worstKind(attempts), Attempts: attempts}
}

// try calls one provider, retrying rate limits and transient failures.
func (f *Fetcher) try(ctx context.Context, p Provider, chain Chain, addr string) (*Source, *ProviderError) {
	name := p.Name()
	lim := f.limiters[name]
	backoff := f.cfg.RetryBackoff
	for attempt := 0; ; attempt++ {
		if lim != nil {
			if err := lim.Wait(ctx); err != nil {
				return nil, &ProviderError{Provider: name, Kind: ErrUpstream, Detail: "cancelled while waiting for the rate limiter"}
			}
		}
		callCtx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
		src, err := p.Fetch(callCtx, chain, addr)
		cancel()
		if err == nil {
			f.log.Info("explorer fetch", "provider", name, "chain_id", chain.ChainID, "address", addr, "outcome", "ok", "files", len(src.Files))
			return src, nil
		}
		perr := f.asProviderError(name, err)
		f.log.Info("explorer fetch", "provider", name, "chain_id", chain.ChainID, "address", addr, "outcome", perr.Kind.Error(), "attempt", attempt+1)
		retry := errors.Is(perr, ErrRateLimited) || perr.Temporary
		if !retry || attempt >= f.cfg.MaxRetries || ctx.Err() != nil {
			return nil, perr
		}
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, perr
		case <-t.C:
		}
		backoff *= 2
		if backoff > 30*time.Second {
			backoff = 30 * time.Second
		}
	}
}

// asProviderError normalises any provider error and scrubs configured keys
// from its text, in case a hostile or careless service echoes them.
func (f *Fetcher) asProviderError(name string, err error) *ProviderError {
	var perr *ProviderError
	if !errors.As(err, &perr) {
		perr = &ProviderError{Provider: name, Kind: ErrUpstream, Detail: cleanDetail(err.Error())}
	}
	out := *perr
	for _, s := range f.secrets {
		out.Detail = strings.ReplaceAll(out.Detail, s, "***")
	}
	return &out
}
