package server

import (
	"math"
	"os"
	"runtime/debug"
)

// ServeGCPercent is the garbage collector's pace of a serving process (GOGC 400 instead of
// Go's 100). A server's live heap is small between scans (caches, connections, the queue) and
// a file scan's model is garbage a few milliseconds after it is built, so at GOGC 100 the
// collector runs every few scans to free what the next scan reallocates at once: about a tenth
// of the CPU of BenchmarkFileScanAPI. At 400 the heap may grow to five times what the last
// collection kept, which is safe only under a soft memory limit (`vigil serve` sets one 25%
// above the max_memory budget): near it the collector works harder whatever the pace, and the
// memory watchdog forces a collection before it judges a scan's heap, so garbage the pace left
// behind neither stops a large scan nor grows the process past its budget.
const ServeGCPercent = 400

// PaceGC sets the serving pace when a soft memory limit bounds the heap and the environment
// does not set GOGC (the operator's choice wins). Without a limit (max_memory 0) Go's default
// pace stays. It returns a function that puts back the pace the process had (for a benchmark).
func PaceGC() (restore func()) {
	if os.Getenv("GOGC") != "" || debug.SetMemoryLimit(-1) == math.MaxInt64 {
		return func() {}
	}
	prev := debug.SetGCPercent(ServeGCPercent)
	return func() { debug.SetGCPercent(prev) }
}
