package store

import "context"

// SetScanProgress records a running scan's progress. Only a scan in progress takes it: a late
// write from an attempt that already finished changes nothing.
func (s *SQLite) SetScanProgress(ctx context.Context, id string, p Progress) error {
	_, err := s.w.ExecContext(ctx, `UPDATE scans SET progress = ? WHERE id = ? AND status = 'scan_in_progress'`,
		encodeProgress(p), id)
	return err
}
