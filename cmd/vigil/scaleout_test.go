package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/blob/s3test"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// hookRecorder is a webhook endpoint that keeps every delivery's webhook-id by scan.
type hookRecorder struct {
	*httptest.Server
	mu  sync.Mutex
	ids map[string]map[string]string // scan id -> webhook-id -> scan_status
}

func startHookRecorder(t *testing.T) *hookRecorder {
	h := &hookRecorder{ids: map[string]map[string]string{}}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct {
			ScanID     string `json:"scan_id"`
			ScanStatus string `json:"scan_status"`
		}
		json.NewDecoder(r.Body).Decode(&ev)
		h.mu.Lock()
		if h.ids[ev.ScanID] == nil {
			h.ids[ev.ScanID] = map[string]string{}
		}
		h.ids[ev.ScanID][r.Header.Get("webhook-id")] = ev.ScanStatus
		h.mu.Unlock()
	}))
	t.Cleanup(h.Close)
	return h
}

// events returns the distinct events delivered for a scan (webhook-id -> scan_status).
func (h *hookRecorder) events(scanID string) map[string]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]string{}
	for id, status := range h.ids[scanID] {
		out[id] = status
	}
	return out
}

// scanningContract is a distinct contract with two findings and enough code to keep a worker
// busy for a moment, so that a worker can be killed in the middle of one.
func scanningContract(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\n\ncontract Wallet%d {\n    address owner;\n    mapping(address => uint256) balances;\n", n)
	b.WriteString("    function kill() external {\n        require(tx.origin == owner);\n        selfdestruct(payable(msg.sender));\n    }\n")
	for i := range 300 {
		fmt.Fprintf(&b, "    function f%d(uint256 a) external returns (uint256) {\n        require(balances[msg.sender] >= a);\n        balances[msg.sender] -= a;\n        return a + %d;\n    }\n", i, i)
	}
	b.WriteString("}\n")
	return b.String()
}

// client is an HTTP client of the private API with one key.
type client struct {
	t      *testing.T
	bearer string
}

func (c client) do(method, url string, body any) (int, map[string]any) {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", c.bearer)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// TestScaleOut is issue 17's end-to-end test: two API processes and three workers (`vigil
// serve --role api|worker`, real processes) on one PostgreSQL and one S3 store (versitygw).
// 100 file scans are submitted across both APIs (each file put into S3 with the store's
// pre-signed URL, the presign asked of one API and the scan of the other); one worker is killed
// with SIGKILL while it runs a scan. Every scan must end scan_done exactly once (one webhook
// event, same findings as its twins), its webhook delivered, its report downloadable from
// either API, and every upload and report still in the bucket.
func TestScaleOut(t *testing.T) {
	const scans = 100
	db := pgtest.URL(t)
	s3 := s3test.Start(t)
	bucket := s3.NewBucket(t)
	hooks := startHookRecorder(t)
	env := append(s3.Env(), "VIGIL_DATABASE="+db, "VIGIL_BLOB_STORE=s3://"+bucket+"/vigil", "VIGIL_ALLOW_PRIVATE_NETWORKS=true",
		"VIGIL_LOG_FORMAT=text", "VIGIL_SCAN_WAIT=1ms", "VIGIL_SCAN_TIMEOUT=10s", "VIGIL_STUCK_AFTER=1s", "VIGIL_WEBHOOK_BACKOFF=100ms")
	keys := exec.Command(vigilBin, "keys", "create", "--name", "ci")
	keys.Env = append(os.Environ(), env...)
	out, err := keys.CombinedOutput()
	if err != nil {
		t.Fatalf("vigil keys create: %v\n%s", err, out)
	}
	c := client{t, "Bearer " + regexp.MustCompile(`vgl_[A-Za-z0-9_-]+`).FindString(string(out))}
	process := func(role string) *servedVigil {
		return startVigil(t, append(env, "VIGIL_ROLE="+role, "VIGIL_DATA_DIR="+t.TempDir(), "VIGIL_WORKERS=2"))
	}
	apis := []*servedVigil{process("api"), process("api")}
	workers := []*servedVigil{process("worker"), process("worker"), process("worker")}

	tag, _ := json.Marshal(map[string]string{"endpoint_url": hooks.URL})
	if code, body := post(t, apis[1].url+"/api-tag-webhook/", "Token "+strings.TrimPrefix(c.bearer, "Bearer "), string(tag)); code != 200 {
		t.Fatalf("tag webhook: %d %s", code, body)
	}

	// The victim: worker 0, killed once its /metrics shows both its slots running scans (two,
	// so that one of them is surely still running when the signal lands).
	killed := make(chan struct{})
	go func() {
		defer close(killed)
		victim := workers[0]
		deadline := time.Now().Add(2 * time.Minute)
		for time.Now().Before(deadline) {
			if running(victim.url) >= 2 {
				victim.cmd.Process.Signal(syscall.SIGKILL)
				victim.cmd.Wait()
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()

	ids := make([]string, scans)
	uploads := make([]string, scans)
	for i := range scans {
		api, other := apis[i%2], apis[(i+1)%2]
		code, body := c.do("GET", api.url+"/private/api-get-presigned-url/?file_name=Wallet.sol", nil)
		result, _ := body["result"].(map[string]any)
		upload, _ := result["url"].(string)
		if code != 200 || !strings.HasPrefix(upload, s3.Endpoint+"/"+bucket+"/vigil/blobs/") {
			t.Fatalf("scan %d: presign: %d %v", i, code, body)
		}
		req, _ := http.NewRequest("PUT", upload, strings.NewReader(scanningContract(i)))
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("scan %d: PUT to S3: %v %v", i, resp, err)
		}
		resp.Body.Close()
		code, body = c.do("POST", other.url+"/private/api-file-scan/", map[string]any{"file_urls": []string{upload}})
		rep, _ := body["scan_report"].(map[string]any)
		ids[i], _ = rep["scan_id"].(string)
		if code != 200 || ids[i] == "" {
			t.Fatalf("scan %d: file scan: %d %v", i, code, body)
		}
		uploads[i] = upload[len(strings.SplitN(upload, "?", 2)[0])-24 : len(strings.SplitN(upload, "?", 2)[0])]
	}
	<-killed
	if workers[0].cmd.ProcessState == nil {
		t.Fatal("worker 0 never ran a scan, so it was not killed")
	}

	// Every scan ends scan_done, as either API sees it, with the same findings.
	deadline := time.Now().Add(4 * time.Minute)
	issues := -1.0
	reports := make([]map[string]any, scans)
	for i, id := range ids {
		for {
			code, body := c.do("POST", apis[i%2].url+"/private/api-get-scan/", map[string]any{"scan_id": id})
			rep, _ := body["scan_report"].(map[string]any)
			status, _ := rep["scan_status"].(string)
			if code == 200 && status != "scan_in_progress" {
				if status != "scan_done" {
					t.Fatalf("scan %d ended %s: %v", i, status, rep["scan_status_err_msg"])
				}
				reports[i] = rep
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("scan %d still %s: %d %v", i, status, code, body)
			}
			time.Sleep(100 * time.Millisecond)
		}
		sum, _ := reports[i]["multi_file_scan_summary"].(map[string]any)
		n, _ := sum["issues_count"].(float64)
		if issues < 0 {
			issues = n
		}
		if n != issues || n < 2 {
			t.Errorf("scan %d: %v issues, others %v", i, n, issues)
		}
	}

	// One event per scan, delivered.
	for i, id := range ids {
		for {
			ev := hooks.events(id)
			if len(ev) > 1 {
				t.Errorf("scan %d: %d webhook events %v: the scan finished more than once", i, len(ev), ev)
			}
			if len(ev) == 1 {
				for _, status := range ev {
					if status != "scan_done" {
						t.Errorf("scan %d: webhook says %s", i, status)
					}
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("scan %d: no webhook delivered", i)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// Reports: asked of one API, downloaded from both.
	st, err := blob.OpenS3(context.Background(), "s3://"+bucket+"/vigil", s3.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	var reportIDs []string
	for i := 0; i < scans; i += 10 {
		api := apis[(i/10)%2]
		code, body := c.do("POST", api.url+"/private/api-generate-report/", map[string]any{"project_id": reports[i]["project_id"], "scan_id": ids[i]})
		if code != 200 {
			t.Fatalf("generate report %d: %d %v", i, code, body)
		}
		var link string
		for {
			code, body = c.do("POST", api.url+"/private/api-get-report/", map[string]any{"scan_id": ids[i], "format": "pdf"})
			if result, ok := body["result"].(map[string]any); code == 200 && ok {
				link, _ = result["url"].(string)
				reportIDs = append(reportIDs, result["report_id"].(string))
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("report %d not generated: %d %v", i, code, body)
			}
			time.Sleep(50 * time.Millisecond)
		}
		for _, from := range apis {
			resp, err := http.Get(strings.Replace(link, api.url, from.url, 1))
			if err != nil {
				t.Fatal(err)
			}
			pdf, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
				t.Errorf("report %d from %s: %d", i, from.url, resp.StatusCode)
			}
		}
	}

	// The killed worker's scan was taken over: it counts the worker's death (and ran again).
	ctx := context.Background()
	rows, err := store.OpenDatabase(ctx, db, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	rescued := 0
	for _, id := range ids {
		sc, err := rows.GetScanAny(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Attempts > 1 || sc.Crashes > 0 {
			rescued++
			t.Logf("scan %s: %d attempts, %d crashes", id, sc.Attempts, sc.Crashes)
		}
	}
	if rescued == 0 {
		t.Error("no scan was interrupted by the killed worker")
	}

	// No blob lost: every upload and every report is in the bucket.
	for i, key := range uploads {
		if _, err := st.Stat(ctx, "blobs/"+key); err != nil {
			t.Errorf("upload of scan %d: %v", i, err)
		}
	}
	for _, id := range reportIDs {
		for _, ext := range []string{".pdf", ".html"} {
			if _, err := st.Stat(ctx, "reports/"+id+ext); err != nil {
				t.Errorf("report %s: %v", id+ext, err)
			}
		}
	}
}

// running reads vigil_scans_running from a process's /metrics (0 when it cannot).
func running(base string) int {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	m := regexp.MustCompile(`(?m)^vigil_scans_running (\d+)`).FindSubmatch(data)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}
