package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

// benchClients is how many clients post file scans at once.
const benchClients = 8

// BenchmarkFileScanAPI measures the synchronous file scan (SPEC 4.6) through the real server and
// the real engine on loopback: each of benchClients clients uploads a 300-line contract once and
// then posts file scans of it. It reports scans per second and the p50/p95 latency of a scan
// request; issue 15 asks for 300 scans/s with p95 under 50 ms on 2 cores. cpu-ms/scan is the
// CPU time of the whole process (server, engine and the benchmark's clients) per scan: on a
// machine shared with other work it moves far less than scans/s.
//
//	go test ./server/ -run '^$' -bench FileScanAPI -benchtime 400x
func BenchmarkFileScanAPI(b *testing.B) {
	src, err := os.ReadFile("testdata/bench/TokenVault.sol")
	if err != nil {
		b.Fatal(err)
	}
	// The collector as `vigil serve` runs it: the soft limit of its default max_memory (2 GiB,
	// plus 25%) and its pace (GOGC in the environment overrides the pace, as it does the
	// command's).
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(5 << 29))
	defer server.PaceGC()()
	a := startServer(b, b.TempDir(), engine.New(scan.Options{}), nil)
	key, _ := a.newKey(b, "bench", 0)
	// The benchmark is one client measuring the whole server: its key's share of the workers
	// is all of them, where a client's default share leaves one for the others.
	keys, _ := a.Store().ListKeys(context.Background())
	if err := a.Store().SetKeyQuota(context.Background(), keys[len(keys)-1].ID, 0, 2); err != nil {
		b.Fatal(err)
	}
	bearer := "Bearer " + key
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: benchClients}}
	bodies := make([][]byte, benchClients)
	for i := range bodies {
		u := benchUpload(b, client, a, bearer, fmt.Sprintf("TokenVault%d.sol", i), src)
		bodies[i], _ = json.Marshal(map[string]any{"file_urls": []string{u}, "project_name": "bench"})
		benchScan(b, client, a.URL, bearer, bodies[i]) // warm up: catalogue, connections, database pages
	}

	var next atomic.Int64
	lat := make([]time.Duration, b.N)
	var wg sync.WaitGroup
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu0 := time.Now(), processCPU()
	for c := 0; c < benchClients; c++ {
		wg.Add(1)
		go func(body []byte) {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				t0 := time.Now()
				benchScan(b, client, a.URL, bearer, body)
				lat[i] = time.Since(t0)
			}
		}(bodies[c])
	}
	wg.Wait()
	elapsed, cpu := time.Since(start), processCPU()-cpu0
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "scans/s")
	b.ReportMetric(float64(lat[b.N/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[b.N*95/100].Microseconds())/1000, "p95-ms")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/scan")
	}
}

// benchUpload asks for an upload URL and puts src there.
func benchUpload(b *testing.B, client *http.Client, a *apiServer, bearer, name string, src []byte) string {
	var presigned struct {
		Result struct {
			URL string `json:"url"`
		} `json:"result"`
	}
	benchDo(b, client, "GET", a.URL+"/private/api-get-presigned-url/?file_name="+name, bearer, nil, &presigned)
	benchDo(b, client, "PUT", presigned.Result.URL, "", src, nil)
	return presigned.Result.URL
}

// benchScan posts one file scan and checks it finished with findings. It decodes only what it
// checks (the answer is still parsed whole, as valid JSON): the client shares the process and
// its CPU time with the server, and building the whole report cost it a fifth of the CPU the
// benchmark measured.
func benchScan(b *testing.B, client *http.Client, base, bearer string, body []byte) {
	var env struct {
		ScanReport *struct {
			ScanStatus string            `json:"scan_status"`
			Groups     []json.RawMessage `json:"multi_file_scan_details"`
		} `json:"scan_report"`
	}
	benchDo(b, client, "POST", base+"/private/api-file-scan/", bearer, body, &env)
	if rep := env.ScanReport; rep == nil || rep.ScanStatus != report.StatusDone || len(rep.Groups) == 0 {
		b.Errorf("file scan did not finish with findings: %+v", rep)
	}
}

func benchDo(b *testing.B, client *http.Client, method, url, bearer string, body []byte, out any) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", bearer)
	}
	resp, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return
	}
	defer resp.Body.Close()
	// Sized from Content-Length when the server sends one: the client's allocations share the
	// process's garbage collector with the server's.
	buf := bytes.NewBuffer(make([]byte, 0, max(resp.ContentLength, 0)+bytes.MinRead))
	buf.ReadFrom(resp.Body)
	raw := buf.Bytes()
	if resp.StatusCode != http.StatusOK {
		b.Errorf("%s %s: %d %s", method, url, resp.StatusCode, raw)
		return
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			b.Errorf("%s %s: %v", method, url, err)
		}
	}
}
