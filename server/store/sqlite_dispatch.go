package store

import (
	"context"
	"database/sql"
)

// The conditions repeat status IN (...) so that SQLite uses the partial index
// scans_owner_unfinished (see queuedScansSQL).
const (
	ownerQueuedSQLite     = `SELECT COUNT(*) FROM scans WHERE owner = ? AND status IN ('queued', 'scan_in_progress') AND status = 'queued'`
	ownerDispatchedSQLite = `SELECT COUNT(*) FROM scans WHERE owner = ? AND status IN ('queued', 'scan_in_progress') AND dispatched = 1`
	ownerNextSQLite       = `SELECT id FROM scans WHERE owner = ? AND status IN ('queued', 'scan_in_progress') AND status = 'queued'
		AND dispatched = 0 ORDER BY created_at, id LIMIT ?`
)

// AdmitScan records a new scan unless its owner has maxQueued queued. SQLite's one writer
// makes the count and the insert one step.
func (s *SQLite) AdmitScan(ctx context.Context, sc Scan, maxQueued int) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		if sc.Owner != "" && maxQueued > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, ownerQueuedSQLite, sc.Owner).Scan(&n); err != nil {
				return err
			}
			if n >= maxQueued {
				return ErrBusy
			}
		}
		_, err := tx.ExecContext(ctx, insertScanSQLite, insertScanArgs(sc)...)
		return err
	})
}

// DispatchNext dispatches the owner's next scans within maxRunning.
func (s *SQLite) DispatchNext(ctx context.Context, owner string, maxRunning int) ([]string, error) {
	// Most calls (a scan ended, its owner waits for nothing) find nothing to dispatch: a read
	// says so without taking the one writer.
	var waiting bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(`+ownerNextSQLite+`)`, owner, 1).Scan(&waiting); err != nil || !waiting {
		return nil, err
	}
	var ids []string
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		ids = nil
		var n int
		if err := tx.QueryRowContext(ctx, ownerDispatchedSQLite, owner).Scan(&n); err != nil || n >= maxRunning {
			return err
		}
		rows, err := tx.QueryContext(ctx, ownerNextSQLite, owner, maxRunning-n)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE scans SET dispatched = 1 WHERE id = ?`, id); err != nil {
				return err
			}
		}
		return nil
	})
	return ids, err
}

// WaitingOwners lists the owners with undispatched queued scans.
func (s *SQLite) WaitingOwners(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT owner FROM scans WHERE status IN ('queued', 'scan_in_progress')
		AND status = 'queued' AND dispatched = 0 AND owner <> ''`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, func(r row) (string, error) {
		var o string
		return o, r.Scan(&o)
	})
}

// GetKey reads a key by id.
func (s *SQLite) GetKey(ctx context.Context, id int64) (Key, error) {
	k, err := scanKey(s.db.QueryRowContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE id = ?`, id))
	return k, notFound(err)
}

// SetKeyQuota sets a key's shares.
func (s *SQLite) SetKeyQuota(ctx context.Context, id int64, maxQueued, maxRunning int) error {
	res, err := s.w.ExecContext(ctx, `UPDATE api_keys SET max_queued = ?, max_running = ? WHERE id = ?`, max(maxQueued, 0), max(maxRunning, 0), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
