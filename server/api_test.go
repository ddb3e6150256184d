package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server"
)

func TestRequestValidationNamesTheField(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key
	cases := []struct {
		path  string
		body  any
		field string
	}{
		{"/private/api-project-scan/", map[string]any{}, "project_url"},
		{"/private/api-project-scan/", map[string]any{"project_url": 42}, "project_url"},
		{"/private/api-project-scan/", map[string]any{"project_url": "  "}, "project_url"},
		{"/private/api-project-scan/", map[string]any{"project_url": "ssh://git@host/r"}, "project_url"},
		{"/private/api-project-scan/", map[string]any{"project_url": "https://x.invalid/r", "rescan": "yes"}, "rescan"},
		{"/private/api-project-scan/", map[string]any{"project_url": "https://x.invalid/r", "skip_file_paths": "a"}, "skip_file_paths"},
		{"/private/api-project-scan/", map[string]any{"project_url": "https://x.invalid/r", "project_branch": []int{1}}, "project_branch"},
		{"/private/api-project-scan/", "[1,2]", "request body"},
		{"/private/api-project-scan/", `{"project_url": "https://x.invalid/r"`, "request body"},
		{"/private/api-project-scan/", `{"project_url": "a"} {}`, "request body"},
		{"/private/api-get-scan/", map[string]any{}, "invalid request: scan_id"},
		{"/private/api-get-scan/", map[string]any{"scan_id": 5}, "invalid request: scan_id"},
		{"/private/api-get-scan/", map[string]any{"scan_id": "x", "client_id": "1"}, "invalid request: client_id"},
		{"/private/api-get-scan/", map[string]any{"scan_id": "x", "client_id": 1.5}, "invalid request: client_id"},
	}
	for _, c := range cases {
		r := call(t, "POST", a.URL+c.path, bearer, c.body)
		msg, _ := r.body["error"].(string)
		if r.status != 400 || !strings.HasPrefix(msg, c.field) {
			t.Errorf("%s %v: %d %s (want 400 naming %s)", c.path, c.body, r.status, r.raw, c.field)
		}
	}
	big := `{"project_url": "` + strings.Repeat("a", 2<<20) + `"}`
	if r := call(t, "POST", a.URL+"/private/api-project-scan/", bearer, big); r.status != 400 || !strings.Contains(r.body["error"].(string), "larger than") {
		t.Errorf("oversized body: %d %.200s", r.status, r.raw)
	}
	if r := call(t, "GET", a.URL+"/private/nope/", bearer, nil); r.status != 404 || r.body["error"] == nil {
		t.Errorf("unknown path: %d %s", r.status, r.raw)
	}
}

func TestOpenAPIHealthAndMetrics(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	r := call(t, "GET", a.URL+"/healthz", "", nil)
	if r.status != 200 || r.body["status"] != "ok" {
		t.Fatalf("healthz: %d %s", r.status, r.raw)
	}
	r = call(t, "GET", a.URL+"/openapi.json", "", nil)
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(r.raw, &doc); err != nil || !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("openapi.json: %v", err)
	}
	for _, route := range []struct{ method, path string }{
		{"post", "/private/api-project-scan/"}, {"get", "/private/api-get-presigned-url/"}, {"post", "/private/api-get-scan/"},
		{"post", "/private/api-file-scan/"}, {"post", "/api-tag-webhook/"}, {"put", "/uploads/{key}"},
		{"get", "/healthz"}, {"get", "/metrics"}, {"get", "/openapi.json"},
	} {
		if doc.Paths[route.path][route.method] == nil {
			t.Errorf("openapi.json does not document %s %s", route.method, route.path)
		}
	}
	resp, err := http.Get(a.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var sb strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			break
		}
	}
	for _, series := range []string{`vigil_http_requests_total{code="200",route="GET /healthz"}`, "vigil_scans_queued", "vigil_scans_running"} {
		if !strings.Contains(sb.String(), series) {
			t.Errorf("metrics lack %s", series)
		}
	}
}

func TestFullQueueAnswers503(t *testing.T) {
	eng := &fakeEngine{started: make(chan string, 4), block: true}
	// The client's own share of the queue is larger than the queue here: the queue is full first.
	a := startServer(t, t.TempDir(), eng, func(c *server.Config) {
		c.Workers, c.QueueLimit, c.ClientQueue, c.ScanWait = 1, 1, 10, time.Millisecond
	})
	key, _ := a.newKey(t, "ci", 0)
	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	scan := func() answer {
		return call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}})
	}
	scanReport(t, scan()) // running
	<-eng.started
	scanReport(t, scan()) // queued
	r := scan()
	if r.status != 503 || r.body["error"] == nil {
		t.Fatalf("third scan with one worker and a queue of one: %d %s", r.status, r.raw)
	}
}
