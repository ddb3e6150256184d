package store

import (
	"context"
	"database/sql"
	"time"
)

// CreateClient adds a client.
func (s *SQLite) CreateClient(ctx context.Context, name string) (Client, error) {
	c := Client{Name: name, CreatedAt: time.Now().UTC()}
	res, err := s.w.ExecContext(ctx, `INSERT INTO clients(name, created_at) VALUES (?, ?)`, name, c.CreatedAt.UnixMicro())
	if err != nil {
		return Client{}, err
	}
	c.ID, err = res.LastInsertId()
	return c, err
}

// GetClient reads a client.
func (s *SQLite) GetClient(ctx context.Context, id int64) (Client, error) {
	c, err := scanClient(s.db.QueryRowContext(ctx, `SELECT id, name, created_at FROM clients WHERE id = ?`, id))
	return c, notFound(err)
}

// CreateKey stores a key's hash for an existing client.
func (s *SQLite) CreateKey(ctx context.Context, k Key) (Key, error) {
	if _, err := s.GetClient(ctx, k.ClientID); err != nil {
		return Key{}, err
	}
	if k.CreatedAt.IsZero() {
		k.CreatedAt = time.Now().UTC()
	}
	res, err := s.w.ExecContext(ctx, `INSERT INTO api_keys(client_id, name, prefix, hash, created_at) VALUES (?, ?, ?, ?, ?)`,
		k.ClientID, k.Name, k.Prefix, k.Hash, k.CreatedAt.UnixMicro())
	if err != nil {
		return Key{}, err
	}
	k.ID, err = res.LastInsertId()
	return k, err
}

// KeyByHash finds a valid (not revoked) key by its hash.
func (s *SQLite) KeyByHash(ctx context.Context, hash []byte) (Key, error) {
	k, err := scanKey(s.db.QueryRowContext(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE hash = ? AND revoked_at IS NULL`, hash))
	return k, notFound(err)
}

// ListKeys lists every key, revoked ones included, in creation order.
func (s *SQLite) ListKeys(ctx context.Context) ([]Key, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, scanKey)
}

// RevokeKey revokes a key, and its upload URLs with it; revoking twice keeps the first time.
func (s *SQLite) RevokeKey(ctx context.Context, id int64, at time.Time) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?`, at.UnixMicro(), id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `UPDATE uploads SET expires_at = ? WHERE key_id = ? AND expires_at > ?`, at.UnixMicro(), id, at.UnixMicro())
		return err
	})
}
