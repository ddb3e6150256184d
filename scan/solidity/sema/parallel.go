package sema

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach calls do(i) for every i in [0, n), on up to workers goroutines at once (workers < 1:
// one per processor). Each call must touch only what belongs to its i; the caller collects
// the results in index order, so that they do not depend on the scheduling.
func forEach(workers, n int, do func(i int)) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			do(i)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= n {
				return
			}
			do(i)
		}
	}
	// The caller is one of the workers: its stack has already grown to what the work needs,
	// where a new goroutine's grows again by copying.
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
}
