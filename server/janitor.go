package server

import (
	"context"
	"time"

	"github.com/vigil-sec/vigil/server/web"
)

// janitor removes uploaded files once their retention is over (uploads.Service.Sweep) and
// expired dashboard sessions, ends the scans whose job the queue discarded and dispatches
// scans a dead process left waiting (scans.Service.Redispatch), every few minutes until ctx
// ends. Every process runs it: each of its steps is safe to race.
func (s *Server) janitor(ctx context.Context) {
	t := time.NewTicker(5 * time.Minute)
	defer t.Stop()
	for {
		s.janitorPass(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// janitorPass is one pass of the janitor.
func (s *Server) janitorPass(ctx context.Context) {
	s.uploads.Sweep(ctx, time.Now())
	if n, err := web.SweepSessions(ctx, s.store, time.Now()); err != nil && ctx.Err() == nil {
		s.log.Error("janitor: removing expired dashboard sessions", "err", err)
	} else if n > 0 {
		s.log.Info("janitor: removed expired dashboard sessions", "count", n)
	}
	if _, err := s.worker.EndDiscarded(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("janitor: ending scans whose job was discarded", "err", err)
	}
	if err := s.scans.Redispatch(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("janitor: dispatching waiting scans", "err", err)
	}
}
