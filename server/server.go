package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server/api"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/metrics"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/uploads"
	"github.com/vigil-sec/vigil/server/web"
	"github.com/vigil-sec/vigil/server/webhook"
	"github.com/vigil-sec/vigil/server/worker"
)

// Server is the private API over one Engine. It is safe for concurrent use.
type Server struct {
	hooksMu       sync.Mutex
	shutdownHooks []func()
	cfg           Config
	engine        engine.Engine
	store         store.Store
	log           *slog.Logger
	mux           *http.ServeMux
	handler       http.Handler
	queue         *jobs.Queue
	hooks         *webhook.Dispatcher
	metrics       *metrics.Metrics
	policy        netguard.Policy
	publicURL     *url.URL
	uploadKey     []byte
	dash          *web.ServerBackend // the dashboard's backend (nil in a worker)
	scans         *scans.Service
	uploads       *uploads.Service
	reports       *reports.Service
	worker        *worker.Worker
	repoScans     *repoapi.ServerScans
	projects      projects.Records
	blobs         blob.Store
	tmpDir        string

	// stopping is closed when shutdown begins, so requests waiting for a scan answer at once
	// (scan_in_progress) instead of holding the shutdown for up to ScanWait.
	stopping     chan struct{}
	stoppingOnce sync.Once

	bgCancel  context.CancelFunc
	bg        sync.WaitGroup
	closeOnce sync.Once
	closeErr  error
}

