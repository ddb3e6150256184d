package server

import (
	"context"
	"time"

	"github.com/vigil-sec/vigil/server/web"
)

// janitor removes uploaded files once their retention is over, so uploads cannot fill the
// disk or the bucket, and expired dashboard sessions, every few minutes until ctx ends. Files put straight into an object
// store are removed the same way, whether or not a scan ever used them.
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
