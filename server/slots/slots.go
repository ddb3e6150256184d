// Package slots counts what each holder (a client address, an API key) has open at once, for
// the server's per-client caps: connections per address, WebSocket connections per address,
// live-progress streams per key.
package slots

import "sync"

// Counter counts open slots per holder. The zero value is ready to use.
type Counter[K comparable] struct {
	mu   sync.Mutex
	held map[K]int
}

// Take takes one of holder's slots when it holds fewer than max.
func (c *Counter[K]) Take(holder K, max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held == nil {
		c.held = map[K]int{}
	}
	if c.held[holder] >= max {
		return false
	}
	c.held[holder]++
	return true
}

// Give gives one of holder's slots back.
func (c *Counter[K]) Give(holder K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held[holder]--; c.held[holder] <= 0 {
		delete(c.held, holder)
	}
}
