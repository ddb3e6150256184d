package store

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// CreateClient adds a client.
func (s *Postgres) CreateClient(ctx context.Context, name string) (Client, error) {
	c := Client{Name: name, CreatedAt: time.Now().UTC()}
	err := s.pool.QueryRow(ctx, `INSERT INTO clients(name, created_at) VALUES ($1, $2) RETURNING id`,
		name, c.CreatedAt.UnixMicro()).Scan(&c.ID)
	return c, err
}

// GetClient reads a client.
func (s *Postgres) GetClient(ctx context.Context, id int64) (Client, error) {
	c, err := scanClient(s.pool.QueryRow(ctx, `SELECT id, name, created_at FROM clients WHERE id = $1`, id))
	return c, pgNotFound(err)
}

// EnsureClient returns the client with this name, creating it the first time. An advisory
// lock on the name keeps two processes from creating it twice.
func (s *Postgres) EnsureClient(ctx context.Context, name string) (Client, error) {
	var c Client
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('client:' || $1::text))`, name); err != nil {
			return err
		}
		var err error
		c, err = scanClient(tx.QueryRow(ctx, `SELECT id, name, created_at FROM clients WHERE name = $1 ORDER BY id LIMIT 1`, name))
		if err != pgx.ErrNoRows {
			return err
		}
		c = Client{Name: name, CreatedAt: time.Now().UTC()}
		return tx.QueryRow(ctx, `INSERT INTO clients(name, created_at) VALUES ($1, $2) RETURNING id`,
			name, c.CreatedAt.UnixMicro()).Scan(&c.ID)
	})
	return c, err
}

// CreateKey stores a key's hash for an existing client.
func (s *Postgres) CreateKey(ctx context.Context, k Key) (Key, error) {
	if _, err := s.GetClient(ctx, k.ClientID); err != nil {
		return Key{}, err
	}
	if k.CreatedAt.IsZero() {
		k.CreatedAt = time.Now().UTC()
	}
	err := s.pool.QueryRow(ctx, `INSERT INTO api_keys(client_id, name, prefix, hash, created_at) VALUES ($1, $2, $3, $4, $5)
		RETURNING id`, k.ClientID, k.Name, k.Prefix, k.Hash, k.CreatedAt.UnixMicro()).Scan(&k.ID)
	return k, err
}

// KeyByHash finds a valid (not revoked) key by its hash.
func (s *Postgres) KeyByHash(ctx context.Context, hash []byte) (Key, error) {
	k, err := scanKey(s.pool.QueryRow(ctx, `SELECT `+keyColumns+` FROM api_keys WHERE hash = $1 AND revoked_at IS NULL`, hash))
	return k, pgNotFound(err)
}

// ListKeys lists every key, revoked ones included, in creation order.
func (s *Postgres) ListKeys(ctx context.Context) ([]Key, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+keyColumns+` FROM api_keys ORDER BY id`)
	return collect(rows, err, scanKey)
}

// RevokeKey revokes a key, and its upload URLs with it; revoking twice keeps the first time.
func (s *Postgres) RevokeKey(ctx context.Context, id int64, at time.Time) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2`, at.UnixMicro(), id)
		if err != nil {
			return err
		}
		if err := affected(tag.RowsAffected()); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE uploads SET expires_at = $1 WHERE key_id = $2 AND expires_at > $1`, at.UnixMicro(), id)
		return err
	})
}

// PutDocument stores (or replaces) a document.
func (s *Postgres) PutDocument(ctx context.Context, d Document) error {
	_, err := s.pool.Exec(ctx, putDocumentSQL, putDocumentArgs(d)...)
	return err
}

const putDocumentSQL = `INSERT INTO documents(kind, id, client_id, created_at, updated_at, data) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT(kind, id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`

func putDocumentArgs(d Document) []any {
	now := time.Now().UTC()
	if d.CreatedAt.IsZero() {
		d.CreatedAt = now
	}
	return []any{d.Kind, d.ID, d.ClientID, d.CreatedAt.UnixMicro(), now.UnixMicro(), d.Data}
}

// queuePutDocument adds PutDocument's statement to a batch (FinishScan's transaction).
func queuePutDocument(b *pgx.Batch, d Document) {
	b.Queue(putDocumentSQL, putDocumentArgs(d)...)
}

// UpdateDocument changes a document in one transaction holding a transaction-scoped advisory
// lock on its kind and id: row locks cannot serialise the first insert of a document, the lock
// does, for every process on the database.
func (s *Postgres) UpdateDocument(ctx context.Context, kind, id string, clientID int64, change func(old []byte) ([]byte, error)) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, "document/"+kind+"/"+id); err != nil {
			return err
		}
		var old []byte
		err := tx.QueryRow(ctx, `SELECT data FROM documents WHERE kind = $1 AND id = $2`, kind, id).Scan(&old)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		data, err := change(old)
		if err != nil {
			return err
		}
		now := time.Now().UTC().UnixMicro()
		_, err = tx.Exec(ctx, `INSERT INTO documents(kind, id, client_id, created_at, updated_at, data) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT(kind, id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
			kind, id, clientID, now, now, data)
		return err
	})
}

// DeleteDocumentsBefore removes the documents of a kind created before t.
func (s *Postgres) DeleteDocumentsBefore(ctx context.Context, kind string, t time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM documents WHERE kind = $1 AND created_at < $2`, kind, t.UTC().UnixMicro())
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// GetDocument reads a document of a kind by id.
func (s *Postgres) GetDocument(ctx context.Context, kind, id string) (Document, error) {
	d, err := scanDocument(kind, id, s.pool.QueryRow(ctx, `SELECT client_id, created_at, updated_at, data FROM documents
		WHERE kind = $1 AND id = $2`, kind, id))
	return d, pgNotFound(err)
}
