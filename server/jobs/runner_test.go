package jobs

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
)

func TestRunnerBoundsWorkersAndWaits(t *testing.T) {
	var peak, now atomic.Int32
	release := make(chan struct{})
	var mu sync.Mutex
	ran := map[string]int{}
	r := New(2, 10, func(ctx context.Context, id string) {
		n := now.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		<-release
		now.Add(-1)
		mu.Lock()
		ran[id]++
		mu.Unlock()
	})
	r.Start()
	for _, id := range []string{"a", "b", "c", "d", "a"} {
		if err := r.Submit(id); err != nil {
			t.Fatal(err)
		}
	}
	close(release)
	for _, id := range []string{"a", "b", "c", "d"} {
		if err := r.Wait(context.Background(), id); err != nil {
			t.Fatal(err)
		}
	}
	if peak.Load() > 2 {
		t.Fatalf("%d jobs ran at once with 2 workers", peak.Load())
	}
	if len(ran) != 4 || ran["a"] != 1 {
		t.Fatalf("ran %v", ran)
	}
	if err := r.Wait(context.Background(), "unknown"); err != nil {
		t.Fatal(err)
	}
	r.Stop(context.Background())
	if err := r.Submit("e"); err != ErrStopped {
		t.Fatalf("submit after stop: %v", err)
	}
}

func TestQueueFullAndStopCancels(t *testing.T) {
	started := make(chan struct{})
	cancelled := make(chan struct{})
	r := New(1, 1, func(ctx context.Context, id string) {
		if id == "block" {
			close(started)
			<-ctx.Done()
			close(cancelled)
		}
	})
	r.Start()
	r.Submit("block")
	<-started
	if err := r.Submit("q1"); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit("q2"); err != ErrQueueFull {
		t.Fatalf("submit past the bound: %v", err)
	}
	if q, run := r.Stats(); q != 1 || run != 1 {
		t.Fatalf("stats %d queued %d running", q, run)
	}
	if err := r.Stop(context.Background()); err != nil {
		t.Fatal(err)
	}
	<-cancelled
}

// TestSubmitAloneRunsAlone: a job submitted alone starts only when the running jobs are done,
// and nothing starts while it runs; the queue behind it then goes on.
func TestSubmitAloneRunsAlone(t *testing.T) {
	var now atomic.Int32
	gate := map[string]chan struct{}{"a": make(chan struct{}), "x": make(chan struct{}), "b": make(chan struct{})}
	type start struct {
		id      string
		running int32 // jobs running at its start, itself included
	}
	started := make(chan start, 3)
	r := New(3, 10, func(ctx context.Context, id string) {
		started <- start{id, now.Add(1)}
		<-gate[id]
		now.Add(-1)
	})
	r.Start()
	defer r.Stop(context.Background())
	if err := r.Submit("a"); err != nil {
		t.Fatal(err)
	}
	if got := <-started; got.id != "a" {
		t.Fatalf("started %s", got.id)
	}
	if err := r.SubmitAlone("x"); err != nil {
		t.Fatal(err)
	}
	if err := r.Submit("b"); err != nil {
		t.Fatal(err)
	}
	close(gate["a"])
	// x goes first, alone; b waits for it although two workers are idle.
	if got := <-started; got.id != "x" || got.running != 1 {
		t.Fatalf("after a: started %+v, want x alone", got)
	}
	close(gate["x"])
	if got := <-started; got.id != "b" || got.running != 1 {
		t.Fatalf("after x: started %+v, want b", got)
	}
	close(gate["b"])
	for _, id := range []string{"a", "x", "b"} {
		r.Wait(context.Background(), id)
	}
}
