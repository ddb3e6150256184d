package worker

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/store"
)

// Register adds the workers of every job kind (jobs.Config.Register).
func (w *Worker) Register(ws *river.Workers) {
	river.AddWorker(ws, &scanWorker{w: w})
	river.AddWorker(ws, &deliveryWorker{w: w})
	river.AddWorker(ws, &reportWorker{w: w})
}

type deliveryWorker struct {
	river.WorkerDefaults[jobs.DeliveryArgs]
	w *Worker
}

func (r *deliveryWorker) Work(ctx context.Context, job *river.Job[jobs.DeliveryArgs]) error {
	next, err := r.w.Hooks.Deliver(ctx, job.Args.ID)
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
	w *Worker
}

// Work generates the report. A failure Generate recorded (reporting_status failed) is
// the job's outcome; one it could not record is retried, and the last attempt records it.
func (r *reportWorker) Work(ctx context.Context, job *river.Job[jobs.ReportArgs]) error {
	_, err := r.w.Reports.Generate(ctx, job.Args.ClientID, job.Args.ScanID)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return river.JobSnooze(0)
	}
	sc, gerr := r.w.Store.GetScanAny(ctx, job.Args.ScanID)
	if gerr == nil && sc.ReportingStatus != report.ReportGenerating {
		return nil // recorded
	}
	if errors.Is(gerr, store.ErrNotFound) {
		return nil // the scan's project was deleted: nothing to generate or record
	}
	if job.Attempt >= job.MaxAttempts {
		r.w.Store.SetReporting(context.WithoutCancel(ctx), job.Args.ScanID, report.ReportFailed,
			"report generation failed: "+err.Error(), "")
		return nil
	}
	return err
}

// resumeDeliveries queues a job for every pending delivery (ones queued before the queue
// existed, or whose job was lost); a delivery with a job already is not queued twice.
func (w *Worker) resumeDeliveries(ctx context.Context) error {
	due, err := w.Store.DueDeliveries(ctx, time.Now().AddDate(1, 0, 0), 100000)
	if err != nil {
		return err
	}
	for _, d := range due {
		if err := w.Queue.Enqueue(ctx, jobs.DeliveryArgs{ID: d.ID}); err != nil {
			return err
		}
	}
	return nil
}
