package store

import "context"

// SetScanProgress records a running scan's progress. Only a scan in progress takes it: a late
// write from an attempt that already finished changes nothing.
func (s *Postgres) SetScanProgress(ctx context.Context, id string, p Progress) error {
	_, err := s.pool.Exec(ctx, `UPDATE scans SET progress = $1 WHERE id = $2 AND status = 'scan_in_progress'`,
		encodeProgress(p), id)
	return err
}
