// Package pgtest gives tests a real PostgreSQL: one server per test binary, started from the
// installed PostgreSQL binaries in a temporary folder and reached through a Unix socket there,
// with a fresh database for each caller.
//
// Without PostgreSQL a test skips, saying how to get it; under CI (VIGIL_CI=1) it fails
// instead. VIGIL_TEST_POSTGRES=postgres://user@host/db points the tests at a server of your
// own instead (its user must be allowed to create databases).
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// HowTo says how to make PostgreSQL available to the tests.
const HowTo = "PostgreSQL is not installed: run .ci/services/postgres.sh (apt-get install postgresql), " +
	"or set VIGIL_TEST_POSTGRES to a postgres:// URL of a server whose user may create databases"

var (
	mu      sync.Mutex
	started *server
	failure error
	dbs     atomic.Int64
)

// server is the PostgreSQL the tests of this binary share.
type server struct {
	admin  string      // URL of a database to run CREATE DATABASE in
	dir    string      // temporary folder holding the data and the socket ("" for an external one)
	proc   *os.Process // nil for an external server
	exited chan error  // receives when proc ends
}

// URL returns the URL of a new, empty database, starting the shared server on first use.
// The database is dropped when the test ends.
func URL(t testing.TB) string {
	t.Helper()
	srv, err := shared()
	if err != nil {
		if errors.Is(err, errMissing) && os.Getenv("VIGIL_CI") != "1" {
			t.Skip(HowTo)
		}
		t.Fatalf("pgtest: %v", err)
	}
	name := fmt.Sprintf("vigil_test_%d_%d", os.Getpid(), dbs.Add(1))
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, srv.admin)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: creating a database: %v", err)
	}
	t.Cleanup(func() {
		if c, err := pgx.Connect(ctx, srv.admin); err == nil {
			c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			c.Close(ctx)
		}
	})
	u, _ := url.Parse(srv.admin)
	u.Path = "/" + name
	return u.String()
}

// Main runs the tests of a package and stops the server they shared; call it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Stop stops the shared server, if this binary started one, and removes its folder.
func Stop() {
	mu.Lock()
	defer mu.Unlock()
	if started != nil && started.proc != nil {
		if started.proc.Signal(os.Interrupt) != nil { // fast shutdown, where there are signals
			started.proc.Kill()
		}
		<-started.exited
		os.RemoveAll(started.dir)
	}
	started, failure = nil, nil
}

var errMissing = errors.New("PostgreSQL is not installed")

func shared() (*server, error) {
	mu.Lock()
	defer mu.Unlock()
	if started == nil && failure == nil {
		started, failure = start()
	}
	return started, failure
}

func start() (*server, error) {
	if u := os.Getenv("VIGIL_TEST_POSTGRES"); u != "" {
		return &server{admin: u}, nil
	}
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "vigil-pg-")
	if err != nil {
		return nil, err
	}
	srv, err := launch(bin, dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return srv, nil
}

// binDir finds the folder of initdb and postgres: on PATH, else the newest of Debian's
// /usr/lib/postgresql/<version>/bin.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p), nil
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	if len(found) == 0 {
		return "", errMissing
	}
	return filepath.Dir(found[0]), nil
}

func version(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

// launch initialises a cluster in dir/data and starts it listening only on a socket in dir.
// initdb refuses to run as root, so as root both run as the unprivileged user nobody.
func launch(bin, dir string) (_ *server, err error) {
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "vigil", "--auth=trust", "-E", "UTF8",
		"--locale=C", "--no-sync")
	if initdb.SysProcAttr, err = procAttr(dir, false); err != nil {
		return nil, err
	}
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	// Durability settings are off: the cluster lives as long as the test binary.
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", dir, "-c", "listen_addresses=",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=300")
	log, err := os.Create(filepath.Join(dir, "postgres.log"))
	if err != nil {
		return nil, err
	}
	defer log.Close()
	cmd.Stdout, cmd.Stderr = log, log
	if cmd.SysProcAttr, err = procAttr(dir, true); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting postgres: %w", err)
	}
	admin := "postgres://vigil@/postgres?sslmode=disable&host=" + url.QueryEscape(dir)
	srv := &server{admin: admin, dir: dir, proc: cmd.Process, exited: make(chan error, 1)}
	go func() { srv.exited <- cmd.Wait() }()
	for range 600 { // up to a minute on a loaded machine
		select {
		case err := <-srv.exited:
			out, _ := os.ReadFile(log.Name())
			return nil, fmt.Errorf("postgres exited: %v\n%s", err, out)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, err := pgx.Connect(ctx, admin)
		cancel()
		if err == nil {
			c.Close(context.Background())
			return srv, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	cmd.Process.Kill()
	return nil, errors.New("postgres did not accept connections within a minute")
}
