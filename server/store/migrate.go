package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Each engine has its own numbered migrations: migrations/ for SQLite, migrations_postgres/
// for PostgreSQL. A schema change adds a file to both.
//
//go:embed migrations/*.sql migrations_postgres/*.sql
var migrationFiles embed.FS

const (
	sqliteMigrations   = "migrations"
	postgresMigrations = "migrations_postgres"
)

// migration is one numbered schema step, named NNNN_what.sql.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the numbered migrations of one engine's folder, in order.
func loadMigrations(dir string) ([]migration, error) {
	names, err := fs.Glob(migrationFiles, dir+"/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, dir+"/")
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("store: migration %s: name must start with a positive number and _", base)
		}
		body, err := migrationFiles.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("store: migrations %s and %s share a number", out[i-1].name, out[i].name)
		}
	}
	return out, nil
}

// migrate applies the SQLite migrations not yet recorded in schema_migrations.
func migrate(ctx context.Context, db *sql.DB) error {
	ms, err := loadMigrations(sqliteMigrations)
	if err != nil {
		return err
	}
	return apply(ctx, db, ms)
}

// apply brings db up to the last of ms.
func apply(ctx context.Context, db *sql.DB, ms []migration) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("store: creating schema_migrations: %w", err)
	}
	var current int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return fmt.Errorf("store: reading schema version: %w", err)
	}
	return upgrade(current, ms, func(m migration) error {
		tx, err := db.BeginTx(ctx, nil) // immediate: holds the write lock from here
		if err != nil {
			return err
		}
		// Another process opening the same file may have applied it since we read the version.
		var done int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&done); err != nil || done > 0 {
			tx.Rollback()
			return err
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`,
			m.version, m.name, time.Now().UnixMicro()); err != nil {
			tx.Rollback()
			return err
		}
		return tx.Commit()
	})
}

// upgrade applies, in order, the migrations of ms newer than the database's current version,
// each by applyOne (in its own transaction). A database newer than this binary (a version it
// does not know) is refused rather than used with a schema the code does not understand.
func upgrade(current int, ms []migration, applyOne func(migration) error) error {
	if len(ms) > 0 && current > ms[len(ms)-1].version {
		return fmt.Errorf("store: database schema version %d is newer than this Vigil knows (%d); upgrade Vigil",
			current, ms[len(ms)-1].version)
	}
	for _, m := range ms {
		if m.version <= current {
			continue
		}
		if err := applyOne(m); err != nil {
			return fmt.Errorf("store: migration %s: %w", m.name, err)
		}
	}
	return nil
}