// New opens the store in cfg.DataDir, resumes unfinished scans and pending webhook deliveries,
// and returns a server ready to serve. Close it (or let ListenAndServe do it) when done.
func New(cfg Config, eng engine.Engine) (*Server, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if eng == nil {
		return nil, errors.New("server: no scanning engine")
	}
	s := &Server{
		cfg: cfg, engine: eng, log: cfg.Logger, mux: http.NewServeMux(),
		policy: netguard.Policy{AllowPrivate: cfg.AllowPrivateNetworks},
		blobs:  cfg.Blobs, tmpDir: filepath.Join(cfg.DataDir, "tmp"),
		stopping: make(chan struct{}),
	}
	s.publicURL, _ = url.Parse(cfg.PublicURL)
	// Workspaces left by a process that died mid-scan are garbage: the scans run again.
	os.RemoveAll(s.tmpDir)
	for _, d := range []string{cfg.DataDir, s.tmpDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, fmt.Errorf("server: data folder: %w", err)
		}
	}
	if s.blobs == nil {
		blobs, err := blob.Open(context.Background(), cfg.BlobStore, cfg.DataDir)
		if err != nil {
			return nil, fmt.Errorf("server: blob_store (VIGIL_BLOB_STORE): %w", err)
		}
		s.blobs = blobs
	}
	if cfg.BlobPublicEndpoint != "" {
		st, ok := s.blobs.(*blob.S3)
		if !ok {
			return nil, errors.New("server: blob_public_endpoint (VIGIL_BLOB_PUBLIC_ENDPOINT) needs an s3:// blob_store")
		}
		if err := st.SetPublicEndpoint(cfg.BlobPublicEndpoint); err != nil {
			return nil, fmt.Errorf("server: blob_public_endpoint (VIGIL_BLOB_PUBLIC_ENDPOINT): %w", err)
		}
	}
	key, err := signingKey(context.Background(), s.blobs)
	if err != nil {
		return nil, err
	}
	s.uploadKey = key
	st, err := store.OpenDatabase(context.Background(), cfg.Database, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	s.store = st
	s.projects = projects.Records{Store: st}
	s.uploads = &uploads.Service{Store: st, Blobs: s.blobs, Key: key, PublicURL: cfg.PublicURL, Expiry: cfg.UploadExpiry,
		Retention: cfg.UploadRetention, MaxPerClient: cfg.MaxUploadsPerClient, MaxBytesPerClient: cfg.MaxUploadBytesPerClient,
		MaxFileBytes: cfg.Limits.MaxFileBytes, MaxArchiveBytes: cfg.Limits.MaxArchiveBytes, Log: s.log}
	s.worker = &worker.Worker{Store: st, Engine: eng, Uploads: s.uploads, Policy: s.policy, Log: s.log,
		ScanTimeout: cfg.ScanTimeout, MaxAttempts: cfg.MaxAttempts, Limits: cfg.Limits, TempDir: s.tmpDir, DataDir: cfg.DataDir,
		PublicURL: cfg.PublicURL}
	workers := cfg.Workers
	if cfg.Role == RoleAPI {
		workers = 0
	}
	s.queue, err = jobs.Open(context.Background(), st, jobs.Config{
		Workers: workers,
		// Attempts beyond the ones giveUp allows (MaxAttempts interruptions, two crashes), so
		// that a scan's own rules end it, and the last attempt fails it rather than leave it.
		MaxAttempts: cfg.MaxAttempts + 3,
		// A scan bounds its own time by ScanTimeout; the queue's bound only catches a worker
		// that stopped answering, and a job running StuckAfter past it is rescued.
		JobTimeout:  cfg.ScanTimeout + cfg.StuckAfter/2,
		RescueAfter: cfg.ScanTimeout + cfg.StuckAfter,
		Queues:      map[string]int{jobs.WebhookQueue: 4, jobs.ReportQueue: 2},
		Register:    s.worker.Register,
		Logger:      s.log,
	})
	if err != nil {
		st.Close()
		return nil, err
	}
	s.scans = &scans.Service{Store: st, Queue: s.queue, Projects: s.projects, Log: s.log, QueueLimit: cfg.QueueLimit, Stopping: s.stopping}
	s.reports = &reports.Service{Store: st, Blobs: s.blobs, Scans: s.scans, Key: key, PublicURL: cfg.PublicURL, Version: cfg.Version, Log: s.log}
	s.repoScans = repoapi.NewServerScans(st, s.scans, s.reports, s.policy)
	s.metrics = metrics.New(s.queueStats)
	s.hooks = &webhook.Dispatcher{
		Store: st, Client: webhook.NewClient(s.policy, cfg.WebhookTimeout), MaxAttempts: cfg.WebhookMaxAttempts,
		Backoff: cfg.WebhookBackoff, Log: s.log,
		Observe: func(outcome string) { s.metrics.Webhooks.WithLabelValues(outcome).Inc() },
		// Each delivery is a queue job (Deliver), worked by whichever process works the queue.
		Queue: func(ctx context.Context, id string) error { return s.queue.Enqueue(ctx, jobs.DeliveryArgs{ID: id}) },
	}
	s.worker.Queue, s.worker.Scans, s.worker.Reports, s.worker.Hooks, s.worker.Metrics = s.queue, s.scans, s.reports, s.hooks, s.metrics
	s.routes()
	s.handler = s.metrics.Observe(s.mux, s.log)

	bgCtx, cancel := context.WithCancel(context.Background())
	s.bgCancel = cancel
	if workers > 0 {
		if err := s.worker.Resume(bgCtx); err != nil {
			s.Close(context.Background())
			return nil, err
		}
		if err := s.queue.Start(bgCtx); err != nil {
			s.Close(context.Background())
			return nil, err
		}
	}
	s.bg.Add(1)
	go func() { defer s.bg.Done(); s.janitor(bgCtx) }()
	if pg, ok := st.(*store.Postgres); ok {
		// Scans finished by other processes wake this one's waiters (requests waiting for a
		// result, WebSocket progress) at once; polling the store stays as the fallback.
		s.bg.Add(1)
		go func() { defer s.bg.Done(); s.scans.ListenFinished(bgCtx, pg) }()
	}
	return s, nil
}

// Handle mounts another surface (the JSON-RPC server at /rpc, the second host's /app/...
// routes) on the server's mux, behind the same logging and metrics. pattern is a ServeMux
// pattern.
func (s *Server) Handle(pattern string, h http.Handler) { s.mux.Handle(pattern, h) }

// Handler serves every route.
func (s *Server) Handler() http.Handler { return s.handler }

// Store is the server's store, for commands and tests that look at what it recorded.
func (s *Server) Store() store.Store { return s.store }

// WaitScan returns when the scan is finished (scan_done or scan_failed), whichever process ran
// it, or with ctx's error.
func (s *Server) WaitScan(ctx context.Context, scanID string) error { return s.scans.Wait(ctx, scanID) }

