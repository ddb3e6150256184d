package scan

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// processScanEnv, when set to a folder, makes the test binary scan that folder as
// `vigil scan <folder> --format json` does, print the peaks of its own memory, and exit: the
// child process of BenchmarkScanCleanProcess.
const processScanEnv = "VIGIL_BENCH_SCAN_PROCESS"

// processGCEnv says how the child paces the collector: "cli" as `vigil scan` does, or
// "default".
const processGCEnv = "VIGIL_BENCH_SCAN_GC"

func TestMain(m *testing.M) {
	if dir := os.Getenv(processScanEnv); dir != "" {
		if os.Getenv(processGCEnv) == "cli" {
			runtime.MemProfileRate = 0 // as cmd/vigil does
		}
		os.Exit(scanProcessChild(dir))
	}
	os.Exit(m.Run())
}

// BenchmarkScanCleanProcess scans the clean corpus in a fresh process (this test binary run
// again) per iteration and prints that process's peaks: rss-MB (VmHWM, what `/usr/bin/time %M`
// shows), rss-anon-MB (the heap, stacks and runtime metadata: what the scan itself costs) and
// rss-file-MB (the executable's pages: the vigil binary links more packages than this test
// binary and shows 25-30 MB there), the Go heap's peaks, heap-MB (objects, garbage included:
// what drives rss-anon-MB, and steadier than it) and live-MB (the most a collection kept), with
// the child's CPU seconds. Sub-benchmark cli runs the
// collector as `vigil scan` does (Options.TuneGC, no allocation sampling), default leaves GOGC
// at 100. Linux only.
//
//	go test ./scan -run '^$' -bench ScanCleanProcess -benchtime 5x
func BenchmarkScanCleanProcess(b *testing.B) {
	solBytes(b, cleanCorpus) // skips when the corpus is missing
	if runtime.GOOS != "linux" {
		b.Skip("reads /proc")
	}
	for _, mode := range []string{"cli", "default"} {
		b.Run("gc="+mode, func(b *testing.B) {
			var hwm, anon, file, heap, live, cpu float64
			for b.Loop() {
				cmd := exec.Command(os.Args[0], "-test.run=^$")
				cmd.Env = append(os.Environ(), processScanEnv+"="+cleanCorpus, processGCEnv+"="+mode)
				var out, errOut bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &errOut
				if err := cmd.Run(); err != nil {
					b.Fatalf("scan process: %v\n%s", err, errOut.String())
				}
				var peaks [5]float64
				if _, err := fmt.Sscanf(out.String(), "%f %f %f %f %f", &peaks[0], &peaks[1], &peaks[2], &peaks[3], &peaks[4]); err != nil {
					b.Fatalf("scan process printed %q: %v", out.String(), err)
				}
				hwm, anon, file = hwm+peaks[0], anon+peaks[1], file+peaks[2]
				heap, live = heap+peaks[3], live+peaks[4]
				if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
				}
			}
			n := float64(b.N)
			b.ReportMetric(hwm/1024/n, "rss-MB")
			b.ReportMetric(anon/1024/n, "rss-anon-MB")
			b.ReportMetric(file/1024/n, "rss-file-MB")
			b.ReportMetric(heap/1024/n, "heap-MB")
			b.ReportMetric(live/1024/n, "live-MB")
			b.ReportMetric(cpu/n, "cpu-s/op")
		})
	}
}

// scanProcessChild scans dir, renders the report as JSON (to nowhere) and prints the process's
// peak VmHWM, RssAnon and RssFile (from /proc/self/status) and heap objects and live heap (from
// runtime/metrics) in KB, sampled every millisecond.
func scanProcessChild(dir string) int {
	var mu sync.Mutex
	var peak [5]int64
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	sample := func() {
		vals := procStatus("VmHWM", "RssAnon", "RssFile")
		metrics.Read(heap)
		vals = append(vals, int64(heap[0].Value.Uint64()/1024), int64(heap[1].Value.Uint64()/1024))
		mu.Lock()
		for i, v := range vals {
			peak[i] = max(peak[i], v)
		}
		mu.Unlock()
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				sample()
			}
		}
	}()
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	res, err := Run(context.Background(), ws, Options{TuneGC: os.Getenv(processGCEnv) == "cli"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := json.NewEncoder(io.Discard).Encode(res.Report); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ws.Close()
	close(stop)
	<-done
	sample()
	fmt.Println(peak[0], peak[1], peak[2], peak[3], peak[4])
	return 0
}

// procStatus reads the given fields (in KB) of /proc/self/status.
func procStatus(fields ...string) []int64 {
	out := make([]int64, len(fields))
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		for i, field := range fields {
			if name == field {
				out[i], _ = strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			}
		}
	}
	return out
}
