package web

import (
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/slots"
	"github.com/vigil-sec/vigil/server/store"
)

// Config is what the dashboard is built from.
type Config struct {
	Store   store.Store
	Backend Backend
	Log     *slog.Logger
	// HTTPSPublicURL makes cookies Secure although requests arrive in clear (TLS ends at a
	// proxy in front of the server).
	HTTPSPublicURL bool
	// MaxUploadBytes bounds an upload form (all files together).
	MaxUploadBytes int64
	// Version is shown in the footer.
	Version string
	// Stopping is closed when the server begins to stop: live progress streams end then, so
	// they do not hold the shutdown.
	Stopping <-chan struct{}
	// PollEvery is how often live progress looks at a running scan (default 500 ms).
	PollEvery time.Duration
	// Throttle counts wrong API keys at sign-in per address (shared with the API); nil: none.
	Throttle *auth.Throttle
	// MaxStreamsPerKey bounds the live-progress streams open at once with one API key's
	// sessions; more get 429. Default 16.
	MaxStreamsPerKey int
}

// Handler serves the dashboard's pages.
type Handler struct {
	cfg       Config
	sessions  sessions
	pages     *pages
	summaries summaryCache
	streams   slots.Counter[int64] // live-progress streams open per key
}

// New builds the dashboard.
func New(cfg Config) (*Handler, error) {
	if cfg.Store == nil || cfg.Backend == nil {
		return nil, errors.New("web: a store and a backend are needed")
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.PollEvery <= 0 {
		cfg.PollEvery = 500 * time.Millisecond
	}
	if cfg.MaxUploadBytes <= 0 {
		cfg.MaxUploadBytes = 32 << 20
	}
	if cfg.MaxStreamsPerKey <= 0 {
		cfg.MaxStreamsPerKey = 16
	}
	p, err := parsePages()
	if err != nil {
		return nil, err
	}
	return &Handler{cfg: cfg, pages: p, sessions: sessions{cfg.Store}}, nil
}

// Register mounts the pages on mux. The patterns are method-qualified and specific, so the
// API's routes and its catch-all JSON 404 are untouched.
func (h *Handler) Register(mux *http.ServeMux) {
	handle := func(pattern string, f http.HandlerFunc) { mux.Handle(pattern, h.headers(f)) }
	handle("GET /{$}", h.signedIn(h.projectsPage))
	handle("GET /login", h.loginPage)
	handle("POST /login", h.login)
	handle("POST /logout", h.signedIn(h.logout))
	handle("GET /assets/{file}", h.asset)
	handle("GET /favicon.ico", h.favicon)

	handle("POST /projects", h.signedIn(h.addProject))
	handle("POST /projects/upload", h.signedIn(h.addUpload))
	handle("GET /projects/{id}", h.signedIn(h.projectPage))
	handle("POST /projects/{id}/rescan", h.signedIn(h.rescan))
	handle("GET /projects/{id}/delete", h.signedIn(h.deletePage))
	handle("POST /projects/{id}/delete", h.signedIn(h.deleteProject))

	handle("GET /scans/{id}", h.signedIn(h.scanPage))
	handle("GET /scans/{id}/events", h.signedIn(h.scanEvents))
	handle("GET /scans/{id}/findings/{hash}", h.signedIn(h.findingPage))
	handle("POST /scans/{id}/findings/{hash}/triage", h.signedIn(h.triage))
	handle("GET /scans/{id}/report/{format}", h.signedIn(h.download))

	handle("GET /block-scan", h.signedIn(h.blockScanPage))
	handle("POST /block-scan", h.signedIn(h.blockScan))
	handle("GET /token-scan", h.signedIn(h.tokenScanPage))
	handle("POST /token-scan", h.signedIn(h.tokenScan))
	handle("GET /token-scans/{id}", h.signedIn(h.tokenResultPage))
}

// csp allows only this origin's scripts, styles and connections: no inline script or style
// attribute runs, and no third-party asset loads.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

func (h *Handler) headers(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "same-origin")
		if !strings.HasPrefix(r.URL.Path, "/assets/") {
			hd.Set("Cache-Control", "no-store")
		}
		next(w, r)
	})
}

// parseForm reads a form body, bounded; multipart forms (uploads) get the upload bound.
func (h *Handler) parseForm(w http.ResponseWriter, r *http.Request) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "multipart/form-data" {
		r.Body = http.MaxBytesReader(w, r.Body, h.cfg.MaxUploadBytes+1<<20)
		if err := r.ParseMultipartForm(8 << 20); err != nil {
			return fmt.Errorf("the upload could not be read (at most %d MB): %v", h.cfg.MaxUploadBytes>>20, err)
		}
		return nil
	}
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if err := r.ParseForm(); err != nil {
		return fmt.Errorf("the form could not be read: %v", err)
	}
	return nil
}

// fail shows an error page; err (if any) is logged, never shown.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, status int, msg string, err error) {
	if err != nil {
		h.cfg.Log.ErrorContext(r.Context(), "dashboard", "path", r.URL.Path, "err", err)
	}
	h.render(w, r, status, "error", errorView{Status: status, Message: msg})
}

type errorView struct {
	Status  int
	Message string
}

// userError returns the message to show for a backend error, and whether it is the user's to
// fix (or a busy queue) rather than an internal one.
func userError(err error) (string, bool) {
	switch {
	case errors.Is(err, ErrInput):
		return strings.TrimPrefix(err.Error(), ErrInput.Error()+": "), true
	case errors.Is(err, ErrBusy), errors.Is(err, ErrUnavailable), errors.Is(err, ErrClientBusy):
		return err.Error(), true
	case errors.Is(err, store.ErrNotFound):
		return "not found", true
	}
	return "", false
}

func escapedNext(r *http.Request) string { return url.QueryEscape(safeNext(r.URL.RequestURI())) }
