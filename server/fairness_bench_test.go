package server_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

// BenchmarkFairness is issue 30's figure: how long client B's small scan takes while client A
// floods the server with heavy scans, with the real engine, on SQLite (one process, two
// workers; A's default share is one of them) and on PostgreSQL with several workers (an api
// process and two worker processes of two scans each; A's share set to three of the four).
// A queues 40 scans of a 12,000-line file (about a second of analysis each here); then B asks
// for 8 scans of a 10-line contract, one after another, each timed from its request to its
// finish. It prints B's median and worst latency (the target is under 2 s) and how many of
// A's scans were finished meanwhile. Run it alone:
//
//	go test ./server/ -run '^$' -bench Fairness -benchtime 1x
func BenchmarkFairness(b *testing.B) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(5 << 29))
	defer server.PaceGC()()
	heavy := heavySource(b)
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			for range b.N {
				runFairness(b, e.name, e.database(b), heavy)
			}
		})
	}
}

// heavySource is the bench contract 40 times over, each copy's contracts renamed.
func heavySource(b testing.TB) string {
	src, err := os.ReadFile("testdata/bench/TokenVault.sol")
	if err != nil {
		b.Fatal(err)
	}
	names := regexp.MustCompile(`\b(contract|interface|library) (\w+)`).FindAllStringSubmatch(string(src), -1)
	var out strings.Builder
	for i := range 40 {
		copy := string(src)
		if i > 0 {
			copy = regexp.MustCompile(`(?m)^(// SPDX.*|pragma .*)$`).ReplaceAllString(copy, "")
		}
		for _, n := range names {
			copy = regexp.MustCompile(`\b`+n[2]+`\b`).ReplaceAllString(copy, fmt.Sprintf("%s_%d", n[2], i))
		}
		out.WriteString(copy)
		out.WriteString("\n")
	}
	return out.String()
}

func runFairness(b *testing.B, name, database, heavy string) {
	eng := engine.New(scan.Options{})
	dir := b.TempDir()
	wait := func(c *server.Config) { c.ScanWait = time.Millisecond }
	var a *apiServer
	if database == "" {
		a = startServer(b, dir, eng, wait)
	} else {
		tweak := func(c *server.Config) { wait(c); c.Database, c.ClientWorkers = database, 3 }
		a = startServer(b, dir, eng, func(c *server.Config) { tweak(c); c.Role = server.RoleAPI })
		for range 2 {
			startServer(b, dir, eng, func(c *server.Config) { tweak(c); c.Role, c.Workers = server.RoleWorker, 2 })
		}
	}
	keyA, _ := a.newKey(b, "flood", 0)
	keyB, _ := a.newKey(b, "small", 0)
	uploadA := uploadOnce(b, a, keyA, "Heavy.sol", heavy)

	// A's flood: 40 requests at once, each answered scan_in_progress.
	var ids []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := call(b, "POST", a.URL+"/private/api-file-scan/", "Bearer "+keyA, map[string]any{"file_urls": []string{uploadA}})
			if r.status != 200 {
				b.Errorf("A's scan: %d %s", r.status, r.raw)
				return
			}
			mu.Lock()
			ids = append(ids, scanReport(b, r).ScanID)
			mu.Unlock()
		}()
	}
	wg.Wait()
	time.Sleep(time.Second) // A's first scans are under way

	uploadB := uploadOnce(b, a, keyB, "Small.sol", vulnerable)
	lat := make([]time.Duration, 8)
	for i := range lat {
		t0 := time.Now()
		r := call(b, "POST", a.URL+"/private/api-file-scan/", "Bearer "+keyB, map[string]any{"file_urls": []string{uploadB}})
		id := scanReport(b, r).ScanID
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		if err := a.WaitScan(ctx, id); err != nil {
			b.Fatalf("B's scan: %v", err)
		}
		cancel()
		lat[i] = time.Since(t0)
	}
	doneA := 0
	for _, id := range ids {
		if st, _ := a.Store().ScanStatus(context.Background(), id); st == "scan_done" {
			doneA++
		}
	}
	sorted := append([]time.Duration(nil), lat...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	b.ReportMetric(float64(sorted[len(sorted)/2].Milliseconds()), "B-p50-ms")
	b.ReportMetric(float64(sorted[len(sorted)-1].Milliseconds()), "B-max-ms")
	fmt.Printf("fairness %s: A queued %d scans of %d lines; B's %d scans while A floods: p50 %s, max %s; A's scans done meanwhile: %d\n",
		name, len(ids), strings.Count(heavy, "\n"), len(lat), sorted[len(sorted)/2].Round(time.Millisecond),
		sorted[len(sorted)-1].Round(time.Millisecond), doneA)
}

// uploadOnce puts src through a pre-signed URL of the client and returns the URL.
func uploadOnce(b testing.TB, a *apiServer, key, name, src string) string {
	u := presign(b, a, "Bearer "+key, name)
	if r := put(b, u, []byte(src)); r.status != 200 {
		b.Fatalf("upload: %d %s", r.status, r.raw)
	}
	return u
}
