package server

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// The queue's other job kinds: webhook deliveries and report generation, each in a queue of
// its own so that they never wait behind long scans.
const (
	webhookQueue = "webhooks"
	reportQueue  = "reports"
)

// registerJobs adds the workers of every job kind.
func (s *Server) registerJobs(w *river.Workers) {
	river.AddWorker(w, &scanWorker{s: s})
	river.AddWorker(w, &deliveryWorker{s: s})
	river.AddWorker(w, &reportWorker{s: s})
}

// deliveryArgs is one webhook delivery (its id, the webhook-id), sent by as many attempts as
// the dispatcher allows, each a run of the job, with the dispatcher's backoff between them.
type deliveryArgs struct {
	ID string `json:"id"`
}

func (deliveryArgs) Kind() string { return "webhook_delivery" }

func (deliveryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: webhookQueue, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type deliveryWorker struct {
	river.WorkerDefaults[deliveryArgs]
	s *Server
}

func (w *deliveryWorker) Work(ctx context.Context, job *river.Job[deliveryArgs]) error {
	next, err := w.s.hooks.Deliver(ctx, job.Args.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil && ctx.Err() != nil:
		return river.JobSnooze(0) // stopping: for another process or the next start
	case err != nil:
		return err
	case next.IsZero():
		return nil
	}
	// Waiting for the next attempt is a snooze: the attempts are the dispatcher's to count.
	return river.JobSnooze(max(time.Until(next), 0))
}

// reportArgs is the generation of a finished scan's downloadable report.
type reportArgs struct {
	ClientID int64  `json:"client_id"`
	ScanID   string `json:"scan_id"`
}

func (reportArgs) Kind() string { return "report" }

// InsertOpts: not unique. A request may come while the previous generation's job is still
// being completed; generating twice only makes a newer report id.
func (reportArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: reportQueue} }

type reportWorker struct {
	river.WorkerDefaults[reportArgs]
	s *Server
}

// Work generates the report. A failure generateReport recorded (reporting_status failed) is
// the job's outcome; one it could not record is retried, and the last attempt records it.
func (w *reportWorker) Work(ctx context.Context, job *river.Job[reportArgs]) error {
	_, err := w.s.generateReport(ctx, job.Args.ClientID, job.Args.ScanID)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return river.JobSnooze(0)
	}
	sc, gerr := w.s.store.GetScanAny(ctx, job.Args.ScanID)
	if gerr == nil && sc.ReportingStatus != report.ReportGenerating {
		return nil // recorded
	}
	if errors.Is(gerr, store.ErrNotFound) {
		return nil // the scan's project was deleted: nothing to generate or record
	}
	if job.Attempt >= job.MaxAttempts {
		w.s.store.SetReporting(context.WithoutCancel(ctx), job.Args.ScanID, report.ReportFailed,
			"report generation failed: "+err.Error(), "")
		return nil
	}
	return err
}

// resumeDeliveries queues a job for every pending delivery (ones queued before the queue
// existed, or whose job was lost); a delivery with a job already is not queued twice.
func (s *Server) resumeDeliveries(ctx context.Context) error {
	due, err := s.store.DueDeliveries(ctx, time.Now().AddDate(1, 0, 0), 100000)
	if err != nil {
		return err
	}
	for _, d := range due {
		if err := s.queue.Enqueue(ctx, deliveryArgs{ID: d.ID}); err != nil {
			return err
		}
	}
	return nil
}
