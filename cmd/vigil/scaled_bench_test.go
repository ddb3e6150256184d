package main

import (
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// BenchmarkScaledWorkers measures the scaled set-up on this machine: one api process and 1, 2
// and 3 worker processes (one scan at a time each) on one PostgreSQL; 24 file scans submitted
// at once; it reports scans per second and the 95th percentile of a scan's time from
// submission to scan_done. Run it alone, for example:
//
//	go test ./cmd/vigil/ -run '^$' -bench ScaledWorkers -benchtime 1x
func BenchmarkScaledWorkers(b *testing.B) {
	const scans = 24
	for workers := 1; workers <= 3; workers++ {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			d, bearer := newDeployment(b, pgtest.URL(b))
			d.apis = append(d.apis, d.startRole("api"))
			for range workers {
				d.workers = append(d.workers, d.startRole("worker", "--workers", "1"))
			}
			upload := uploadVaults(b, d, bearer)
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				lat := make([]time.Duration, scans)
				var wg sync.WaitGroup
				for i := range scans {
					wg.Add(1)
					go func() {
						defer wg.Done()
						t0 := time.Now()
						id := submit(b, d.apis[0].url, bearer, upload)
						for scanState(b, d.apis[0].url, bearer, id) != "scan_done" {
							time.Sleep(20 * time.Millisecond)
						}
						lat[i] = time.Since(t0)
					}()
				}
				wg.Wait()
				elapsed := time.Since(start)
				sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
				p95 := lat[(len(lat)*95+99)/100-1]
				b.ReportMetric(float64(scans)/elapsed.Seconds(), "scans/s")
				b.ReportMetric(float64(p95.Milliseconds()), "p95-ms")
				fmt.Printf("workers=%d: %d scans in %s: %.2f scans/s, p95 %s\n", workers, scans,
					elapsed.Round(time.Millisecond), float64(scans)/elapsed.Seconds(), p95.Round(time.Millisecond))
			}
		})
	}
}
