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
		s.sweepUploads(ctx, time.Now())
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

// sweepUploads removes the files and records of uploads whose retention ended before now.
func (s *Server) sweepUploads(ctx context.Context, now time.Time) {
	for ctx.Err() == nil {
		old, err := s.store.ExpiredUploads(ctx, now.Add(-s.cfg.UploadRetention), 100)
		if err != nil || len(old) == 0 {
			return
		}
		for _, u := range old {
			if err := s.removeUpload(ctx, u.ObjectKey); err != nil {
				s.log.Warn("janitor: removing upload", "key", u.ObjectKey, "err", err)
				return
			}
		}
	}
}
