package tokenapi

import (
	"context"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
)

// scanCache keeps recent scans by mint and lets concurrent requests for one mint share a scan.
type scanCache struct {
	ttl  time.Duration
	size int
	now  func() time.Time

	mu       sync.Mutex
	entries  map[string]cacheEntry
	inflight map[string]*flight
}

type cacheEntry struct {
	report *solana.Report
	until  time.Time
}

type flight struct {
	done   chan struct{}
	report *solana.Report
	err    error
}

func newScanCache(ttl time.Duration, size int, now func() time.Time) *scanCache {
	return &scanCache{ttl: ttl, size: size, now: now, entries: map[string]cacheEntry{}, inflight: map[string]*flight{}}
}

// get returns a fresh cached scan of mint, or runs scan once for all concurrent callers.
// cached is true when the answer did not come from this caller's own scan.
func (c *scanCache) get(ctx context.Context, mint string, scan func() (*solana.Report, error)) (r *solana.Report, cached bool, err error) {
	c.mu.Lock()
	now := c.now()
	if e, ok := c.entries[mint]; ok && now.Before(e.until) {
		c.mu.Unlock()
		return e.report, true, nil
	}
	if f, ok := c.inflight[mint]; ok {
		c.mu.Unlock()
		select {
		case <-f.done:
			return f.report, true, f.err
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
	f := &flight{done: make(chan struct{})}
	c.inflight[mint] = f
	c.mu.Unlock()

	f.report, f.err = scan()

	c.mu.Lock()
	delete(c.inflight, mint)
	if f.err == nil && c.ttl > 0 {
		if len(c.entries) >= c.size {
			c.evict(c.now())
		}
		c.entries[mint] = cacheEntry{report: f.report, until: c.now().Add(c.ttl)}
	}
	c.mu.Unlock()
	close(f.done)
	return f.report, false, f.err
}

// evict drops expired entries, then (if still full) the entry closest to expiry.
func (c *scanCache) evict(now time.Time) {
	var oldest string
	var oldestUntil time.Time
	for k, e := range c.entries {
		if !now.Before(e.until) {
			delete(c.entries, k)
			continue
		}
		if oldest == "" || e.until.Before(oldestUntil) {
			oldest, oldestUntil = k, e.until
		}
	}
	if len(c.entries) >= c.size && oldest != "" {
		delete(c.entries, oldest)
	}
}
