package server

import (
	"context"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// SweepUploads runs one pass of the janitor as if the clock read now.
func (s *Server) SweepUploads(ctx context.Context, now time.Time) { s.uploads.Sweep(ctx, now) }

// ReportLink is the signed download URL of a report file (<report id>.pdf|.html).
func (s *Server) ReportLink(file string) string { return s.reports.URL(file) }

// Finish records an outcome of the scan as a worker's attempt does.
func (s *Server) Finish(ctx context.Context, sc store.Scan, rep *report.ScanReport) error {
	return s.worker.Finish(ctx, sc, rep, "")
}

// RunScan runs one attempt of the scan's job.
func (s *Server) RunScan(ctx context.Context, id string) error {
	return s.worker.RunScan(ctx, id, false)
}

// JanitorPass runs one pass of the janitor now.
func (s *Server) JanitorPass(ctx context.Context) { s.janitorPass(ctx) }
