package server_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

// heldMB is the heap memory the process holds from the system: in use, or free but not
// returned.
func heldMB() float64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapSys-m.HeapReleased) / (1 << 20)
}

// rssMB is the process's resident size (Linux; 0 elsewhere).
func rssMB() float64 {
	b, _ := os.ReadFile("/proc/self/statm")
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseFloat(f[1], 64)
	return pages * float64(os.Getpagesize()) / (1 << 20)
}

// flood runs n scans of src at once through one client whose share is the whole server, as
// `vigil serve` runs them (its collector pace and soft memory limit), and returns when all
// are finished.
func flood(t testing.TB, a *apiServer, n int, src string) {
	key, _ := a.newKey(t, "flood", 0)
	keys, _ := a.Store().ListKeys(context.Background())
	a.Store().SetKeyQuota(context.Background(), keys[len(keys)-1].ID, 0, 2)
	up := uploadOnce(t, a, key, "Heavy.sol", src)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{up}}); r.status != 200 {
				t.Errorf("scan: %d %s", r.status, r.raw)
			}
		}()
	}
	wg.Wait()
}

// servePace sets the collector as `vigil serve` sets it (its default max_memory's soft limit,
// GOGC 400) and returns the function that puts it back.
func servePace() func() {
	limit := debug.SetMemoryLimit(5 << 29)
	restore := server.PaceGC()
	return func() { restore(); debug.SetMemoryLimit(limit) }
}

// After a flood of heavy scans the idle server gives its memory back: the heap memory it
// holds returns to within 32 MB of what it held before the flood, where before it stayed at
// the flood's peak (the collector, at the serving pace, had no reason to run in an idle
// process, and kept the freed pages for a heap goal five times the scans' live heap).
func TestIdleServerReturnsMemory(t *testing.T) {
	defer servePace()()
	a := startServer(t, t.TempDir(), engine.New(scan.Options{}), func(c *server.Config) { c.IdleReclaim = 200 * time.Millisecond })
	src := heavySource(t)
	runtime.GC()
	debug.FreeOSMemory()
	before := heldMB()
	flood(t, a, 8, src)
	peak := heldMB()
	deadline := time.Now().Add(time.Minute) // the bound, as a hang guard
	for heldMB() > before+32 {
		if time.Now().After(deadline) {
			t.Fatalf("the idle server still holds %.0f MB of heap a minute after the flood (%.0f MB before it, %.0f MB at its end)",
				heldMB(), before, peak)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// BenchmarkIdleMemory prints the figures of issue 30's item 8: the resident size and heap held
// before a flood of 40 heavy scans, at its end, and how long the idle server takes to be back
// within 32 MB of its idle heap, with the default IdleReclaim of `vigil serve`.
//
//	go test ./server/ -run '^$' -bench IdleMemory -benchtime 1x
func BenchmarkIdleMemory(b *testing.B) {
	defer servePace()()
	src := heavySource(b)
	for range b.N {
		a := startServer(b, b.TempDir(), engine.New(scan.Options{}), nil)
		runtime.GC()
		debug.FreeOSMemory()
		rss0, held0 := rssMB(), heldMB()
		flood(b, a, 40, src)
		end := time.Now()
		rss1, held1 := rssMB(), heldMB()
		for heldMB() > held0+32 && time.Since(end) < 5*time.Minute {
			time.Sleep(100 * time.Millisecond)
		}
		back := time.Since(end)
		fmt.Printf("idle memory: before the flood rss %.0f MB (heap held %.0f MB); at its end rss %.0f MB (%.0f MB); "+
			"back to the idle heap after %s: rss %.0f MB (%.0f MB)\n", rss0, held0, rss1, held1, back.Round(100*time.Millisecond), rssMB(), heldMB())
		b.ReportMetric(back.Seconds(), "s-to-idle")
		a.stop()
	}
}
