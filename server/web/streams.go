package web

import "sync"

// keyStreams counts the live-progress streams open with each API key's sessions, so that one
// key cannot hold every connection of the server open.
type keyStreams struct {
	mu   sync.Mutex
	open map[int64]int
}

// take opens one more stream of key when fewer than max are open.
func (k *keyStreams) take(key int64, max int) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.open == nil {
		k.open = map[int64]int{}
	}
	if k.open[key] >= max {
		return false
	}
	k.open[key]++
	return true
}

func (k *keyStreams) give(key int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.open[key]--; k.open[key] <= 0 {
		delete(k.open, key)
	}
}
