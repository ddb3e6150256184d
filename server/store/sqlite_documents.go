package store

import (
	"context"
	"database/sql"
	"time"
)

// PutDocument stores (or replaces) a document.
func (s *SQLite) PutDocument(ctx context.Context, d Document) error {
	return putDocument(ctx, s.w, d)
}

// putDocument is PutDocument on the write connection or in a transaction of it.
func putDocument(ctx context.Context, w interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}, d Document) error {
	now := time.Now().UTC()
	if d.CreatedAt.IsZero() {
		d.CreatedAt = now
	}
	_, err := w.ExecContext(ctx, `INSERT INTO documents(kind, id, client_id, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT(kind, id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
		d.Kind, d.ID, d.ClientID, d.CreatedAt.UnixMicro(), now.UnixMicro(), d.Data)
	return err
}

// GetDocument reads a document of a kind by id.
func (s *SQLite) GetDocument(ctx context.Context, kind, id string) (Document, error) {
	d, err := scanDocument(kind, id, s.db.QueryRowContext(ctx, `SELECT client_id, created_at, updated_at, data FROM documents
		WHERE kind = ? AND id = ?`, kind, id))
	return d, notFound(err)
}

// UpdateDocument changes a document in one transaction on the single write connection, which
// serialises it against every other write of this store (one process owns a SQLite file).
func (s *SQLite) UpdateDocument(ctx context.Context, kind, id string, clientID int64, change func(old []byte) ([]byte, error)) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		var old []byte
		err := tx.QueryRowContext(ctx, `SELECT data FROM documents WHERE kind = ? AND id = ?`, kind, id).Scan(&old)
		if err != nil && err != sql.ErrNoRows {
			return err
		}
		data, err := change(old)
		if err != nil {
			return err
		}
		now := time.Now().UTC().UnixMicro()
		_, err = tx.ExecContext(ctx, `INSERT INTO documents(kind, id, client_id, created_at, updated_at, data) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT(kind, id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
			kind, id, clientID, now, now, data)
		return err
	})
}

// DeleteDocumentsBefore removes the documents of a kind created before t.
func (s *SQLite) DeleteDocumentsBefore(ctx context.Context, kind string, t time.Time) (int64, error) {
	res, err := s.w.ExecContext(ctx, `DELETE FROM documents WHERE kind = ? AND created_at < ?`, kind, t.UTC().UnixMicro())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// EnsureClient returns the client with this name, creating it the first time. It is for the
// clients the server names itself; users' clients are made by `vigil keys create`.
func (s *SQLite) EnsureClient(ctx context.Context, name string) (Client, error) {
	c, err := scanClient(s.db.QueryRowContext(ctx, `SELECT id, name, created_at FROM clients WHERE name = ? ORDER BY id LIMIT 1`, name))
	if err == nil {
		return c, nil
	}
	if err != sql.ErrNoRows {
		return Client{}, err
	}
	return s.CreateClient(ctx, name)
}
