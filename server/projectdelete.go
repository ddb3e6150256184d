package server

import (
	"context"

	"github.com/vigil-sec/vigil/server/reports"
)

// deleteProject deletes a client's project for good: its rows in one transaction
// (store.DeleteProject refuses while a scan of it is queued or running), then the files they
// named in the blob store, then its place on the client's dashboard list. The SPEC has no
// endpoint for it; the dashboard is its one caller.
func (s *Server) deleteProject(ctx context.Context, clientID int64, projectID string) error {
	removed, err := s.store.DeleteProject(ctx, clientID, projectID)
	if err != nil {
		return err
	}
	// The rows are gone: their files go too, even if the client stops waiting.
	ctx = context.WithoutCancel(ctx)
	for _, id := range removed.Reports {
		for _, key := range reports.Blobs(id) {
			if err := s.blobs.Delete(ctx, key); err != nil {
				s.log.Warn("deleting a project: removing a report file", "project_id", projectID, "report_id", id, "err", err)
			}
		}
	}
	for _, key := range removed.Uploads {
		// On failure the expired record stays, and the janitor tries again.
		if err := s.uploads.Remove(ctx, key); err != nil {
			s.log.Warn("deleting a project: removing an upload; the janitor will retry", "project_id", projectID, "key", key, "err", err)
		}
	}
	if err := s.projects.Unlisted(ctx, clientID, projectID); err != nil {
		// The list skips projects that no longer exist: a stale id shows nothing.
		s.log.Warn("deleting a project: updating the dashboard list", "project_id", projectID, "err", err)
	}
	s.log.Info("project deleted", "project_id", projectID, "client_id", clientID, "scans", removed.Scans,
		"reports", len(removed.Reports), "uploads", len(removed.Uploads))
	return nil
}
