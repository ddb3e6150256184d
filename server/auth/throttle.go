package auth

import (
	"context"
	"math"
	"sync"
	"time"
)

// Throttle slows the guessing of API keys: failed key checks (a wrong key on the API, a wrong
// key at the dashboard's sign-in) are counted per client address. The first Free failures
// cost nothing; after them, each attempt from the address must wait a delay that doubles with
// every further failure (Base, 2*Base, ... up to Max), and an attempt that comes sooner is
// answered 429 with Retry-After without the key being checked at all, so that parallel
// requests do not guess faster. An address quiet for Forget starts again from nothing.
//
// It is the address that waits, never a key or a client: an attacker cannot lock a real user
// out from anywhere else, and a successful sign-in from the attacker's address would only
// prove the key. Counts are per process (each api process of a deployment counts its own).
type Throttle struct {
	Free   int           // failures allowed without delay; default 10
	Base   time.Duration // the first delay; default 1 s
	Max    time.Duration // the longest delay; default 5 min
	Forget time.Duration // quiet time after which an address's failures are forgotten; default 15 min

	now     func() time.Time
	mu      sync.Mutex
	addrs   map[string]*failures
	sweepAt int
}

type failures struct {
	n       int           // failed checks
	pending int           // checks under way
	last    time.Time     // the last check begun or failed
	changed chan struct{} // closed when a check under way ends (nil: nobody waits)
}

// NewThrottle returns a throttle with the default settings.
func NewThrottle() *Throttle { return &Throttle{} }

func (t *Throttle) clock() time.Time {
	if t.now != nil {
		return t.now()
	}
	return time.Now()
}

func (t *Throttle) settings() (free int, base, maxDelay, forget time.Duration) {
	free, base, maxDelay, forget = t.Free, t.Base, t.Max, t.Forget
	if free <= 0 {
		free = 10
	}
	if base <= 0 {
		base = time.Second
	}
	if maxDelay <= 0 {
		maxDelay = 5 * time.Minute
	}
	if forget <= 0 {
		forget = 15 * time.Minute
	}
	return
}

// Begin is called before a key from the address is checked. It returns how long the address
// must wait first (and then the key is not to be checked), or 0 and the function to call with
// the check's outcome. Checks under way count as failures until they end, so that parallel
// requests cannot all slip past the free ones: while an address has no failures beyond the
// free ones, a check past them waits for one under way to end (a real client's burst of
// requests is served, a few checks at a time), and once it has, they are answered with the
// wait. A nil Throttle never makes anyone wait.
func (t *Throttle) Begin(ctx context.Context, addr string) (wait time.Duration, done func(failed bool)) {
	if t == nil {
		return 0, func(bool) {}
	}
	free, base, maxDelay, forget := t.settings()
	for {
		now := t.clock()
		t.mu.Lock()
		if t.addrs == nil {
			t.addrs, t.sweepAt = map[string]*failures{}, 1024
		}
		f := t.addrs[addr]
		if f == nil || (f.pending == 0 && now.Sub(f.last) > forget) {
			t.sweep(now, forget)
			f = &failures{last: now}
			t.addrs[addr] = f
		}
		counted := f.n + f.pending
		if f.n < free && counted >= free {
			// Not (yet) a guesser: wait for a check under way.
			if f.changed == nil {
				f.changed = make(chan struct{})
			}
			changed := f.changed
			t.mu.Unlock()
			select {
			case <-changed:
				continue
			case <-ctx.Done():
				return base, nil
			}
		}
		if counted >= free {
			delay := maxDelay
			if shift := counted - free; shift < 30 {
				delay = min(base*time.Duration(1<<shift), maxDelay)
			}
			if wait := f.last.Add(delay).Sub(now); wait > 0 {
				t.mu.Unlock()
				return wait, nil
			}
		}
		f.pending++
		f.last = now
		t.mu.Unlock()
		return 0, func(failed bool) {
			t.mu.Lock()
			defer t.mu.Unlock()
			f.pending--
			if failed {
				f.n++
				f.last = t.clock()
			}
			if f.changed != nil {
				close(f.changed)
				f.changed = nil
			}
		}
	}
}

// sweep drops forgotten addresses when the map has grown, so that a stream of new addresses
// cannot grow it without bound.
func (t *Throttle) sweep(now time.Time, forget time.Duration) {
	if len(t.addrs) < t.sweepAt {
		return
	}
	for a, f := range t.addrs {
		if f.pending == 0 && now.Sub(f.last) > forget {
			delete(t.addrs, a)
		}
	}
	t.sweepAt = max(1024, 2*len(t.addrs))
}

// RetryAfter is a wait in whole seconds, at least 1, for the Retry-After header.
func RetryAfter(d time.Duration) int { return max(1, int(math.Ceil(d.Seconds()))) }
