package worker

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// EndDiscarded ends, as scan_failed with the reason, the scans whose job River discarded
// after its last attempt without an outcome recorded (a last attempt that failed on the store,
// or a worker that died during it): nothing would ever run them again, and they would read
// scan_in_progress forever. The janitor calls it; any process may, and two racing record one
// outcome (FinishScan's conflict). It returns how many scans it ended.
func (w *Worker) EndDiscarded(ctx context.Context) (int, error) {
	ended := 0
	for ctx.Err() == nil {
		jobs, err := w.Queue.DiscardedScans(ctx, 100)
		if err != nil || len(jobs) == 0 {
			return ended, err
		}
		for _, j := range jobs {
			sc, err := w.Store.GetScanAny(ctx, j.ScanID)
			switch {
			case errors.Is(err, store.ErrNotFound):
			case err != nil:
				return ended, err
			case sc.Status == report.StatusQueued || sc.Status == report.StatusInProgress:
				msg := fmt.Sprintf("the scan could not be completed: the job queue gave up on it after %d attempts", j.Attempts)
				if reason := w.clientSafe(j.LastError); reason != "" {
					msg += " (last error: " + reason + ")"
				} else {
					msg += " (its worker stopped answering)"
				}
				if err := w.finish(ctx, sc, nil, msg); err != nil {
					return ended, err
				}
				w.Log.Warn("janitor: ended a scan whose job was discarded", "scan_id", sc.ID, "attempts", j.Attempts, "last_error", j.LastError)
				ended++
			}
			// Dealt with: the job's row goes, so the next pass does not list it again.
			if err := w.Queue.Forget(ctx, j.JobID); err != nil {
				return ended, err
			}
		}
	}
	return ended, ctx.Err()
}

// clientSafe is an internal error as a client may read it: without the server's folders, on
// one line, at most 300 bytes.
func (w *Worker) clientSafe(msg string) string {
	for _, p := range []string{w.TempDir, w.DataDir} {
		if p != "" {
			msg = strings.ReplaceAll(msg, p, "")
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	return msg
}
