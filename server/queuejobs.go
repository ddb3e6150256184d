package server

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/store"
)

// registerJobs adds the workers of every job kind.
func (s *Server) registerJobs(w *river.Workers) {
	river.AddWorker(w, &scanWorker{s: s})
	river.AddWorker(w, &deliveryWorker{s: s})
	river.AddWorker(w, &reportWorker{s: s})
}

type deliveryWorker struct {
	river.WorkerDefaults[jobs.DeliveryArgs]
	s *Server
}

func (w *deliveryWorker) Work(ctx context.Context, job *river.Job[jobs.DeliveryArgs]) error {
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

type reportWorker struct {
	river.WorkerDefaults[jobs.ReportArgs]
	s *Server
}

// Work generates the report. A failure Generate recorded (reporting_status failed) is
// the job's outcome; one it could not record is retried, and the last attempt records it.
func (w *reportWorker) Work(ctx context.Context, job *river.Job[jobs.ReportArgs]) error {
	_, err := w.s.reports.Generate(ctx, job.Args.ClientID, job.Args.ScanID)
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
		if err := s.queue.Enqueue(ctx, jobs.DeliveryArgs{ID: d.ID}); err != nil {
			return err
		}
	}
	return nil
}
