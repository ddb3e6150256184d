package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite" // pure Go, no cgo
	sqlite3 "modernc.org/sqlite/lib"
)

// FileName is the database file inside the data folder.
const FileName = "vigil.db"

// SQLite is the embedded Store: one database file, WAL mode, foreign keys on.
//
// Writes go through one connection (w) and reads through a pool (db). SQLite allows one
// writer at a time anyway; queueing writers in Go instead of letting them collide in SQLite
// avoids its busy handler, which sleeps in steps of up to 100 ms and made the tail latency of
// concurrent scans ten times the median.
type SQLite struct {
	db *sql.DB // reads
	w  *sql.DB // writes and transactions
}

var _ Store = (*SQLite)(nil)

// Open opens (creating if needed) the database in dataDir and brings its schema up to date.
func Open(ctx context.Context, dataDir string) (*SQLite, error) {
	if dataDir == "" {
		return nil, errors.New("store: data folder is not set (data_dir, VIGIL_DATA_DIR)")
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("store: creating data folder: %w", err)
	}
	path, err := filepath.Abs(filepath.Join(dataDir, FileName))
	if err != nil {
		return nil, err
	}
	// WAL lets readers work while a scan result is written; busy_timeout makes a second process
	// (`vigil keys create` beside a running server) wait for the lock instead of failing;
	// _txlock=immediate takes the write lock at BEGIN so two writers never deadlock on upgrade.
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	dsn := "file:" + path + "?" + q.Encode()
	conn, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	w := sql.OpenDB(stmtConnector{conn})
	w.SetMaxOpenConns(1)
	if err := pingWhileBusy(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, err
	}
	db := sql.OpenDB(stmtConnector{conn})
	db.SetMaxOpenConns(8)
	// Idle readers stay open: a connection closed loses its prepared statements, and opening
	// one runs the pragmas again.
	db.SetMaxIdleConns(8)
	// The file holds key hashes and webhook secrets: keep it to its owner.
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if _, err := os.Stat(p); err == nil {
			os.Chmod(p, 0o600)
		}
	}
	return &SQLite{db: db, w: w}, nil
}

// openWait bounds how long Open waits for other processes opening the same new file: the
// busy_timeout of every connection.
const openWait = 10 * time.Second

// pingWhileBusy opens db's first connection, whose pragmas turn a new file into WAL mode. That
// change needs the file to itself, and SQLite answers SQLITE_BUSY at once, without its busy
// handler, when another process (or connection) opening the same new file holds it: so the
// connection is tried again, for at most openWait, until the file is free.
func pingWhileBusy(ctx context.Context, db *sql.DB) error {
	deadline := time.Now().Add(openWait)
	for pause := time.Millisecond; ; pause = min(2*pause, 100*time.Millisecond) {
		err := db.PingContext(ctx)
		var se *sqlite.Error
		if err == nil || !errors.As(err, &se) || se.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
}

// WriteDB is the connection writes go through, for the job queue that keeps its tables in the
// same file: sharing the one writer keeps SQLite's busy handler out of the way.
func (s *SQLite) WriteDB() *sql.DB { return s.w }

// Close closes the database.
func (s *SQLite) Close() error { return errors.Join(s.db.Close(), s.w.Close()) }

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// withTx runs fn in a transaction, committing when it returns nil.
func (s *SQLite) withTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
