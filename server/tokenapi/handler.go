package tokenapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
)

// Scanner is what the routes need of the scan engine; *solana.Scanner implements it.
type Scanner interface {
	Scan(ctx context.Context, mint string, clientID int64) (*solana.Report, error)
	Validate(ctx context.Context, key string) (bool, error)
}

// Config holds the handler's limits. Zero fields take the defaults of DefaultConfig.
type Config struct {
	Anonymous Rate // scan route without a token, per client address
	PerToken  Rate // scan route with a token, per token
	Lookup    Rate // validation and details routes, per client address

	CacheTTL  time.Duration // how long a mint's scan is reused; negative disables the cache
	CacheSize int           // most mints kept

	ScanTimeout time.Duration // bound of one scan
	// TrustForwardedFor takes the client address from the last X-Forwarded-For entry; set it
	// only behind a reverse proxy that appends that header.
	TrustForwardedFor bool

	Logger *slog.Logger
	Now    func() time.Time // clock of the limits and the cache (tests)
}

// DefaultConfig returns the limits used when a Config field is zero.
func DefaultConfig() Config {
	return Config{
		Anonymous:   Rate{Requests: 10, Per: time.Minute, Burst: 5},
		PerToken:    Rate{Requests: 300, Per: time.Minute, Burst: 60},
		Lookup:      Rate{Requests: 120, Per: time.Minute, Burst: 30},
		CacheTTL:    time.Minute,
		CacheSize:   1000,
		ScanTimeout: 30 * time.Second,
	}
}

// Handler serves the token routes.
type Handler struct {
	mux     *http.ServeMux
	scanner Scanner
	store   Store
	tokens  TokenChecker
	cfg     Config
	log     *slog.Logger

	anon, perToken, lookup *limiters
	cache                  *scanCache
}

// maxBody bounds request bodies: they hold one short string.
const maxBody = 64 << 10

// New builds the handler. tokens may be nil, in which case every token is refused and only
// anonymous scans are possible.
func New(scanner Scanner, store Store, tokens TokenChecker, cfg Config) *Handler {
	def := DefaultConfig()
	if cfg.Anonymous == (Rate{}) {
		cfg.Anonymous = def.Anonymous
	}
	if cfg.PerToken == (Rate{}) {
		cfg.PerToken = def.PerToken
	}
	if cfg.Lookup == (Rate{}) {
		cfg.Lookup = def.Lookup
	}
	if cfg.CacheTTL == 0 {
		cfg.CacheTTL = def.CacheTTL
	}
	if cfg.CacheSize <= 0 {
		cfg.CacheSize = def.CacheSize
	}
	if cfg.ScanTimeout <= 0 {
		cfg.ScanTimeout = def.ScanTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if tokens == nil {
		tokens = NewStaticTokens(nil)
	}
	h := &Handler{
		mux: http.NewServeMux(), scanner: scanner, store: store, tokens: tokens, cfg: cfg, log: cfg.Logger,
		anon:     newLimiters(cfg.Anonymous, cfg.Now),
		perToken: newLimiters(cfg.PerToken, cfg.Now),
		lookup:   newLimiters(cfg.Lookup, cfg.Now),
		cache:    newScanCache(max(cfg.CacheTTL, 0), cfg.CacheSize, cfg.Now),
	}
	h.Register(h.mux)
	return h
}

// Patterns are the routes the handler serves, in net/http ServeMux syntax.
var Patterns = []string{
	"POST /app/api-validate-solana-token/",
	"GET /app/api/v1/solana-scan/{mint}",
	"GET /app/api/v1/solana-scan/{mint}/",
	"GET /app/api/v1/solana-scan/{$}",
	"POST /app/api-get-solana-scan-details/",
}

// Register adds the token routes to mux, so that they can share a ServeMux (and a listener)
// with the second host's other routes. It panics, like ServeMux, on a conflicting pattern.
func (h *Handler) Register(mux *http.ServeMux) {
	mux.HandleFunc(Patterns[0], h.validate)
	mux.HandleFunc(Patterns[1], h.scan)
	mux.HandleFunc(Patterns[2], h.scan)
	mux.HandleFunc(Patterns[3], func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusBadRequest, scanError("the token public key is missing from the path"))
	})
	mux.HandleFunc(Patterns[4], h.details)
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// clientAddr returns the address the per-address limits key on.
func (h *Handler) clientAddr(r *http.Request) string {
	if h.cfg.TrustForwardedFor {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// envelope builds an error body in the route's style.
type envelope func(msg string) any

func scanError(msg string) any   { return map[string]any{"status": "failed", "error": msg} }
func lookupError(msg string) any { return map[string]any{"success": false, "error": msg} }

func tooMany(w http.ResponseWriter, wait time.Duration, env envelope, what string) {
	secs := retryAfterSeconds(wait)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	writeJSON(w, http.StatusTooManyRequests, env("rate limit exceeded for "+what+"; retry after "+strconv.Itoa(secs)+" s"))
}

// decodeBody reads a small JSON object into v; the error names what is wrong.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errors.New("request body is larger than 64 KiB")
		}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return errors.New("field " + te.Field + " must be a " + te.Type.String())
		}
		return errors.New("request body must be a JSON object")
	}
	return nil
}

