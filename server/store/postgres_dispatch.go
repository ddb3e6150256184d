package store

import (
	"cmp"
	"context"
	"slices"

	"github.com/jackc/pgx/v5"
)

// ownerLockClass is the first key of the advisory transaction locks that make each owner's
// admissions and dispatches one step at a time across processes; the second is the hash of
// the owner.
const ownerLockClass = 0x76676c // "vgl"

func lockOwner(ctx context.Context, tx pgx.Tx, owner string) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, ownerLockClass, owner)
	return err
}

// AdmitScan records a new scan unless its owner has maxQueued queued.
func (s *Postgres) AdmitScan(ctx context.Context, sc Scan, maxQueued int) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if sc.Owner != "" && maxQueued > 0 {
			if err := lockOwner(ctx, tx, sc.Owner); err != nil {
				return err
			}
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM scans WHERE owner = $1 AND status = 'queued'`, sc.Owner).Scan(&n); err != nil {
				return err
			}
			if n >= maxQueued {
				return ErrBusy
			}
		}
		_, err := tx.Exec(ctx, insertScanPostgres, insertScanArgs(sc)...)
		return err
	})
}

// DispatchNext dispatches the owner's next scans within maxRunning.
func (s *Postgres) DispatchNext(ctx context.Context, owner string, maxRunning int) ([]string, error) {
	// Most calls (a scan ended, its owner waits for nothing) find nothing to dispatch: a read
	// says so without a locking transaction.
	var waiting bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS(SELECT 1 FROM scans WHERE owner = $1 AND status = 'queued' AND NOT dispatched)`,
		owner).Scan(&waiting); err != nil || !waiting {
		return nil, err
	}
	var ids []string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		ids = nil
		if err := lockOwner(ctx, tx, owner); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM scans WHERE owner = $1 AND status IN ('queued', 'scan_in_progress') AND dispatched`,
			owner).Scan(&n); err != nil || n >= maxRunning {
			return err
		}
		rows, err := tx.Query(ctx, `UPDATE scans SET dispatched = true WHERE id IN (
			SELECT id FROM scans WHERE owner = $1 AND status = 'queued' AND NOT dispatched ORDER BY created_at, id LIMIT $2)
			RETURNING id, created_at`, owner, maxRunning-n)
		if err != nil {
			return err
		}
		type next struct {
			id      string
			created int64
		}
		got, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (next, error) {
			var x next
			return x, r.Scan(&x.id, &x.created)
		})
		if err != nil {
			return err
		}
		// RETURNING keeps no order: oldest first, as the caller queues them.
		slices.SortFunc(got, func(a, b next) int { return cmp.Or(cmp.Compare(a.created, b.created), cmp.Compare(a.id, b.id)) })
		for _, x := range got {
			ids = append(ids, x.id)
		}
		return nil
	})
	return ids, err
}

// WaitingOwners lists the owners with undispatched queued scans.
func (s *Postgres) WaitingOwners(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT DISTINCT owner FROM scans WHERE status = 'queued' AND NOT dispatched AND owner <> ''`)
	return collect(rows, err, func(r row) (string, error) {
		var o string
		return o, r.Scan(&o)
	})
}

// GetKey reads a key by id.
func (s *Postgres) GetKey(ctx context.Context, id int64) (Key, error) {
	k, err := scanKey(s.pool.QueryRow(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE id = $1`, id))
	return k, pgNotFound(err)
}

// SetKeyQuota sets a key's shares.
func (s *Postgres) SetKeyQuota(ctx context.Context, id int64, maxQueued, maxRunning int) error {
	tag, err := s.pool.Exec(ctx, `UPDATE api_keys SET max_queued = $1, max_running = $2 WHERE id = $3`, max(maxQueued, 0), max(maxRunning, 0), id)
	if err != nil {
		return err
	}
	return affected(tag.RowsAffected())
}
