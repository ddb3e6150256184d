package store

import (
	"context"
	"database/sql"
)

// DeleteProject removes the client's project and everything kept about it in one
// transaction. The write lock taken at BEGIN (_txlock=immediate) keeps any scan from being
// queued, started or finished between the check for unfinished scans and the deletes.
func (s *SQLite) DeleteProject(ctx context.Context, clientID int64, projectID string) (Removed, error) {
	var out Removed
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM projects WHERE id = ? AND client_id = ?`, projectID, clientID).Scan(&one); err != nil {
			return notFound(err)
		}
		var unfinishedScans int
		if err := tx.QueryRowContext(ctx, sqliteParams(countUnfinished), projectID).Scan(&unfinishedScans); err != nil {
			return err
		}
		if unfinishedScans > 0 {
			return ErrConflict
		}
		scans, err := s.deletedScans(ctx, tx, projectID)
		if err != nil {
			return err
		}
		out, err = removedOf(scans, func(key string) (bool, error) {
			var n int
			err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM scans WHERE client_id = ? AND project_id <> ? AND instr(request, ?) > 0`,
				clientID, projectID, uploadNeedle(key)).Scan(&n)
			return n > 0, err
		})
		if err != nil {
			return err
		}
		for _, key := range out.Uploads {
			if _, err := tx.ExecContext(ctx, `UPDATE uploads SET expires_at = 0 WHERE object_key = ? AND client_id = ?`, key, clientID); err != nil {
				return err
			}
		}
		for _, q := range projectDeletes {
			if _, err := tx.ExecContext(ctx, sqliteParams(q), projectID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

func (s *SQLite) deletedScans(ctx context.Context, tx *sql.Tx, projectID string) ([]deletedScan, error) {
	rows, err := tx.QueryContext(ctx, `SELECT report_id, request FROM scans WHERE project_id = ?`, projectID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, scanDeleted)
}
