package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// `vigil serve` serves the repository-scan WebSocket and REST lookup, with the CAPTCHA
// checked against the configured siteverify (a stand-in speaking the protocol).
func TestServeRepoScanWebSocket(t *testing.T) {
	git := gittest.NewServer(t)
	repo := git.NewRepo(t, "signer")
	files := map[string]string{}
	for _, p := range []string{"Cargo.toml", "src/lib.rs"} {
		b, err := os.ReadFile(filepath.Join(repoRoot, "scan/rust/testdata/detectors/missing_signer_check/anchor", p))
		if err != nil {
			t.Fatal(err)
		}
		files[p] = string(b)
	}
	repo.Commit(t, "program", files)

	var mu sync.Mutex
	var tokens []string
	sv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		mu.Lock()
		tokens = append(tokens, r.PostForm.Get("response"))
		mu.Unlock()
		if r.PostForm.Get("secret") == "TSECRET" && r.PostForm.Get("response") == "good" {
			io.WriteString(w, `{"success": true, "challenge_ts": "2022-02-28T15:14:30.096Z", "hostname": "example.com", "error-codes": []}`)
			return
		}
		io.WriteString(w, `{"success": false, "error-codes": ["invalid-input-response"]}`)
	}))
	defer sv.Close()

	env := []string{"VIGIL_DATA_DIR=" + t.TempDir(), "VIGIL_ALLOW_PRIVATE_NETWORKS=true", "VIGIL_LOG_FORMAT=text",
		"VIGIL_TURNSTILE_SECRET=TSECRET", "VIGIL_TURNSTILE_VERIFY_URL=" + sv.URL}
	srv := startVigil(t, env)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second) // a hang guard only
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.url, "http")+"/app/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	read := func() map[string]any {
		t.Helper()
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := read(); m["type"] != "connection" || m["connection_id"] == "" {
		t.Fatalf("first message %v", m)
	}
	send := func(token string) {
		msg := fmt.Sprintf(`{"action":"message","payload":{"type":"public_project_scan_initiate","captcha-turnstile-response":%q,
			"body":{"project_url":%q,"project_branch":"main","project_name":"signer","project_commit":"","project_type":"new",
			"project_visibility":"public","scanner_type":"rust","skip_file_paths":[]}}}`, token, repo.URL)
		if err := ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	send("bad")
	if m := read(); m["type"] != "error" || m["payload"].(map[string]any)["code"] != "captcha_failed" {
		t.Fatalf("bad token: %v", m)
	}
	send("good")
	var scanID string
	for _, want := range []string{"scan_in_progress", "scan_done"} {
		m := read()
		p := m["payload"].(map[string]any)
		if m["type"] != "quick_scan_status" || p["scan_status"] != want {
			t.Fatalf("want %s: %v", want, m)
		}
		scanID = p["scan_id"].(string)
	}
	code, body := post(t, srv.url+"/app/api-get-rust-details/", "", fmt.Sprintf(`{"scan_id":%q}`, scanID))
	var det struct {
		ScanID      string `json:"scan_id"`
		ScanDetails struct {
			FindingsCount int `json:"findings_count"`
		} `json:"scan_details"`
	}
	if err := json.Unmarshal(body, &det); err != nil || code != 200 || det.ScanID != scanID || det.ScanDetails.FindingsCount < 2 {
		t.Fatalf("details %d %s", code, body)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(tokens) != 2 {
		t.Fatalf("siteverify calls %v", tokens)
	}
}