// queueStats counts the scans queued (in the store, whichever process will run them) and
// running in this process.
func (s *Server) queueStats() (queued, running int) {
	queued, _ = s.store.QueuedScans(context.Background())
	return queued, s.worker.Running()
}

// ListenAndServe serves on cfg.Listen until ctx is done, then shuts down gracefully and
// closes the server.
func (s *Server) ListenAndServe(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		s.Close(context.Background())
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve is ListenAndServe on an existing listener.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "listen", ln.Addr().String(), "public_url", s.cfg.PublicURL, "workers", s.cfg.Workers)
	select {
	case err := <-errc:
		s.Close(context.Background())
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	s.log.Info("shutting down: finishing requests in flight")
	s.beginStop()
	err := hs.Shutdown(sctx)
	if cerr := s.Close(sctx); err == nil {
		err = cerr
	}
	return err
}

// Close stops the queue (running scans are cancelled and handed back, unfinished, to another
// worker or the next New), the webhook dispatcher and the janitor, and closes the store.
// Call it after the HTTP server stopped taking requests.
func (s *Server) Close(ctx context.Context) error {
	s.beginStop()
	s.closeOnce.Do(func() {
		err := s.queue.Stop(ctx)
		s.bgCancel()
		s.bg.Wait()
		if cerr := s.store.Close(); err == nil {
			err = cerr
		}
		s.closeErr = err
	})
	return s.closeErr
}

func (s *Server) beginStop() {
	s.stoppingOnce.Do(func() {
		close(s.stopping)
		s.hooksMu.Lock()
		hooks := s.shutdownHooks
		s.hooksMu.Unlock()
		for _, f := range hooks {
			f()
		}
	})
}

// OnShutdown registers f to run when the server begins to stop, before the store is closed:
// surfaces that hold long-lived connections (the WebSocket API) close them there, since
// http.Server.Shutdown neither closes nor waits for hijacked connections.
func (s *Server) OnShutdown(f func()) {
	s.hooksMu.Lock()
	s.shutdownHooks = append(s.shutdownHooks, f)
	s.hooksMu.Unlock()
}

// Logger returns the server's structured logger, for the surfaces mounted beside it.
func (s *Server) Logger() *slog.Logger { return s.log }

// routes registers the API. Paths keep the spec's trailing slash; the same path without it is
// served too, since a redirect would turn a client's POST into a GET.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		httpjson.Write(w, http.StatusOK, map[string]string{"status": "ok", "role": s.cfg.Role})
	})
	s.mux.Handle("GET /metrics", s.metrics.Handler())
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		httpjson.Error(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+truncate(r.URL.Path, 200))
	})
	if s.cfg.Role == RoleWorker {
		return // a worker serves its health and metrics only
	}
	var catalogue *explorer.Catalogue
	if be, ok := s.engine.(engine.BlockEngine); ok {
		catalogue = be.Catalogue()
	}
	(&api.API{Store: s.store, Scans: s.scans, Uploads: s.uploads, Reports: s.reports, Queue: s.queue, Catalogue: catalogue,
		Policy: s.policy, Metrics: s.metrics, Log: s.log, MaxBodyBytes: s.cfg.MaxBodyBytes, ScanWait: s.cfg.ScanWait}).Register(s.mux)
	// The dashboard's pages at /, /login, /projects/..., /scans/...
	s.dash = &web.ServerBackend{Store: s.store, Scans: s.scans, Uploads: s.uploads, Reports: s.reports, Records: s.projects,
		Catalogue: catalogue, Policy: s.policy, Version: s.cfg.Version, Log: s.log}
	h, err := web.New(web.Config{
		Store: s.store, Backend: s.dash, Log: s.log, Version: s.cfg.Version, Stopping: s.stopping,
		HTTPSPublicURL: s.publicURL != nil && s.publicURL.Scheme == "https",
		MaxUploadBytes: s.cfg.Limits.MaxArchiveBytes,
	})
	if err != nil {
		panic(err) // the templates are embedded: this fails in every test, never only in production
	}
	h.Register(s.mux)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
