package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// deployment is a set of `vigil serve` processes sharing one database and data folder (the
// local blob store): api processes answer, worker processes scan.
type deployment struct {
	t       testing.TB
	env     []string
	public  string // the load balancer's URL, every process's public_url
	apis    []*servedVigil
	workers []*servedVigil
}

// startRole starts one `vigil serve --role role` and waits for /healthz.
func (d *deployment) startRole(role string, extra ...string) *servedVigil {
	t := d.t
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(vigilBin, append([]string{"serve", "--role", role}, extra...)...)
	cmd.Env = append(append(os.Environ(), d.env...), "VIGIL_LISTEN="+addr, "VIGIL_PUBLIC_URL="+d.public)
	logs := &syncBuffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &servedVigil{cmd: cmd, url: "http://" + addr}
	t.Cleanup(func() {
		s.stop()
		if t.Failed() {
			t.Logf("%s %s log tail:\n%s", role, addr, tail(logs.String(), 3000))
		}
	})
	for range 1200 { // a minute on a loaded machine
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			return s
		}
		if cmd.ProcessState != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("vigil serve --role %s did not start: %s", role, logs.String())
	return nil
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// hookLog records the webhook deliveries of each scan.
type hookLog struct {
	mu  sync.Mutex
	ids map[string]map[string]bool // scan id -> webhook-ids received
	evs map[string]string          // scan id -> event type
}

func (h *hookLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var ev struct {
		Type   string `json:"type"`
		ScanID string `json:"scan_id"`
	}
	body, _ := io.ReadAll(r.Body)
	json.Unmarshal(body, &ev)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ids[ev.ScanID] == nil {
		h.ids[ev.ScanID] = map[string]bool{}
	}
	h.ids[ev.ScanID][r.Header.Get("webhook-id")] = true
	h.evs[ev.ScanID] = ev.Type
}

func jsonCall(t testing.TB, method, u, authz string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, u, rd)
	req.Header.Set("Content-Type", "application/json")
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// scanState reads a scan's status from an api process.
func scanState(t testing.TB, api, bearer, id string) string {
	t.Helper()
	_, out := jsonCall(t, "POST", api+"/private/api-get-scan/", bearer, map[string]any{"scan_id": id})
	rep, _ := out["scan_report"].(map[string]any)
	status, _ := rep["scan_status"].(string)
	return status
}

// metric reads a gauge from a process's /metrics, -1 when it cannot.
func metric(u, name string) float64 {
	resp, err := http.Get(u + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^` + name + ` (\S+)$`).FindSubmatch(b)
	if m == nil {
		return -1
	}
	var v float64
	fmt.Sscan(string(m[1]), &v)
	return v
}

// TestScaledDeploymentEndToEnd runs the scaled set-up of issue 17 with real processes: two api
// processes and workers on one database; 100 scans submitted across both apis; one worker
// killed with SIGKILL while it scans. Every scan must end scan_done exactly once, its webhook
// delivered once (one webhook-id), and reports must download from either api.
//
// On PostgreSQL three workers run and the killed one's scans are rescued by the others. On
// SQLite (one process may work a SQLite file) one worker runs and is started again after the
// kill, which gives its scans back at once.
func TestScaledDeploymentEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end deployment test (about a minute)")
	}
	for _, e := range []struct {
		name     string
		database func(t *testing.T) string
		workers  int
	}{
		{"postgres", func(t *testing.T) string { return pgtest.URL(t) }, 3},
		{"sqlite", func(*testing.T) string { return "" }, 1},
	} {
		t.Run(e.name, func(t *testing.T) { runScaled(t, e.database(t), e.workers) })
	}
}

// newDeployment prepares a deployment on database and a data folder: a key (printed by
// `vigil keys create`), and a round-robin load balancer whose URL is every process's public
// URL (upload and report links point at it). Start the processes with startRole.
func newDeployment(t testing.TB, database string) (d *deployment, bearer string) {
	d = &deployment{t: t, env: []string{"VIGIL_DATA_DIR=" + t.TempDir(), "VIGIL_DATABASE=" + database,
		"VIGIL_ALLOW_PRIVATE_NETWORKS=true", "VIGIL_LOG_FORMAT=text", "VIGIL_SCAN_WAIT=1ms",
		"VIGIL_WEBHOOK_BACKOFF=100ms"}}
	keys := exec.Command(vigilBin, "keys", "create", "--name", "scaled")
	keys.Env = append(os.Environ(), d.env...)
	out, err := keys.Output()
	if err != nil {
		t.Fatalf("vigil keys create: %v", err)
	}
	var next atomic.Int64
	lb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target, _ := url.Parse(d.apis[int(next.Add(1))%len(d.apis)].url)
		httputil.NewSingleHostReverseProxy(target).ServeHTTP(w, r)
	}))
	t.Cleanup(lb.Close)
	d.public = lb.URL
	return d, "Bearer " + strings.TrimSpace(string(out))
}

// uploadVaults uploads one Solidity file, big enough that a scan takes a moment, and returns
// its URL for file scans.
func uploadVaults(t testing.TB, d *deployment, bearer string) string {
	t.Helper()
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for i := range 40 {
		src.WriteString(strings.ReplaceAll(string(vault), "contract Vault", fmt.Sprintf("contract Vault%d", i)))
		src.WriteString("\n")
	}
	code, pre := jsonCall(t, "GET", d.apis[0].url+"/private/api-get-presigned-url/?file_name=Vaults.sol", bearer, nil)
	result, _ := pre["result"].(map[string]any)
	upload, _ := result["url"].(string)
	if code != 200 || upload == "" {
		t.Fatalf("presign: %d %v", code, pre)
	}
	req, _ := http.NewRequest("PUT", upload, strings.NewReader(src.String()))
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("upload: %v %v", err, resp)
	}
	resp.Body.Close()
	return upload
}

// submit starts a file scan of upload through api and returns its id.
func submit(t testing.TB, api, bearer, upload string) string {
	code, body := jsonCall(t, "POST", api+"/private/api-file-scan/", bearer, map[string]any{"file_urls": []string{upload}})
	rep, _ := body["scan_report"].(map[string]any)
	id, _ := rep["scan_id"].(string)
	if code != 200 || id == "" {
		t.Fatalf("scan: %d %v", code, body)
	}
	return id
}

func runScaled(t *testing.T, database string, workers int) {
	const scans = 100
	hooks := &hookLog{ids: map[string]map[string]bool{}, evs: map[string]string{}}
	recv := httptest.NewServer(hooks)
	defer recv.Close()
	d, bearer := newDeployment(t, database)
	for range 2 {
		d.apis = append(d.apis, d.startRole("api"))
	}
	// A scan stuck 5 s past a 20 s timeout is taken for a dead worker's.
	workerFlags := []string{"--workers", "2", "--scan-timeout", "20s", "--stuck-after", "5s"}
	for range workers {
		d.workers = append(d.workers, d.startRole("worker", workerFlags...))
	}
	api := func(i int) string { return d.apis[i%len(d.apis)].url }
	if code, body := jsonCall(t, "POST", api(0)+"/api-tag-webhook/", "Token "+strings.TrimPrefix(bearer, "Bearer "),
		map[string]any{"endpoint_url": recv.URL + "/hook"}); code != 200 {
		t.Fatalf("tag webhook: %d %v", code, body)
	}
	upload := uploadVaults(t, d, bearer)

	// 100 scans across both apis; the first worker is killed once it runs a scan.
	victim := d.workers[0]
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if metric(victim.url, "vigil_scans_running") >= 1 {
				victim.cmd.Process.Kill() // SIGKILL: no shutdown code runs
				victim.cmd.Wait()
				return
			}
		}
	}()
	ids := make([]string, scans)
	for i := range ids {
		ids[i] = submit(t, api(i), bearer, upload)
	}
	<-killed
	if victim.cmd.ProcessState == nil {
		t.Fatal("the worker to kill never ran a scan")
	}
	if workers == 1 { // SQLite: the only worker starts again, and takes back what it held
		d.workers[0] = d.startRole("worker", workerFlags...)
	}

	// Every scan ends scan_done, read through either api.
	deadline := time.Now().Add(4 * time.Minute)
	for i, id := range ids {
		for {
			status := scanState(t, api(i+1), bearer, id)
			if status == "scan_done" {
				break
			}
			if status != "queued" && status != "scan_in_progress" || time.Now().After(deadline) {
				t.Fatalf("scan %s: %s", id, status)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// One webhook event per scan, scan.completed, under one webhook-id.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		hooks.mu.Lock()
		n := len(hooks.ids)
		hooks.mu.Unlock()
		if n >= scans || time.Now().After(deadline) {
			break
		}
	}
	hooks.mu.Lock()
	for _, id := range ids {
		if len(hooks.ids[id]) != 1 || hooks.evs[id] != "scan.completed" {
			t.Errorf("scan %s: webhook ids %v event %q", id, hooks.ids[id], hooks.evs[id])
		}
	}
	hooks.mu.Unlock()

	// The death was seen: a scan the killed worker held counted a crash, and was still done
	// once (the store keeps the first outcome).
	st, err := store.OpenDatabase(context.Background(), database, strings.TrimPrefix(d.env[0], "VIGIL_DATA_DIR="))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	crashed := 0
	for _, id := range ids {
		sc, err := st.GetScanAny(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		crashed += sc.Crashes
	}
	if crashed == 0 {
		t.Error("no scan counted the killed worker's death")
	}

	// Reports: generated by a worker, downloadable from either api.
	for i, id := range ids[:3] {
		sc, _ := st.GetScanAny(context.Background(), id)
		if code, body := jsonCall(t, "POST", api(i)+"/private/api-generate-report/", bearer,
			map[string]any{"project_id": sc.ProjectID, "scan_id": id}); code != 200 {
			t.Fatalf("generate report: %d %v", code, body)
		}
		var link string
		for deadline := time.Now().Add(time.Minute); link == "" && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			_, body := jsonCall(t, "POST", api(i)+"/private/api-get-report/", bearer, map[string]any{"scan_id": id, "format": "pdf"})
			result, _ := body["result"].(map[string]any)
			link, _ = result["url"].(string)
		}
		if link == "" {
			t.Fatalf("no report for scan %s", id)
		}
		for _, a := range d.apis { // the link's path on each api
			u, _ := url.Parse(link)
			resp, err := http.Get(a.url + u.RequestURI())
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("report from %s: %v %v", a.url, err, resp)
			}
			resp.Body.Close()
		}
	}
}
