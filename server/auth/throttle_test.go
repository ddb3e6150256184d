package auth

import (
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
		wait, done := th.Begin(addr)
		if wait != 0 {
			t.Fatalf("%s made to wait %s", addr, wait)
		}
		done(true)
	}
	for range 3 {
		fail("a")
	}
	for i, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 8 * time.Second} {
		wait, _ := th.Begin("a")
		if wait != want {
			t.Fatalf("after %d failures: wait %s, want %s", 3+i, wait, want)
		}
		if w, _ := th.Begin("b"); w != 0 {
			t.Fatalf("another address waits %s", w)
		}
		clock = clock.Add(wait)
		fail("a")
	}
	clock = clock.Add(2 * time.Hour)
	if wait, _ := th.Begin("a"); wait != 0 {
		t.Fatalf("a quiet address still waits %s", wait)
	}

	// Checks under way: the fourth parallel attempt waits although none has failed yet.
	par := &Throttle{Free: 3, now: func() time.Time { return clock }}
	var dones []func(bool)
	for range 3 {
		wait, done := par.Begin("c")
		if wait != 0 {
			t.Fatalf("parallel attempt waits %s", wait)
		}
		dones = append(dones, done)
	}
	if wait, _ := par.Begin("c"); wait == 0 {
		t.Fatal("a fourth parallel attempt was let through")
	}
	for _, d := range dones {
		d(false) // valid keys: nothing counted
	}
	if wait, _ := par.Begin("c"); wait != 0 {
		t.Fatalf("after successful checks the address waits %s", wait)
	}
}
