package server

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"time"
)

// janitor removes uploaded files once their retention is over, so uploads cannot fill the
// disk, every few minutes until ctx ends.
func (s *Server) janitor(ctx context.Context) {
	t := time.NewTicker(5 * time.Minute)
	defer t.Stop()
	for {
		s.sweepUploads(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (s *Server) sweepUploads(ctx context.Context) {
	for ctx.Err() == nil {
		old, err := s.store.ExpiredUploads(ctx, time.Now().Add(-s.cfg.UploadRetention), 100)
		if err != nil || len(old) == 0 {
			return
		}
		for _, u := range old {
			if err := os.Remove(s.blobPath(u.ObjectKey)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				s.log.Warn("janitor: removing upload", "key", u.ObjectKey, "err", err)
				return
			}
			os.Remove(s.blobPath(u.ObjectKey) + ".part")
			if err := s.store.DeleteUpload(ctx, u.ObjectKey); err != nil {
				return
			}
		}
	}
}
