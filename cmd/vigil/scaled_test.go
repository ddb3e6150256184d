package main

import (
	"bytes"
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
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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

// newDeployment prepares a deployment on database and a data folder, with env added to every
// process's environment: a key (printed by `vigil keys create`), and a round-robin load
// balancer whose URL is every process's public URL (upload and report links point at it).
// Start the processes with startRole.
func newDeployment(t testing.TB, database string, env ...string) (d *deployment, bearer string) {
	d = &deployment{t: t, env: append([]string{"VIGIL_DATA_DIR=" + t.TempDir(), "VIGIL_DATABASE=" + database,
		"VIGIL_ALLOW_PRIVATE_NETWORKS=true", "VIGIL_LOG_FORMAT=text", "VIGIL_SCAN_WAIT=1ms",
		"VIGIL_WEBHOOK_BACKOFF=100ms"}, env...)}
	// The deployment serves this one client: its key's share of the workers is all of them
	// (vigil keys quota), where a client's default share leaves a worker for the others.
	keys := exec.Command(vigilBin, "keys", "create", "--name", "scaled", "--max-running", "64")
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
	return uploadFile(t, d.apis[0].url, bearer, "Vaults.sol", src.String())
}

// uploadFile puts a file named name through a pre-signed URL asked of api, and returns the URL
// for file scans.
func uploadFile(t testing.TB, api, bearer, name, content string) string {
	t.Helper()
	code, pre := jsonCall(t, "GET", api+"/private/api-get-presigned-url/?file_name="+url.QueryEscape(name), bearer, nil)
	result, _ := pre["result"].(map[string]any)
	upload, _ := result["url"].(string)
	if code != 200 || upload == "" {
		t.Fatalf("presign: %d %v", code, pre)
	}
	req, _ := http.NewRequest("PUT", upload, strings.NewReader(content))
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
