package store

import (
	"context"
	"time"
)

// CreateUpload records a pre-signed upload slot.
func (s *SQLite) CreateUpload(ctx context.Context, u Upload) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO uploads(object_key, client_id, file_name, size, created_at, expires_at, key_id)
		VALUES (?, ?, ?, -1, ?, ?, ?)`, u.ObjectKey, u.ClientID, u.FileName, u.CreatedAt.UnixMicro(), u.ExpiresAt.UnixMicro(), u.KeyID)
	return err
}

// GetUpload reads an upload slot.
func (s *SQLite) GetUpload(ctx context.Context, objectKey string) (Upload, error) {
	u, err := scanUpload(s.db.QueryRowContext(ctx, `SELECT `+uploadColumns+` FROM uploads WHERE object_key = ?`, objectKey))
	return u, notFound(err)
}

// MarkUploaded records the arrival of the slot's file, once.
func (s *SQLite) MarkUploaded(ctx context.Context, objectKey string, size int64, at time.Time) error {
	res, err := s.w.ExecContext(ctx, `UPDATE uploads SET size = ?, uploaded_at = ? WHERE object_key = ? AND uploaded_at IS NULL`,
		size, at.UnixMicro(), objectKey)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := s.GetUpload(ctx, objectKey); err != nil {
			return err
		}
		return ErrConflict
	}
	return nil
}

// ExpiredUploads lists slots that expired before the given time.
func (s *SQLite) ExpiredUploads(ctx context.Context, before time.Time, limit int) ([]Upload, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+uploadColumns+` FROM uploads WHERE expires_at < ? ORDER BY expires_at LIMIT ?`,
		before.UnixMicro(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, scanUpload)
}

// DeleteUpload forgets an upload slot.
func (s *SQLite) DeleteUpload(ctx context.Context, objectKey string) error {
	_, err := s.w.ExecContext(ctx, `DELETE FROM uploads WHERE object_key = ?`, objectKey)
	return err
}

// UploadUsage counts the client's upload rows (the janitor deletes expired ones) and bytes.
func (s *SQLite) UploadUsage(ctx context.Context, clientID int64) (int, int64, error) {
	var n int
	var b int64
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN size > 0 THEN size ELSE 0 END), 0)
		FROM uploads WHERE client_id = ?`, clientID).Scan(&n, &b)
	return n, b, err
}
