package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"github.com/vigil-sec/vigil/server/store"
)

// Quarantine is the queue of jobs that may kill the process running them: one at a time, and
// the caller's worker keeps others from running beside it.
const Quarantine = "quarantine"

// Config configures a queue.
type Config struct {
	// Workers is how many jobs of the default queue this process runs at once; 0 makes an
	// insert-only queue (the api role).
	Workers int
	// Queues are the other queues this process works (when Workers > 0), with their workers:
	// short jobs get their own, so that they do not wait behind long ones.
	Queues map[string]int
	// MaxAttempts bounds the attempts of a job; River discards it after. Callers decide their
	// jobs' outcome before the last attempt ends.
	MaxAttempts int
	// JobTimeout bounds one attempt: River cancels the job's context after it.
	JobTimeout time.Duration
	// RescueAfter (longer than JobTimeout) is how long a job may be running before it is
	// taken to be on a dead worker and rescued: run again by a live one.
	RescueAfter time.Duration
	// Register adds the workers of every job kind (all processes register them: River checks
	// kinds on insert).
	Register func(*river.Workers)
	// Logger receives the queue library's warnings and errors; its info-level routine would
	// drown the server's own logs.
	Logger *slog.Logger
}

// Queue is River on the store's database.
type Queue struct {
	client  client
	working bool
	// releaseOrphans makes the jobs marked running available again (SQLite only; see
	// ReleaseOrphans).
	releaseOrphans func(ctx context.Context) error
}

// client is what the queue uses of a river.Client, whatever its driver's transaction type.
type client interface {
	Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
	Start(ctx context.Context) error
	StopAndCancel(ctx context.Context) error
	JobList(ctx context.Context, params *river.JobListParams) (*river.JobListResult, error)
	JobDelete(ctx context.Context, id int64) (*rivertype.JobRow, error)
}

// migrationLock is the PostgreSQL advisory lock held while River's schema is migrated, so
// processes started together migrate it once.
const migrationLock = 0x72697672 // "rivr"

// Open brings River's tables up to date in st's database and returns its queue; Start it in
// processes that work.
func Open(ctx context.Context, st store.Store, cfg Config) (*Queue, error) {
	switch st := st.(type) {
	case *store.Postgres:
		return open(ctx, riverpgxv5.New(st.Pool()), cfg, func(migrate func() error) error {
			return withAdvisoryLock(ctx, st.Pool(), migrate)
		}, nil)
	case *store.SQLite:
		db := st.WriteDB()
		// Only one process serves a SQLite file, so a job still marked running at its start
		// was running when the previous process died. Scans among them go to the quarantine.
		release := func(ctx context.Context) error {
			_, err := db.ExecContext(ctx, `UPDATE river_job SET state = 'available',
				queue = CASE WHEN kind = 'scan' THEN ? ELSE queue END WHERE state = 'running'`, Quarantine)
			return err
		}
		return open(ctx, sqliteDriver{riversqlite.New(db)}, cfg, func(migrate func() error) error { return migrate() }, release)
	}
	return nil, fmt.Errorf("jobs: no queue driver for store %T", st)
}

// sqliteDriver is River's SQLite driver without its emulation of LISTEN/NOTIFY, which puts River
// in its poll-only mode. The emulation writes each insert's notification to an outbox table
// that a listener reads every 50 ms: a synchronous file scan, a few milliseconds of work, waited
// up to that long before a worker took it. In poll-only mode a job this process inserts wakes
// its own workers at once. One process serves a SQLite file, so there are no other processes'
// inserts to hear; FetchPollInterval still finds any job the wake-up missed.
type sqliteDriver struct{ *riversqlite.Driver }

func (sqliteDriver) SupportsListener() bool     { return false }
func (sqliteDriver) SupportsListenNotify() bool { return false }

func open[TTx any](ctx context.Context, driver riverdriver.Driver[TTx], cfg Config,
	locked func(func() error) error, release func(context.Context) error) (*Queue, error) {
	migrator, err := rivermigrate.New(driver, nil)
	if err != nil {
		return nil, err
	}
	if err := locked(func() error {
		_, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	}); err != nil {
		return nil, fmt.Errorf("jobs: migrating the queue's tables: %w", err)
	}
	workers := river.NewWorkers()
	cfg.Register(workers)
	rc := &river.Config{
		Logger:               quiet(cfg.Logger),
		MaxAttempts:          max(cfg.MaxAttempts, 1),
		JobTimeout:           cfg.JobTimeout,
		RescueStuckJobsAfter: max(cfg.RescueAfter, cfg.JobTimeout+time.Second),
		RetryPolicy:          backoff{},
		Workers:              workers,
		// SQLite has no LISTEN: new jobs of other processes are seen by polling.
		FetchPollInterval: 200 * time.Millisecond,
		// River fetches again at most this often after an insert or a finished job. Its
		// default (100 ms) caps a queue of short jobs, such as API file scans that take a few
		// milliseconds, at a couple of jobs per fetch: about 20 scans per second on 2 workers.
		FetchCooldown: 2 * time.Millisecond,
	}
	if cfg.Workers > 0 {
		rc.Queues = map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: cfg.Workers},
			Quarantine:         {MaxWorkers: 1},
		}
		for name, n := range cfg.Queues {
			rc.Queues[name] = river.QueueConfig{MaxWorkers: max(n, 1)}
		}
	}
	c, err := river.NewClient(driver, rc)
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return &Queue{client: c, working: cfg.Workers > 0, releaseOrphans: release}, nil
}

func withAdvisoryLock(ctx context.Context, pool *pgxpool.Pool, fn func() error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrationLock); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrationLock)
	return fn()
}

// Exclusive says whether this process is the only one working the queue's database (SQLite),
// so that jobs marked running at its start are orphans.
func (q *Queue) Exclusive() bool { return q.releaseOrphans != nil }

// ReleaseOrphans makes the jobs a dead process left running available again, before Start.
// Only for an exclusive queue; a PostgreSQL queue leaves them to River's rescuer, since
// another process may be running them.
func (q *Queue) ReleaseOrphans(ctx context.Context) error {
	if q.releaseOrphans == nil {
		return errors.New("jobs: orphans are released only on a queue one process owns")
	}
	return q.releaseOrphans(ctx)
}

// Enqueue adds a job. A kind whose InsertOpts are unique by args is added once while a job
// with the same args exists.
func (q *Queue) Enqueue(ctx context.Context, args river.JobArgs) error {
	_, err := q.client.Insert(ctx, args, nil)
	return err
}

// Start starts working jobs, in a process that works.
func (q *Queue) Start(ctx context.Context) error {
	if !q.working {
		return nil
	}
	return q.client.Start(ctx)
}

// Stop cancels the running jobs' contexts and waits for them to hand themselves back (a job
// that sees its context cancelled returns river.JobSnooze(0), so it is available again at
// once, to another process or the next start), or for ctx.
func (q *Queue) Stop(ctx context.Context) error {
	if !q.working {
		return nil
	}
	return q.client.StopAndCancel(ctx)
}

// backoff waits 1 s after the first failed attempt and doubles up to 5 min.
type backoff struct{}

func (backoff) NextRetry(job *rivertype.JobRow) time.Time {
	wait := time.Second << min(max(job.Attempt-1, 0), 9)
	return time.Now().Add(min(wait, 5*time.Minute))
}
