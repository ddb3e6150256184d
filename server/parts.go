package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/metrics"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/uploads"
	"github.com/vigil-sec/vigil/server/webhook"
	"github.com/vigil-sec/vigil/server/worker"
)

// openStorage prepares the data folder and opens the blob store, the database and the job
// queue in it; it returns the deployment's signing key. The queue registers the worker's job
// kinds as it opens, so the worker is made here too (assemble completes it).
func (s *Server) openStorage() (key []byte, err error) {
	cfg := s.cfg
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("server: data folder: %w", err)
	}
	// Before anything in the folder is touched: a second worker on a SQLite folder stops here.
	if err := s.lockWorker(); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			s.unlockWorker()
		}
	}()
	// Workspaces left by a process that died mid-scan are garbage: the scans run again. A
	// process that runs no scans leaves them to the one that does.
	tmp := s.tempDir()
	if s.scanWorkers() > 0 {
		os.RemoveAll(tmp)
	}
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		return nil, fmt.Errorf("server: data folder: %w", err)
	}
	if s.blobs, err = openBlobs(cfg); err != nil {
		return nil, err
	}
	if key, err = signingKey(context.Background(), s.blobs); err != nil {
		return nil, err
	}
	if s.store, err = store.OpenDatabase(context.Background(), cfg.Database, cfg.DataDir); err != nil {
		return nil, err
	}
	s.worker = &worker.Worker{}
	s.queue, err = jobs.Open(context.Background(), s.store, jobs.Config{
		Workers: s.scanWorkers(),
		// Attempts beyond the ones the worker allows (MaxAttempts interruptions, two crashes),
		// so that a scan's own rules end it, and the last attempt fails it rather than leave it.
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
		s.store.Close()
		return nil, err
	}
	return key, nil
}

// openBlobs opens the configured blob store: Config.Blobs, else Config.BlobStore (S3 or the
// data folder).
func openBlobs(cfg Config) (blob.Store, error) {
	blobs := cfg.Blobs
	if blobs == nil {
		var err error
		if blobs, err = blob.Open(context.Background(), cfg.BlobStore, cfg.DataDir); err != nil {
			return nil, fmt.Errorf("server: blob_store (VIGIL_BLOB_STORE): %w", err)
		}
	}
	if cfg.BlobPublicEndpoint != "" {
		st, ok := blobs.(*blob.S3)
		if !ok {
			return nil, errors.New("server: blob_public_endpoint (VIGIL_BLOB_PUBLIC_ENDPOINT) needs an s3:// blob_store")
		}
		if err := st.SetPublicEndpoint(cfg.BlobPublicEndpoint); err != nil {
			return nil, fmt.Errorf("server: blob_public_endpoint (VIGIL_BLOB_PUBLIC_ENDPOINT): %w", err)
		}
	}
	return blobs, nil
}

// assemble makes the parts every door shares, over the storage, and completes the worker.
func (s *Server) assemble(key []byte) {
	cfg, st := s.cfg, s.store
	s.projects = projects.Records{Store: st}
	s.scans = &scans.Service{Store: st, Queue: s.queue, Projects: s.projects, Log: s.log, QueueLimit: cfg.QueueLimit,
		ClientQueue: cfg.ClientQueue, ClientWorkers: cfg.ClientWorkers, Stopping: s.stopping}
	s.uploads = &uploads.Service{Store: st, Blobs: s.blobs, Key: key, PublicURL: cfg.PublicURL, Expiry: cfg.UploadExpiry,
		Retention: cfg.UploadRetention, MaxPerClient: cfg.MaxUploadsPerClient, MaxBytesPerClient: cfg.MaxUploadBytesPerClient,
		MaxFileBytes: cfg.Limits.MaxFileBytes, MaxArchiveBytes: cfg.Limits.MaxArchiveBytes, Log: s.log}
	s.reports = &reports.Service{Store: st, Blobs: s.blobs, Scans: s.scans, Key: key, PublicURL: cfg.PublicURL, Version: cfg.Version, Log: s.log}
	s.metrics = metrics.New(s.queueStats)
	s.throttle = auth.NewThrottle()
	s.hooks = &webhook.Dispatcher{
		Store: st, Client: webhook.NewClient(s.policy, cfg.WebhookTimeout), MaxAttempts: cfg.WebhookMaxAttempts,
		Backoff: cfg.WebhookBackoff, Log: s.log,
		Observe: func(outcome string) { s.metrics.Webhooks.WithLabelValues(outcome).Inc() },
		// Each delivery is a queue job (Deliver), worked by whichever process works the queue.
		Queue: func(ctx context.Context, id string) error { return s.queue.Enqueue(ctx, jobs.DeliveryArgs{ID: id}) },
	}
	w := s.worker
	w.Store, w.Queue, w.Engine, w.Log, w.Policy = st, s.queue, s.engine, s.log, s.policy
	w.Scans, w.Uploads, w.Reports, w.Hooks, w.Metrics = s.scans, s.uploads, s.reports, s.hooks, s.metrics
	w.ScanTimeout, w.MaxAttempts, w.Limits = cfg.ScanTimeout, cfg.MaxAttempts, cfg.Limits
	w.TempDir, w.DataDir, w.PublicURL = s.tempDir(), cfg.DataDir, cfg.PublicURL
	s.repoScans = repoapi.NewServerScans(st, s.scans, s.reports, s.policy)
}

// tempDir holds the workspaces of running scans.
func (s *Server) tempDir() string { return filepath.Join(s.cfg.DataDir, "tmp") }

// scanWorkers is how many scans this process runs at once: none in the api role.
func (s *Server) scanWorkers() int {
	if s.cfg.Role == RoleAPI {
		return 0
	}
	return s.cfg.Workers
}

// queueStats counts the scans queued (in the store, whichever process will run them) and
// running in this process.
func (s *Server) queueStats() (queued, running int) {
	queued, _ = s.store.QueuedScans(context.Background())
	return queued, s.worker.Running()
}
