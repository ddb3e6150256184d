package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"

	"github.com/gofrs/flock"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/connlimit"
	"github.com/vigil-sec/vigil/server/engine"
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

// Server is one `vigil serve` process: its parts wired together, its doors on one mux. It is
// safe for concurrent use.
type Server struct {
	cfg     Config
	log     *slog.Logger
	engine  engine.Engine
	policy  netguard.Policy // where clones and webhooks may connect
	mux     *http.ServeMux
	handler http.Handler // mux behind the request log and metrics

	// Storage (parts.go): the database, the job queue in it, and the blob store.
	store store.Store
	queue *jobs.Queue
	blobs blob.Store
	// workerLock is held while this process runs scans on a SQLite store (workerlock.go).
	workerLock *flock.Flock

	// The parts the doors share (parts.go).
	scans    *scans.Service
	uploads  *uploads.Service
	reports  *reports.Service
	projects projects.Records
	worker   *worker.Worker
	hooks    *webhook.Dispatcher
	metrics  *metrics.Metrics
	// throttle counts wrong API keys per address, on the API and at the dashboard's sign-in.
	throttle *auth.Throttle

	// Doors other than the private API that the process keeps (routes.go, surfaces.go).
	dash      *web.ServerBackend // the dashboard's backend (nil in a worker)
	repoScans *repoapi.ServerScans

	// Lifecycle (lifecycle.go). stopping is closed when shutdown begins, so requests waiting
	// for a scan answer at once (scan_in_progress) instead of holding the shutdown for up to
	// ScanWait.
	stopping      chan struct{}
	stoppingOnce  sync.Once
	hooksMu       sync.Mutex
	shutdownHooks []func()
	bgCancel      context.CancelFunc
	bg            sync.WaitGroup
	closeOnce     sync.Once
	closeErr      error
}

// New opens the data folder, the blob store and the database, resumes unfinished scans and
// pending webhook deliveries (in a process that scans), and returns a server ready to serve.
// Close it (or let ListenAndServe do it) when done.
func New(cfg Config, eng engine.Engine) (*Server, error) {
	cfg = cfg.withDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if eng == nil {
		return nil, errors.New("server: no scanning engine")
	}
	s := &Server{cfg: cfg, engine: eng, log: cfg.Logger, mux: http.NewServeMux(),
		policy: netguard.Policy{AllowPrivate: cfg.AllowPrivateNetworks}, stopping: make(chan struct{})}
	key, err := s.openStorage()
	if err != nil {
		return nil, err
	}
	s.assemble(key)
	s.routes()
	s.handler = connlimit.BodyDeadline(cfg.BodyTimeout, cfg.BodyMinRate, withAddress(s.metrics.Observe(s.mux, s.log)))
	if err := s.start(); err != nil {
		s.Close(context.Background())
		return nil, err
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

// Logger returns the server's structured logger, for the surfaces mounted beside it.
func (s *Server) Logger() *slog.Logger { return s.log }

// WaitScan returns when the scan is finished (scan_done or scan_failed), whichever process ran
// it, or with ctx's error.
func (s *Server) WaitScan(ctx context.Context, scanID string) error { return s.scans.Wait(ctx, scanID) }
