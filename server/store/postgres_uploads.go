package store

import (
	"context"
	"time"
)

// CreateUpload records a pre-signed upload slot.
func (s *Postgres) CreateUpload(ctx context.Context, u Upload) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO uploads(object_key, client_id, file_name, size, created_at, expires_at, key_id)
		VALUES ($1, $2, $3, -1, $4, $5, $6)`, u.ObjectKey, u.ClientID, u.FileName, u.CreatedAt.UnixMicro(), u.ExpiresAt.UnixMicro(), u.KeyID)
	return err
}

// GetUpload reads an upload slot.
func (s *Postgres) GetUpload(ctx context.Context, objectKey string) (Upload, error) {
	u, err := scanUpload(s.pool.QueryRow(ctx, `SELECT `+uploadColumns+` FROM uploads WHERE object_key = $1`, objectKey))
	return u, pgNotFound(err)
}

// MarkUploaded records the arrival of the slot's file, once.
func (s *Postgres) MarkUploaded(ctx context.Context, objectKey string, size int64, at time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE uploads SET size = $1, uploaded_at = $2 WHERE object_key = $3 AND uploaded_at IS NULL`,
		size, at.UnixMicro(), objectKey)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		if _, err := s.GetUpload(ctx, objectKey); err != nil {
			return err
		}
		return ErrConflict
	}
	return nil
}

// ExpiredUploads lists slots that expired before the given time.
func (s *Postgres) ExpiredUploads(ctx context.Context, before time.Time, limit int) ([]Upload, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+uploadColumns+` FROM uploads WHERE expires_at < $1 ORDER BY expires_at LIMIT $2`,
		before.UnixMicro(), limit)
	return collect(rows, err, scanUpload)
}

// DeleteUpload forgets an upload slot.
func (s *Postgres) DeleteUpload(ctx context.Context, objectKey string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM uploads WHERE object_key = $1`, objectKey)
	return err
}

// UploadUsage counts the client's upload rows (the janitor deletes expired ones) and bytes.
func (s *Postgres) UploadUsage(ctx context.Context, clientID int64) (int, int64, error) {
	var n int
	var b int64
	err := s.pool.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN size > 0 THEN size ELSE 0 END), 0)::bigint
		FROM uploads WHERE client_id = $1`, clientID).Scan(&n, &b)
	return n, b, err
}
