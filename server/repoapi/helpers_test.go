package repoapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/repoapi"
)

// fixture is the Anchor program of the missing-signer-check detector's fixture: a real
// program with known findings.
const fixture = "../../scan/rust/testdata/detectors/missing_signer_check/anchor"

// env is the real server (real engine, SQLite in a temporary folder) with the API mounted,
// on a loopback listener, and a git repository served over smart HTTP holding the fixture.
type env struct {
	api  *repoapi.API
	srv  *server.Server
	http *httptest.Server
	repo *gittest.Repo
}

// wrap lets a test present the server through another type (to hide or add methods).
type wrap func(*server.Server) repoapi.Scans

func setup(t *testing.T, cfg repoapi.Config, w wrap, opts ...func(*server.Config)) *env {
	t.Helper()
	git := gittest.NewServer(t)
	repo := git.NewRepo(t, "anchor-signer")
	files := map[string]string{}
	for _, p := range []string{"Cargo.toml", "src/lib.rs"} {
		b, err := os.ReadFile(filepath.Join(fixture, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		files[p] = string(b)
	}
	files["README.md"] = "# signer check\n"
	repo.Commit(t, "program", files)

	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Listen first, so the server knows the URL it hands out (report downloads).
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	scfg := server.Config{DataDir: t.TempDir(), AllowPrivateNetworks: true, Logger: logger, PublicURL: "http://" + ln.Addr().String()}
	for _, o := range opts {
		o(&scfg)
	}
	srv, err := server.New(scfg, engine.New(scan.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	var scans repoapi.Scans = srv.RepoScans()
	if w != nil {
		scans = w(srv)
	}
	if cfg.Logger == nil {
		cfg.Logger = logger
	}
	api, err := repoapi.New(scans, cfg)
	if err != nil {
		t.Fatal(err)
	}
	api.Register(srv)
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Listener.Close()
	hs.Listener = ln
	hs.Start()
	t.Cleanup(func() {
		api.Close() // as the server does when it stops: hijacked connections are ours to end
		hs.Close()
		srv.Close(context.Background())
	})
	return &env{api: api, srv: srv, http: hs, repo: repo}
}

// client is a real WebSocket client.
type client struct {
	t  *testing.T
	ws *websocket.Conn
}

// bounded is a context that only keeps a broken test from hanging; nothing asserts on time.
func bounded(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func (e *env) dial(t *testing.T) (*client, string) {
	t.Helper()
	ws, _, err := websocket.Dial(bounded(t), "ws"+strings.TrimPrefix(e.http.URL, "http")+"/app/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	c := &client{t: t, ws: ws}
	m := c.read()
	if m["type"] != "connection" {
		t.Fatalf("first message: %v", m)
	}
	id, _ := m["connection_id"].(string)
	if len(id) != 36 {
		t.Fatalf("connection_id %q", id)
	}
	return c, id
}

func (c *client) sendRaw(s string) {
	c.t.Helper()
	if err := c.ws.Write(bounded(c.t), websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(string(b))
}

func (c *client) readRaw() []byte {
	c.t.Helper()
	_, b, err := c.ws.Read(bounded(c.t))
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return b
}

func (c *client) read() map[string]any {
	c.t.Helper()
	var m map[string]any
	if err := json.Unmarshal(c.readRaw(), &m); err != nil {
		c.t.Fatal(err)
	}
	return m
}

// expectError reads one message and checks it is an error with code (and field, if given).
func (c *client) expectError(code, field string) map[string]any {
	c.t.Helper()
	m := c.read()
	p, _ := m["payload"].(map[string]any)
	if m["type"] != "error" || p["code"] != code || (field != "" && p["field"] != field) {
		c.t.Fatalf("want error %s on %q, got %v", code, field, m)
	}
	if msg, _ := p["message"].(string); msg == "" {
		c.t.Fatalf("error without message: %v", m)
	}
	return m
}

func initiate(url string, extra map[string]any) map[string]any {
	body := map[string]any{
		"project_url": url, "project_branch": "main", "project_name": "signer", "project_commit": "",
		"project_type": "new", "project_visibility": "public", "scanner_type": "rust", "skip_file_paths": []string{},
	}
	payload := map[string]any{"type": "public_project_scan_initiate", "body": body}
	for k, v := range extra {
		payload[k] = v
	}
	return map[string]any{"action": "message", "payload": payload}
}

// status is quick_scan_status as a client decodes it.
type status struct {
	Type        string `json:"type"`
	RequestUUID string `json:"request_uuid"`
	Payload     struct {
		ScanID      string  `json:"scan_id"`
		ScanStatus  string  `json:"scan_status"`
		ProjectID   *string `json:"project_id"`
		ScanDetails struct {
			IsLatestScan         *bool `json:"is_latest_scan"`
			WebhookEnabled       *bool `json:"webhook_enabled"`
			MultiFileScanSummary struct {
				IssueSeverityDistribution map[string]int  `json:"issue_severity_distribution"`
				ScanTimeTaken             *float64        `json:"scan_time_taken"`
				ScoreV2                   string          `json:"score_v2"`
				LinesAnalyzedCount        int             `json:"lines_analyzed_count"`
				ThreatScore               json.RawMessage `json:"threat_score"`
			} `json:"multi_file_scan_summary"`
			ProjectURL           string           `json:"project_url"`
			ScanID               string           `json:"scan_id"`
			ScanStatus           string           `json:"scan_status"`
			QuickFileScanDetails []map[string]any `json:"quick_file_scan_details"`
			ScanStatusErrMsg     string           `json:"scan_status_err_msg"`
		} `json:"scan_details"`
	} `json:"payload"`
	EventTimestamp string `json:"event_timestamp"`
}

func (c *client) readStatus() status {
	c.t.Helper()
	b := c.readRaw()
	var s status
	if err := json.Unmarshal(b, &s); err != nil {
		c.t.Fatal(err)
	}
	if s.Type != "quick_scan_status" {
		c.t.Fatalf("want quick_scan_status, got %s", b)
	}
	if _, err := time.Parse("2006-01-02T15:04:05.000000", s.EventTimestamp); err != nil {
		c.t.Fatalf("event_timestamp %q: %v", s.EventTimestamp, err)
	}
	return s
}

// details calls POST /app/api-get-rust-details/.
func (e *env) details(t *testing.T, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequestWithContext(bounded(t), "POST", e.http.URL+"/app/api-get-rust-details/", bytes.NewBufferString(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, m
}
