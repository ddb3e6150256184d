package scan

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// solanaCorpus holds audited Anchor programs; the Anchor workspace benchmark replicates them.
const solanaCorpus = "../../shared/corpus/solana-clean"

// anchorTarget is the size of the Anchor workspace the speed goal is stated for.
const anchorTarget = 150_000

// BenchmarkScanAnchorWorkspace scans a workspace of at least 150k lines of Anchor code, made by
// copying the Anchor programs of the solana-clean corpus (each with its Cargo.toml and
// Cargo.lock) under distinct folders until the line count is reached. It prints the lines,
// wall and CPU seconds per scan and the peak live heap sampled during the scan; the goal is
// under 0.5 s and 100 MB.
//
//	go test -run - -bench ScanAnchorWorkspace -benchtime 3x ./scan
func BenchmarkScanAnchorWorkspace(b *testing.B) {
	projects, err := anchorProjects(solanaCorpus)
	if err != nil || len(projects) == 0 {
		b.Skipf("solana-clean corpus not available: %v", err)
	}
	root := b.TempDir()
	lines := 0
	for copyN := 0; lines < anchorTarget; copyN++ {
		for _, p := range projects {
			if lines >= anchorTarget {
				break
			}
			dst := filepath.Join(root, fmt.Sprintf("copy%d", copyN), filepath.Base(p.dir))
			if err := copyTree(p.dir, dst); err != nil {
				b.Fatal(err)
			}
			lines += p.lines
		}
	}
	var peak atomic.Uint64
	b.ReportAllocs()
	cpu := cpuTime()
	start := time.Now()
	for b.Loop() {
		runtime.GC()
		stop := samplePeakHeap(&peak)
		scanFolder(b, root)
		stop()
	}
	elapsed := time.Since(start)
	b.ReportMetric(float64(lines), "lines")
	b.ReportMetric(elapsed.Seconds()/float64(b.N), "s/scan")
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/scan")
	b.ReportMetric(float64(peak.Load())/1e6, "peak-heap-MB")
}

type anchorProject struct {
	dir   string
	lines int
}

// anchorProjects lists the corpus projects whose Rust depends on anchor-lang, with their
// Rust line counts.
func anchorProjects(corpus string) ([]anchorProject, error) {
	entries, err := os.ReadDir(corpus)
	if err != nil {
		return nil, err
	}
	var out []anchorProject
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(corpus, e.Name())
		anchor, lines := false, 0
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			switch {
			case d.Name() == "Cargo.toml":
				data, err := os.ReadFile(p)
				if err == nil && strings.Contains(string(data), "anchor-lang") {
					anchor = true
				}
			case strings.HasSuffix(p, ".rs"):
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				lines += strings.Count(string(data), "\n")
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if anchor {
			out = append(out, anchorProject{dir, lines})
		}
	}
	return out, nil
}

// samplePeakHeap records the largest live heap seen every millisecond into peak until the
// returned function is called.
func samplePeakHeap(peak *atomic.Uint64) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		// runtime/metrics reads the live heap without stopping the world, as ReadMemStats does.
		sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			for {
				old := peak.Load()
				if live <= old || peak.CompareAndSwap(old, live) {
					break
				}
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
