package repoapi

import "sync"

// addressSlots counts what each client address holds (open WebSocket connections).
type addressSlots struct {
	mu   sync.Mutex
	held map[string]int
}

// take takes one of addr's slots when it holds fewer than max.
func (s *addressSlots) take(addr string, max int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held == nil {
		s.held = map[string]int{}
	}
	if s.held[addr] >= max {
		return false
	}
	s.held[addr]++
	return true
}

// give gives one of addr's slots back.
func (s *addressSlots) give(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held[addr]--; s.held[addr] <= 0 {
		delete(s.held, addr)
	}
}
