// Package memory gives a serving process's memory back to the system when it goes quiet.
//
// Measured (the server's BenchmarkIdleMemory): after 40 heavy file scans the live heap of an
// idle server is back to a few MB at its next collection, so nothing the server keeps is
// large; what stays is garbage and unreturned memory. A serving process runs the collector at
// GOGC 400 (server/gcpace.go), and an idle process allocates nothing, so no collection comes
// to free the garbage of the last scans, and the runtime keeps the freed pages for a heap goal
// five times the live heap of the scans: the resident size stayed at its peak for minutes.
// ReturnWhenIdle returns it: once the process has been quiet for a tick after real work (no
// scan running, little allocated in the tick), it collects and returns every free page to the
// system (debug.FreeOSMemory), once per quiet spell.
package memory

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// idleAllocBytes is what a quiet tick may allocate (requests for /healthz, /metrics, polls).
const idleAllocBytes = 4 << 20

// workAllocBytes is the allocation since the last return that makes one worth its collection.
const workAllocBytes = 64 << 20

// ReturnWhenIdle runs until ctx ends, looking every tick: when the process allocated little in
// the tick, busy is false (no scan runs) and enough was allocated since the last return, it
// calls before (to drop what the caller keeps for nobody), then collects and returns the free
// memory.
func ReturnWhenIdle(ctx context.Context, tick time.Duration, busy func() bool, before func()) {
	t := time.NewTicker(tick)
	defer t.Stop()
	last := heapAllocs()
	returned := last
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := heapAllocs()
		quiet := now-last < idleAllocBytes && !busy()
		last = now
		if quiet && now-returned > workAllocBytes {
			before()
			debug.FreeOSMemory()
			returned = heapAllocs()
			last = returned
		}
	}
}

// heapAllocs is the bytes allocated on the heap since the process started.
func heapAllocs() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}
