package worker

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/metrics"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/uploads"
	"github.com/vigil-sec/vigil/server/webhook"
)

// Worker runs the queue's jobs in one process. Its fields are set before the queue starts.
type Worker struct {
	Store   store.Store
	Queue   *jobs.Queue
	Engine  engine.Engine
	Scans   *scans.Service      // told of each finish, for the requests waiting for it
	Uploads *uploads.Service    // the files of file scans
	Reports *reports.Service    // report jobs
	Hooks   *webhook.Dispatcher // the events of finished scans, and their deliveries
	Metrics *metrics.Metrics
	Policy  netguard.Policy // where clones may connect
	Log     *slog.Logger

	// ScanTimeout bounds one attempt; MaxAttempts is how many a stopping server may interrupt
	// before the scan fails (Config).
	ScanTimeout time.Duration
	MaxAttempts int
	Limits      workspace.Limits
	// TempDir holds the workspaces of running scans; DataDir is kept out of error messages.
	TempDir, DataDir string
	// PublicURL is the base of the links in webhook events.
	PublicURL string

	// solo keeps a quarantined scan (one that killed a worker) alone in this process: it takes
	// the write lock, every other scan a read lock.
	solo    sync.RWMutex
	running atomic.Int64 // scans running in this process
}

// Running is the number of scans running in this process now.
func (w *Worker) Running() int { return int(w.running.Load()) }

// Resume, at the start of a process that works, queues again what a previous process left:
// unfinished scans and pending webhook deliveries.
func (w *Worker) Resume(ctx context.Context) error {
	return errors.Join(w.resume(ctx), w.resumeDeliveries(ctx))
}

// Finish records a scan's outcome as an attempt does: the report, or the failure's message
// when rep is nil.
func (w *Worker) Finish(ctx context.Context, sc store.Scan, rep *report.ScanReport, errMsg string) error {
	return w.finish(ctx, sc, rep, errMsg)
}
