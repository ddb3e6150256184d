package auth

import (
	"context"
	"testing"
	"time"
)

// The first failures from an address are free; then each attempt waits a delay that doubles
// with every failure, up to Max; an address quiet for Forget starts again. Another address is
// never made to wait, and checks under way count, so parallel guesses cannot all get through.
func TestThrottleGrowsPerAddress(t *testing.T) {
	clock := time.Unix(1_700_000_000, 0)
	th := &Throttle{Free: 3, Base: time.Second, Max: 8 * time.Second, Forget: time.Hour, now: func() time.Time { return clock }}
	fail := func(addr string) {
		t.Helper()
		wait, done := th.Begin(context.Background(), addr)
		if wait != 0 {
			t.Fatalf("%s made to wait %s", addr, wait)
		}
		done(true)
	}
	for range 3 {
		fail("a")
	}
	for i, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second} {
		wait, _ := th.Begin(context.Background(), "a")
		if wait != want {
			t.Fatalf("after %d failures: wait %s, want %s", 3+i, wait, want)
		}
		w, done := th.Begin(context.Background(), "b")
		if w != 0 {
			t.Fatalf("another address waits %s", w)
		}
		done(false)
		clock = clock.Add(wait)
		fail("a")
	}
	clock = clock.Add(2 * time.Hour)
	if wait, _ := th.Begin(context.Background(), "a"); wait != 0 {
		t.Fatalf("a quiet address still waits %s", wait)
	}

	// Checks under way: a fourth parallel attempt waits for one to end. Three valid keys: it
	// goes on, checked. Three wrong ones: it is answered with the wait, unchecked.
	for _, failed := range []bool{false, true} {
		par := &Throttle{Free: 3, now: func() time.Time { return clock }}
		var dones []func(bool)
		for range 3 {
			wait, done := par.Begin(context.Background(), "c")
			if wait != 0 {
				t.Fatalf("parallel attempt waits %s", wait)
			}
			dones = append(dones, done)
		}
		fourth := make(chan time.Duration)
		go func() {
			wait, done := par.Begin(context.Background(), "c")
			if done != nil {
				done(false)
			}
			fourth <- wait
		}()
		select {
		case w := <-fourth:
			t.Fatalf("a fourth parallel attempt did not wait for the others (%s)", w)
		case <-time.After(50 * time.Millisecond):
		}
		for _, d := range dones {
			d(failed)
		}
		if w := <-fourth; (w == 0) == failed {
			t.Fatalf("after three checks that failed=%v, the fourth was answered wait %s", failed, w)
		}
	}
	// A request that gives up waiting is answered with a wait.
	par := &Throttle{Free: 1, now: func() time.Time { return clock }}
	par.Begin(context.Background(), "d")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if wait, done := par.Begin(ctx, "d"); wait == 0 || done != nil {
		t.Fatalf("a cancelled wait: %s", wait)
	}
}
