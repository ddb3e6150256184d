package scan

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// heapPeak samples the Go heap while a scan runs, for the benchmarks' peak figures (RSS is the
// process's, and a benchmark binary holds more than a scan): live is the largest heap a
// collection found reachable (what the scan keeps: its model, its caches), heap the largest
// heap including garbage not yet collected (what the process asks the system for, near RSS).
type heapPeak struct {
	stop       chan struct{}
	done       sync.WaitGroup
	live, heap uint64
}

var peakSamples = []string{"/gc/heap/live:bytes", "/memory/classes/heap/objects:bytes"}

// startHeapPeak collects the garbage of what ran before, then samples every millisecond.
func startHeapPeak() *heapPeak {
	runtime.GC()
	p := &heapPeak{stop: make(chan struct{})}
	s := make([]metrics.Sample, len(peakSamples))
	for i, name := range peakSamples {
		s[i].Name = name
	}
	read := func() {
		metrics.Read(s)
		p.live = max(p.live, s[0].Value.Uint64())
		p.heap = max(p.heap, s[1].Value.Uint64())
	}
	read()
	p.live = 0 // the heap before the scan was live, not the scan's
	p.done.Add(1)
	go func() {
		defer p.done.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.stop:
				read()
				return
			case <-tick.C:
				read()
			}
		}
	}()
	return p
}

// end stops sampling and returns the peaks in MB.
func (p *heapPeak) end() (liveMB, heapMB float64) {
	close(p.stop)
	p.done.Wait()
	return float64(p.live) / 1e6, float64(p.heap) / 1e6
}
