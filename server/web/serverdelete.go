package web

import (
	"context"
)

// DeleteProject deletes a client's project for good: its rows in one transaction
// (store.DeleteProject refuses while a scan of it is queued or running), then the files they
// named in the blob store (reports and uploads), then its place on the client's project list.
// The SPEC has no endpoint for it; the dashboard is its one caller.
func (d *ServerBackend) DeleteProject(ctx context.Context, clientID int64, projectID string) error {
	removed, err := d.Store.DeleteProject(ctx, clientID, projectID)
	if err != nil {
		return err
	}
	// The rows are gone: their files go too, even if the client stops waiting.
	ctx = context.WithoutCancel(ctx)
	for _, id := range removed.Reports {
		if err := d.Reports.Delete(ctx, id); err != nil {
			d.Log.Warn("deleting a project: removing a report's files", "project_id", projectID, "report_id", id, "err", err)
		}
	}
	for _, key := range removed.Uploads {
		// On failure the expired record stays, and the janitor tries again.
		if err := d.Uploads.Remove(ctx, key); err != nil {
			d.Log.Warn("deleting a project: removing an upload; the janitor will retry", "project_id", projectID, "key", key, "err", err)
		}
	}
	if err := d.Records.Unlisted(ctx, clientID, projectID); err != nil {
		// The list skips projects that no longer exist: a stale id shows nothing.
		d.Log.Warn("deleting a project: updating the dashboard list", "project_id", projectID, "err", err)
	}
	d.Log.Info("project deleted", "project_id", projectID, "client_id", clientID, "scans", removed.Scans,
		"reports", len(removed.Reports), "uploads", len(removed.Uploads))
	return nil
}
