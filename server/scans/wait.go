package scans

import (
	"context"
	"errors"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// Await waits up to d for a queued scan to end (or until the server begins to stop). wake,
// when not nil, is the caller's WaitFor of the scan, begun before the scan was queued: its
// finish cannot have come unseen, so the status is not read until waitPoll passes without it
// (for a scan another process runs).
func (s *Service) Await(ctx context.Context, id string, wake <-chan struct{}, d time.Duration) {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	go func() {
		select {
		case <-s.Stopping:
			cancel()
		case <-wctx.Done():
		}
	}()
	if wake != nil {
		t := time.NewTimer(waitPoll)
		defer t.Stop()
		select {
		case <-wake:
			return
		case <-wctx.Done():
			return
		case <-t.C:
		}
	}
	s.Wait(wctx, id)
}

// WaitFor returns a channel closed when this process next reports scanID finished, and the
// function to call when the caller stops waiting on it.
func (s *Service) WaitFor(scanID string) (<-chan struct{}, func()) { return s.finished.wait(scanID) }

// Finished wakes the waiters of a scan whose outcome the store has recorded.
func (s *Service) Finished(scanID string) { s.finished.broadcast(scanID) }

// Wait returns when the scan is finished (scan_done or scan_failed), whichever process ran
// it, or with ctx's error. A scan this process finishes wakes it at once, and so does one
// finished elsewhere on PostgreSQL (LISTEN/NOTIFY, ListenFinished); the store is also read
// every waitPoll.
func (s *Service) Wait(ctx context.Context, scanID string) error {
	for {
		if err := s.waitOnce(ctx, scanID); err != errNotFinished {
			return err
		}
	}
}

var errNotFinished = errors.New("scan not finished")

// waitOnce reads the scan's status and, when it is not finished, waits for its finish to be
// reported, for waitPoll or for ctx; it says errNotFinished when the status is worth reading
// again.
func (s *Service) waitOnce(ctx context.Context, scanID string) error {
	wake, leave := s.finished.wait(scanID)
	defer leave()
	status, err := s.Store.ScanStatus(ctx, scanID)
	if err != nil {
		return err
	}
	if status != report.StatusQueued && status != report.StatusInProgress {
		return nil
	}
	t := time.NewTimer(waitPoll)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-wake:
		// Woken by the scan's finish, recorded already (finish broadcasts after the store
		// took the outcome; PostgreSQL notifies at its commit): no need to read it again.
		return nil
	case <-t.C:
	}
	return errNotFinished
}

// waitPoll is how often Wait looks at the store for a scan another process runs.
const waitPoll = 250 * time.Millisecond

// ListenFinished wakes the waiters of the scans other processes finish (PostgreSQL's NOTIFY),
// listening again after a lost connection, until ctx ends.
func (s *Service) ListenFinished(ctx context.Context, pg *store.Postgres) {
	for ctx.Err() == nil {
		err := pg.ListenFinished(ctx, s.finished.broadcast)
		if ctx.Err() != nil {
			return
		}
		s.Log.Warn("listening for finished scans; polling meanwhile", "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}
