package tokenapi

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is a token-bucket limit: Requests per Per on average, Burst at once.
type Rate struct {
	Requests int
	Per      time.Duration
	Burst    int
}

func (r Rate) limit() rate.Limit {
	if r.Requests <= 0 || r.Per <= 0 {
		return rate.Inf
	}
	return rate.Limit(float64(r.Requests) / r.Per.Seconds())
}

// limiters holds one bucket per key (a client address or a token digest). Idle buckets are
// dropped so that a stream of new addresses cannot grow the map without bound.
type limiters struct {
	rate Rate
	now  func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweepAt int
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiters(r Rate, now func() time.Time) *limiters {
	return &limiters{rate: r, now: now, buckets: map[string]*bucket{}, sweepAt: 1024}
}

// allow takes one request from key's bucket. When the bucket is empty it returns false and
// how long until a request would be allowed.
func (l *limiters) allow(key string) (bool, time.Duration) {
	lim := l.rate.limit()
	if lim == rate.Inf {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		burst := max(l.rate.Burst, 1)
		b = &bucket{lim: rate.NewLimiter(lim, burst)}
		l.buckets[key] = b
		if len(l.buckets) >= l.sweepAt {
			l.sweep(now)
		}
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if !res.OK() {
		return false, l.rate.Per
	}
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, d
	}
	return true, 0
}

// sweep drops buckets idle long enough to have refilled completely.
func (l *limiters) sweep(now time.Time) {
	full := time.Duration(float64(max(l.rate.Burst, 1)) / float64(l.rate.limit()) * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.seen) > full {
			delete(l.buckets, k)
		}
	}
	l.sweepAt = max(1024, 2*len(l.buckets))
}

// retryAfterSeconds rounds a wait up to whole seconds, at least 1, for the Retry-After header.
func retryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
