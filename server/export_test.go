package server

import (
	"context"
	"time"
)

// SweepUploads runs one pass of the janitor as if the clock read now.
func (s *Server) SweepUploads(ctx context.Context, now time.Time) { s.sweepUploads(ctx, now) }

// ReportLink is the signed download URL of a report file (<report id>.pdf|.html).
func (s *Server) ReportLink(file string) string { return s.reportURL(file) }
