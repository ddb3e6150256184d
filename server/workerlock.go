package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gofrs/flock"

	"github.com/vigil-sec/vigil/server/store"
)

// workerLockFile is held, locked, by the one process that runs scans on a data folder's SQLite
// store.
const workerLockFile = "vigil.db.worker.lock"

// lockWorker takes the worker lock of the data folder when this process runs scans on the
// SQLite store. A SQLite queue is owned by one process: at its start that process takes every
// job still marked running for an orphan of a dead process and runs it again (and counts a
// crash against its scan), so a second working process on the same file would run the first
// one's scans twice and quarantine them. The lock is an advisory file lock the operating
// system drops with the process, so a killed server never leaves it behind. Processes that
// only serve (role api) and `vigil keys` do not take it. On PostgreSQL any number of workers
// share the queue.
func (s *Server) lockWorker() error {
	if store.IsPostgres(s.cfg.Database) || s.scanWorkers() == 0 {
		return nil
	}
	path := filepath.Join(s.cfg.DataDir, workerLockFile)
	l := flock.New(path, flock.SetPermissions(0o600))
	ok, err := l.TryLock()
	if err != nil {
		return fmt.Errorf("server: taking the worker lock %s: %w", path, err)
	}
	if !ok {
		holder := "another process"
		if b, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				holder = fmt.Sprintf("another process (pid %d)", pid)
			}
		}
		return fmt.Errorf("server: %s already runs scans on the SQLite database in %s; one SQLite file has one "+
			"worker process: stop it, start this one with --role api (it queues scans for that worker), or use "+
			"PostgreSQL (--database postgres://...) for several workers", holder, s.cfg.DataDir)
	}
	// Who holds it, for the message above. The lock is on the open file, not its content.
	os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o600)
	s.workerLock = l
	return nil
}

// unlockWorker releases the worker lock, if this process holds it.
func (s *Server) unlockWorker() {
	if s.workerLock != nil {
		s.workerLock.Unlock()
	}
}
