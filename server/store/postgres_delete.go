package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// DeleteProject removes the client's project and everything kept about it in one
// transaction. Locking the project's row first makes a scan being queued for it (its insert
// checks the foreign key with a share lock on that row) either commit before the check for
// unfinished scans, which then sees it, or wait and fail once the project is gone.
func (s *Postgres) DeleteProject(ctx context.Context, clientID int64, projectID string) (Removed, error) {
	var out Removed
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var one int
		if err := tx.QueryRow(ctx, `SELECT 1 FROM projects WHERE id = $1 AND client_id = $2 FOR UPDATE`, projectID, clientID).Scan(&one); err != nil {
			return pgNotFound(err)
		}
		var unfinishedScans int
		if err := tx.QueryRow(ctx, countUnfinished, projectID).Scan(&unfinishedScans); err != nil {
			return err
		}
		if unfinishedScans > 0 {
			return ErrConflict
		}
		rows, err := tx.Query(ctx, `SELECT report_id, request FROM scans WHERE project_id = $1`, projectID)
		scans, err := collect(rows, err, scanDeleted)
		if err != nil {
			return err
		}
		out, err = removedOf(scans, func(key string) (bool, error) {
			var n int
			err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM scans WHERE client_id = $1 AND project_id <> $2 AND strpos(request, $3) > 0`,
				clientID, projectID, uploadNeedle(key)).Scan(&n)
			return n > 0, err
		})
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		for _, key := range out.Uploads {
			b.Queue(`UPDATE uploads SET expires_at = 0 WHERE object_key = $1 AND client_id = $2`, key, clientID)
		}
		for _, q := range projectDeletes {
			b.Queue(q, projectID)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	return out, err
}