// validate serves POST /app/api-validate-solana-token/.
func (h *Handler) validate(w http.ResponseWriter, r *http.Request) {
	if ok, wait := h.lookup.allow("addr:" + h.clientAddr(r)); !ok {
		tooMany(w, wait, lookupError, "this address")
		return
	}
	var body struct {
		Token *json.RawMessage `json:"token"`
	}
	if err := decodeBody(w, r, &body); err != nil {
		writeJSON(w, http.StatusBadRequest, lookupError(err.Error()))
		return
	}
	if body.Token == nil {
		writeJSON(w, http.StatusBadRequest, lookupError("field token is required"))
		return
	}
	var token string
	if err := json.Unmarshal(*body.Token, &token); err != nil {
		// A number, an object...: not a public key, so not a valid token.
		writeJSON(w, http.StatusOK, map[string]any{"data": map[string]bool{"token_valid": false}, "success": true})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), h.cfg.ScanTimeout)
	defer cancel()
	valid, err := h.scanner.Validate(ctx, strings.TrimSpace(token))
	if err != nil {
		h.log.Warn("token validation failed", "err", err)
		writeJSON(w, http.StatusBadGateway, lookupError("could not read the chain: "+rpc.Describe(err)))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": map[string]bool{"token_valid": valid}, "success": true})
}

// scan serves GET /app/api/v1/solana-scan/{mint}.
func (h *Handler) scan(w http.ResponseWriter, r *http.Request) {
	tok, err := apiToken(r)
	if err != nil {
		writeJSON(w, http.StatusUnauthorized, scanError(err.Error()))
		return
	}
	var clientID int64
	if tok != "" {
		id, ok, err := h.tokens.CheckToken(r.Context(), tok)
		if err != nil {
			h.log.Error("checking an API token failed", "err", err)
			writeJSON(w, http.StatusServiceUnavailable, scanError("cannot check the API token now"))
			return
		}
		if !ok {
			// Wrong guesses count against the address's anonymous budget, so that tokens
			// cannot be guessed (or the token store hammered) faster than anonymous scans.
			if ok, wait := h.anon.allow("addr:" + h.clientAddr(r)); !ok {
				tooMany(w, wait, scanError, "this address")
				return
			}
			writeJSON(w, http.StatusUnauthorized, scanError(errBadToken.Error()))
			return
		}
		clientID = id
		if ok, wait := h.perToken.allow("client:" + strconv.FormatInt(id, 10)); !ok {
			tooMany(w, wait, scanError, "this API token")
			return
		}
	} else if ok, wait := h.anon.allow("addr:" + h.clientAddr(r)); !ok {
		tooMany(w, wait, scanError, "anonymous requests from this address; send an API token for higher limits")
		return
	}

	mint := strings.TrimSpace(r.PathValue("mint"))
	if _, err := solana.ParseMint(mint); err != nil {
		writeJSON(w, http.StatusBadRequest, scanError("token public key: "+err.Error()))
		return
	}
	rep, cached, err := h.cache.get(r.Context(), mint, func() (*solana.Report, error) {
		// The scan may serve several waiting requests: it must not die with the first one.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), h.cfg.ScanTimeout)
		defer cancel()
		start := time.Now()
		rep, err := h.scanner.Scan(ctx, mint, clientID)
		if err != nil {
			return nil, err
		}
		if err := h.store.SaveTokenScan(ctx, rep); err != nil {
			return nil, errSave{err}
		}
		h.log.Info("token scanned", "mint", mint, "scan_id", rep.ScanID, "client_id", clientID, "severity", rep.Severity, "took", time.Since(start))
		return rep, nil
	})
	if err != nil {
		h.scanFailed(w, mint, err)
		return
	}
	if cached && rep.ClientID != clientID {
		c := *rep
		c.ClientID = clientID
		rep = &c
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": rep, "status": "success"})
}

type errSave struct{ err error }

func (e errSave) Error() string { return "saving the scan: " + e.err.Error() }

func (h *Handler) scanFailed(w http.ResponseWriter, mint string, err error) {
	switch {
	case errors.Is(err, solana.ErrInvalidKey), errors.Is(err, solana.ErrNotMint):
		writeJSON(w, http.StatusBadRequest, scanError(err.Error()))
	case errors.Is(err, solana.ErrNotFound):
		writeJSON(w, http.StatusNotFound, scanError(err.Error()))
	case errors.As(err, new(errSave)):
		h.log.Error("token scan not saved", "mint", mint, "err", err)
		writeJSON(w, http.StatusInternalServerError, scanError("the scan could not be saved"))
	case errors.Is(err, context.Canceled):
		// The client went away; nothing useful can be written.
	default:
		h.log.Warn("token scan failed", "mint", mint, "err", err)
		writeJSON(w, http.StatusBadGateway, scanError("could not read the chain: "+rpc.Describe(err)))
	}
}

// details serves POST /app/api-get-solana-scan-details/.
func (h *Handler) details(w http.ResponseWriter, r *http.Request) {
	if ok, wait := h.lookup.allow("addr:" + h.clientAddr(r)); !ok {
		tooMany(w, wait, lookupError, "this address")
		return
	}
	var body struct {
		ScanID string `json:"scan_id"`
	}
	if err := decodeBody(w, r, &body); err != nil {
		writeJSON(w, http.StatusBadRequest, lookupError(err.Error()))
		return
	}
	id := strings.TrimSpace(body.ScanID)
	if id == "" {
		writeJSON(w, http.StatusBadRequest, lookupError("field scan_id is required"))
		return
	}
	if len(id) > 128 {
		writeJSON(w, http.StatusBadRequest, lookupError("field scan_id is longer than 128 characters"))
		return
	}
	rep, err := h.store.GetTokenScan(r.Context(), id)
	if errors.Is(err, ErrScanNotFound) {
		writeJSON(w, http.StatusNotFound, lookupError("no token scan with this scan_id"))
		return
	}
	if err != nil {
		h.log.Error("reading a token scan failed", "scan_id", id, "err", err)
		writeJSON(w, http.StatusInternalServerError, lookupError("the scan could not be read"))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "data": rep})
}
