package repoapi

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/slots"
	"github.com/vigil-sec/vigil/server/store"
)

// Scans is what the API needs of the server; *ServerScans has it.
type Scans interface {
	StartRepoScan(ctx context.Context, req ScanRequest) (scanID, projectID string, err error)
	RepoScanReport(ctx context.Context, scanID string) (*report.ScanReport, error)
	WaitScan(ctx context.Context, scanID string) error
}

// ScanRequest asks for a scan of a public repository.
type ScanRequest struct {
	URL    string
	Branch string
	Commit string // "" for the tip of Branch
	Name   string // display name; the repository's name when empty
	Skip   []string
}

// ErrBusy is returned when the scan queue is full or the server is stopping.
var ErrBusy = errors.New("the scan queue is full; try again later")

// ErrClientBusy is returned when the client (its address) has its share of the queue waiting.
var ErrClientBusy = errors.New("too many scans from this address are waiting; try again when one has finished")

// ErrInput marks a request the caller must fix.
var ErrInput = errors.New("invalid request")

// reportGenerator generates the downloadable report of a public repository scan. The server
// gains it with the reports work; until then generate_report answers report_unavailable.
type reportGenerator interface {
	GenerateRepoReport(ctx context.Context, scanID, reportID string) (string, error)
}

// storeHolder gives access to the server's store, to tell whether a scan is its project's
// latest (is_latest_scan).
type storeHolder interface {
	Store() store.Store
}

// API serves the WebSocket protocol and the scan details route.
type API struct {
	scans   Scans
	cfg     Config
	captcha *turnstile // nil: no CAPTCHA required
	conns   atomic.Int64
	perAddr slots.Counter[string] // connections per client address

	// open connections, so Close can end them: http.Server.Shutdown does not wait for or
	// close hijacked connections.
	mu       sync.Mutex
	open     map[*conn]struct{}
	closing  bool
	handlers sync.WaitGroup
}

// New builds the API over scans. Without cfg.TurnstileSecret no CAPTCHA is required; that is
// logged once, here.
func New(scans Scans, cfg Config) (*API, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	a := &API{scans: scans, cfg: cfg, open: map[*conn]struct{}{}}
	if cfg.TurnstileSecret != "" {
		a.captcha = &turnstile{secret: cfg.TurnstileSecret, url: cfg.TurnstileVerifyURL, client: cfg.HTTPClient}
	} else {
		cfg.Logger.Warn("repository scan API: no turnstile secret configured, scans over the WebSocket need no CAPTCHA")
	}
	return a, nil
}

// Mux is where routes are mounted: *http.ServeMux, or the server (server.Server.Handle).
type Mux interface {
	Handle(pattern string, h http.Handler)
}

// Register mounts GET /app/ws and POST /app/api-get-rust-details/ (with and without the
// trailing slash).
func (a *API) Register(mux Mux) {
	mux.Handle("GET /app/ws", http.HandlerFunc(a.serveWS))
	mux.Handle("POST /app/api-get-rust-details/{$}", http.HandlerFunc(a.serveDetails))
	mux.Handle("POST /app/api-get-rust-details", http.HandlerFunc(a.serveDetails))
}

// isLatest tells whether scanID is its project's newest scan. Without a store it answers
// true: the scan a client just started is, as far as it knows, the latest.
func (a *API) isLatest(ctx context.Context, rep *report.ScanReport) bool {
	sh, ok := a.scans.(storeHolder)
	if !ok || rep.ProjectID == "" {
		return true
	}
	scans, err := sh.Store().ProjectScans(ctx, rep.ClientID, rep.ProjectID, 1)
	if err != nil || len(scans) == 0 {
		return true
	}
	return scans[0].ID == rep.ScanID
}

// Close ends every WebSocket connection (close status 1001, going away) and refuses new ones,
// and returns when their handlers have returned. Scans the connections followed go on. Call it
// when the server begins to shut down, before the store is closed.
func (a *API) Close() {
	a.mu.Lock()
	a.closing = true
	for c := range a.open {
		c.goingAway()
	}
	a.mu.Unlock()
	a.handlers.Wait()
}

// track adds c to the open connections; false when the API is closing.
func (a *API) track(c *conn) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closing {
		return false
	}
	a.open[c] = struct{}{}
	a.handlers.Add(1)
	return true
}

func (a *API) untrack(c *conn) {
	a.mu.Lock()
	delete(a.open, c)
	a.mu.Unlock()
	a.handlers.Done()
}
