package jobs

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type echoArgs struct {
	Name string `json:"name"`
}

func (echoArgs) Kind() string { return "echo" }

func (echoArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// echoWorker fails each job's first attempt, then records it.
type echoWorker struct {
	river.WorkerDefaults[echoArgs]
	mu   sync.Mutex
	runs map[string]int
	done chan string
}

func (w *echoWorker) Work(ctx context.Context, job *river.Job[echoArgs]) error {
	w.mu.Lock()
	w.runs[job.Args.Name]++
	n := w.runs[job.Args.Name]
	w.mu.Unlock()
	if n == 1 {
		return errors.New("first attempt fails")
	}
	w.done <- job.Args.Name
	return nil
}

// The queue works the same on both engines: a job queued twice while it exists runs once, and
// a failed attempt is retried.
func TestQueueUniqueAndRetried(t *testing.T) {
	for _, e := range []struct {
		name     string
		database func(t *testing.T) string
	}{
		{"sqlite", func(*testing.T) string { return "" }},
		{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
	} {
		t.Run(e.name, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.OpenDatabase(ctx, e.database(t), t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			w := &echoWorker{runs: map[string]int{}, done: make(chan string, 4)}
			q, err := Open(ctx, st, Config{Workers: 2, MaxAttempts: 3, JobTimeout: time.Minute, RescueAfter: 2 * time.Minute,
				Register: func(ws *river.Workers) { river.AddWorker(ws, w) }, Logger: slog.New(slog.DiscardHandler)})
			if err != nil {
				t.Fatal(err)
			}
			if q.Exclusive() != (e.name == "sqlite") {
				t.Fatalf("exclusive %v on %s", q.Exclusive(), e.name)
			}
			for range 2 {
				if err := q.Enqueue(ctx, echoArgs{Name: "a"}); err != nil {
					t.Fatal(err)
				}
			}
			if err := q.Start(ctx); err != nil {
				t.Fatal(err)
			}
			defer q.Stop(ctx)
			select {
			case <-w.done:
			case <-time.After(time.Minute):
				t.Fatal("the job did not succeed on its retry")
			}
			time.Sleep(500 * time.Millisecond) // a duplicate would have started by now
			w.mu.Lock()
			defer w.mu.Unlock()
			if w.runs["a"] != 2 {
				t.Fatalf("runs %d, want 2 (one failed attempt, one retry; the second enqueue adds nothing)", w.runs["a"])
			}
		})
	}
}

type pingArgs struct{}

func (pingArgs) Kind() string { return "ping" }

type pingWorker struct {
	river.WorkerDefaults[pingArgs]
	done chan struct{}
}

func (w *pingWorker) Work(context.Context, *river.Job[pingArgs]) error {
	w.done <- struct{}{}
	return nil
}

// On SQLite the queue runs in River's poll-only mode: a job inserted by the process wakes its
// own workers, and no notification is written to the outbox table that River's emulated
// LISTEN would poll.
func TestSQLiteQueueWakesItsOwnWorkers(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	w := &pingWorker{done: make(chan struct{}, 1)}
	q, err := Open(ctx, st, Config{Workers: 1, MaxAttempts: 3, JobTimeout: time.Minute, RescueAfter: 2 * time.Minute,
		Register: func(ws *river.Workers) { river.AddWorker(ws, w) }, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(ctx)
	if err := q.Enqueue(ctx, pingArgs{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-w.done:
	case <-time.After(time.Minute):
		t.Fatal("the job did not run")
	}
	var n int
	if err := st.WriteDB().QueryRowContext(ctx, `SELECT COUNT(*) FROM river_notification`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d notifications written (%v), want none", n, err)
	}
}
