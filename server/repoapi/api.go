package repoapi

import (
	"context"
	"net/http"
	"sync/atomic"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/store"
)

// Scans is what the API needs of the server; *server.Server has it.
type Scans interface {
	StartRepoScan(ctx context.Context, req server.RepoScanRequest) (scanID, projectID string, err error)
	RepoScanReport(ctx context.Context, scanID string) (*report.ScanReport, error)
	WaitScan(ctx context.Context, scanID string) error
}

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
}

// New builds the API over scans. Without cfg.TurnstileSecret no CAPTCHA is required; that is
// logged once, here.
func New(scans Scans, cfg Config) (*API, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	a := &API{scans: scans, cfg: cfg}
	if cfg.TurnstileSecret != "" {
		a.captcha = &turnstile{secret: cfg.TurnstileSecret, url: cfg.TurnstileVerifyURL, client: cfg.HTTPClient}
	} else {
		cfg.Logger.Warn("repository scan API: no turnstile secret configured, scans over the WebSocket need no CAPTCHA")
	}
	return a, nil
}

// Mux is where routes are mounted: *http.ServeMux and *server.Server.
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
