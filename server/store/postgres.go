package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the Store on a PostgreSQL server, for deployments with several API and worker
// processes sharing one database. Its rows decode like SQLite's (same columns, times in Unix
// microseconds), so both engines share the row readers (scanScan, scanKey, ...).
type Postgres struct {
	pool *pgxpool.Pool
}

var _ Store = (*Postgres)(nil)

// migrationLock is the advisory lock key taken while migrating, so that processes started
// together (two APIs, three workers) apply each migration once.
const migrationLock = 0x76696769 // "vigi"

// OpenPostgres connects to the database at url (postgres://...) and brings its schema up to
// date.
func OpenPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: database URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connecting to PostgreSQL: %w", err)
	}
	if err := migratePostgres(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return &Postgres{pool: pool}, nil
}

// Pool is the connection pool, for the job queue that keeps its tables in the same database.
func (s *Postgres) Pool() *pgxpool.Pool { return s.pool }

// Close closes the pool.
func (s *Postgres) Close() error { s.pool.Close(); return nil }

// migratePostgres applies the migrations not yet recorded, each in its own transaction, under
// an advisory lock held on one connection.
func migratePostgres(ctx context.Context, pool *pgxpool.Pool) error {
	ms, err := loadMigrations(postgresMigrations)
	if err != nil {
		return err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return fmt.Errorf("store: locking for migrations: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("store: creating schema_migrations: %w", err)
	}
	var current int
	if err := conn.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return fmt.Errorf("store: reading schema version: %w", err)
	}
	return upgrade(current, ms, func(m migration) error {
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations(version, name, applied_at) VALUES ($1, $2, $3)`,
				m.version, m.name, time.Now().UnixMicro())
			return err
		})
	})
}

// pgNotFound maps pgx's no-rows error to ErrNotFound.
func pgNotFound(err error) error {
	if errors.Is(err, pgx.ErrNoRows) || errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// collect reads every row of a pgx query with read.
func collect[T any](rows pgx.Rows, err error, read func(row) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, read)
}

// affected answers ErrNotFound when a write touched no row.
func affected(n int64) error {
	if n == 0 {
		return ErrNotFound
	}
	return nil
}
