package scan

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// The benchmarks below scan the visible clean corpus (../shared/corpus/clean) the way the CLI
// does: a workspace over the folder, then Run with the default options. They print figures and
// assert nothing about time (the machine they run on varies); scan/bench/README.md says how to
// run them and how to compare with the peers.
//
//	go test -run - -bench 'Scan(Clean|Linear)' -benchtime 1x -benchmem ./scan
const cleanCorpus = "../../shared/corpus/clean"

// solBytes is the size of the Solidity sources under dir, for MB/s.
func solBytes(b *testing.B, dir string) int64 {
	var total int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sol") {
			return err
		}
		info, err := d.Info()
		if err == nil {
			total += info.Size()
		}
		return err
	})
	if err != nil {
		b.Skipf("clean corpus not available: %v", err)
	}
	return total
}

// scanFolder scans dir once with the default options.
func scanFolder(b *testing.B, dir string) {
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	res, err := Run(context.Background(), ws, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if res.Stopped != nil {
		b.Fatalf("scan of %s stopped early: %v", dir, res.Stopped)
	}
}

// BenchmarkScanClean is one full Solidity scan of the clean corpus: parse, semantic model,
// every detector, the report. Besides time and allocations it prints the scan's peak Go heap
// (heapPeak): peak-live-MB, what a collection found reachable at most (stable across runs and
// machines), and peak-heap-MB, with the garbage not yet collected (what drives peak RSS).
func BenchmarkScanClean(b *testing.B) {
	b.SetBytes(solBytes(b, cleanCorpus))
	b.ReportAllocs()
	cpu := cpuTime()
	var live, heap float64
	for b.Loop() {
		b.StopTimer()
		peak := startHeapPeak()
		b.StartTimer()
		scanFolder(b, cleanCorpus)
		l, h := peak.end()
		live, heap = max(live, l), max(heap, h)
	}
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(live, "peak-live-MB")
	b.ReportMetric(heap, "peak-heap-MB")
}

// BenchmarkScanLinear scans 1, 2 and 4 copies of the clean corpus, side by side under distinct
// folders of one workspace, and reports how time and allocation grow: a linear engine prints
// ratios near 2 and 4. Copies repeat contract names across folders, as monorepos and vendored
// dependencies do.
func BenchmarkScanLinear(b *testing.B) {
	solBytes(b, cleanCorpus) // skips when the corpus is missing
	root := b.TempDir()
	dirs := map[int]string{}
	for _, n := range []int{1, 2, 4} {
		dirs[n] = filepath.Join(root, fmt.Sprintf("x%d", n))
		for i := range n {
			if err := copyTree(cleanCorpus, filepath.Join(dirs[n], fmt.Sprintf("copy%d", i))); err != nil {
				b.Fatal(err)
			}
		}
	}
	type cost struct {
		ns, cpu       time.Duration
		bytes, allocs uint64
	}
	measure := func(dir string) cost {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start, cpu := time.Now(), cpuTime()
		scanFolder(b, dir)
		elapsed, used := time.Since(start), cpuTime()-cpu
		runtime.ReadMemStats(&after)
		return cost{elapsed, used, after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs}
	}
	var sum [5]cost
	for b.Loop() {
		for _, n := range []int{1, 2, 4} {
			c := measure(dirs[n])
			sum[n].ns += c.ns
			sum[n].cpu += c.cpu
			sum[n].bytes += c.bytes
			sum[n].allocs += c.allocs
		}
	}
	ratio := func(a, b uint64) float64 { return float64(a) / float64(b) }
	b.ReportMetric(sum[1].ns.Seconds()/float64(b.N), "s-1x")
	b.ReportMetric(sum[1].cpu.Seconds()/float64(b.N), "cpu-s-1x")
	b.ReportMetric(float64(sum[1].bytes)/float64(b.N)/1e6, "MB-1x")
	for _, n := range []int{2, 4} {
		b.ReportMetric(ratio(uint64(sum[n].ns), uint64(sum[1].ns)), fmt.Sprintf("time-%dx/1x", n))
		b.ReportMetric(ratio(uint64(sum[n].cpu), uint64(sum[1].cpu)), fmt.Sprintf("cpu-%dx/1x", n))
		b.ReportMetric(ratio(sum[n].bytes, sum[1].bytes), fmt.Sprintf("bytes-%dx/1x", n))
		b.ReportMetric(ratio(sum[n].allocs, sum[1].allocs), fmt.Sprintf("allocs-%dx/1x", n))
	}
}

// copyTree copies the regular files under src to dst (links and special files are left out).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
