package server

import (
	"context"
	"time"

	"github.com/vigil-sec/vigil/server/web"
)

// janitor removes uploaded files once their retention is over (uploads.Service.Sweep) and
// expired dashboard sessions, every few minutes until ctx ends. Every process runs it: the
// removals are safe to race.
func (s *Server) janitor(ctx context.Context) {
	t := time.NewTicker(5 * time.Minute)
	defer t.Stop()
	for {
		s.uploads.Sweep(ctx, time.Now())
		if n, err := web.SweepSessions(ctx, s.store, time.Now()); err != nil && ctx.Err() == nil {
			s.log.Error("janitor: removing expired dashboard sessions", "err", err)
		} else if n > 0 {
			s.log.Info("janitor: removed expired dashboard sessions", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
