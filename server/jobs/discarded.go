package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// DiscardedScan is a scan job River gave up on: every attempt it allowed failed (an attempt
// that erred, or a worker that died while its job had no attempt left, which River's rescuer
// then discards without running it again). The scan it names may still read queued or
// scan_in_progress: no attempt recorded an outcome.
type DiscardedScan struct {
	JobID    int64
	ScanID   string
	Attempts int
	// LastError is the error of the last attempt, "" when none was recorded (a rescued job).
	LastError string
}

// DiscardedScans lists up to limit discarded scan jobs, oldest first.
func (q *Queue) DiscardedScans(ctx context.Context, limit int) ([]DiscardedScan, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().Kinds(ScanArgs{}.Kind()).
		States(rivertype.JobStateDiscarded).First(limit))
	if err != nil {
		return nil, fmt.Errorf("jobs: listing discarded scan jobs: %w", err)
	}
	out := make([]DiscardedScan, 0, len(res.Jobs))
	for _, j := range res.Jobs {
		var args ScanArgs
		if err := json.Unmarshal(j.EncodedArgs, &args); err != nil || args.ScanID == "" {
			continue
		}
		d := DiscardedScan{JobID: j.ID, ScanID: args.ScanID, Attempts: j.Attempt}
		if n := len(j.Errors); n > 0 {
			d.LastError = j.Errors[n-1].Error
		}
		out = append(out, d)
	}
	return out, nil
}

// Forget deletes a finished job's row (a discarded job whose scan has been dealt with), so
// that the next janitor pass does not list it again.
func (q *Queue) Forget(ctx context.Context, jobID int64) error {
	_, err := q.client.JobDelete(ctx, jobID)
	return err
}
