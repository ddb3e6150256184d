package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/webhook"
)

type delivery struct {
	header http.Header
	body   []byte
}

func TestWebhookReceivesSignedEvents(t *testing.T) {
	got := make(chan delivery, 4)
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got <- delivery{r.Header.Clone(), body}
	}))
	defer recv.Close()
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	key, _ := a.newKey(t, "ci", 0)

	r := call(t, "POST", a.URL+"/api-tag-webhook/", "Token "+key,
		map[string]any{"endpoint_url": recv.URL + "/hook", "endpoint_headers": map[string]string{"X-Api-Key": "receiver-secret"}})
	if r.status != 200 || r.body["status"] != "success" || r.body["message"] == nil {
		t.Fatalf("tag: %d %s", r.status, r.raw)
	}
	secret, _ := r.body["signing_secret"].(string)
	if !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("signing secret %q", secret)
	}
	// Tagging again keeps the secret.
	if r2 := call(t, "POST", a.URL+"/api-tag-webhook/", "Token "+key, map[string]any{"endpoint_url": recv.URL + "/hook",
		"endpoint_headers": map[string]string{"X-Api-Key": "receiver-secret"}}); r2.body["signing_secret"] != secret {
		t.Fatalf("re-tag changed the secret: %s", r2.raw)
	}

	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))

	var d delivery
	select {
	case d = <-got:
	case <-time.After(15 * time.Second):
		t.Fatal("no webhook delivery")
	}
	if err := webhook.Verify(secret, d.header.Get("webhook-id"), d.header.Get("webhook-timestamp"), d.header.Get("webhook-signature"),
		d.body, time.Now(), 5*time.Minute); err != nil {
		t.Fatalf("signature: %v", err)
	}
	if d.header.Get("X-Api-Key") != "receiver-secret" || d.header.Get("Content-Type") != "application/json" {
		t.Fatalf("headers: %v", d.header)
	}
	var ev struct {
		Type, ScanID, ProjectID, ScanStatus string
		Summary                             *report.Summary
		Links                               map[string]string
	}
	json.Unmarshal(d.body, &struct {
		Type       *string            `json:"type"`
		ScanID     *string            `json:"scan_id"`
		ProjectID  *string            `json:"project_id"`
		ScanStatus *string            `json:"scan_status"`
		Summary    **report.Summary   `json:"summary"`
		Links      *map[string]string `json:"links"`
	}{&ev.Type, &ev.ScanID, &ev.ProjectID, &ev.ScanStatus, &ev.Summary, &ev.Links})
	if ev.Type != "scan.completed" || ev.ScanID != rep.ScanID || ev.ProjectID != rep.ProjectID || ev.ScanStatus != "scan_done" ||
		ev.Summary == nil || ev.Summary.IssuesCount != 2 || ev.Links["get_scan"] != a.URL+"/private/api-get-scan/" {
		t.Fatalf("event: %s", d.body)
	}
}

func TestWebhookTagRefusals(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) { c.AllowPrivateNetworks = false })
	key, _ := a.newKey(t, "ci", 0)
	cases := []struct {
		body  any
		field string
	}{
		{map[string]any{}, "endpoint_url"},
		{map[string]any{"endpoint_url": 5}, "endpoint_url"},
		{map[string]any{"endpoint_url": "http://127.0.0.1:9/hook"}, "endpoint_url"}, // loopback, not allowed here
		{map[string]any{"endpoint_url": "http://10.1.2.3/hook"}, "endpoint_url"},
		{map[string]any{"endpoint_url": "file:///etc/passwd"}, "endpoint_url"},
		{map[string]any{"endpoint_url": "https://93.184.215.14/h", "endpoint_headers": []string{"a"}}, "endpoint_headers"},
		{map[string]any{"endpoint_url": "https://93.184.215.14/h", "endpoint_headers": map[string]string{"Host": "x"}}, "endpoint_headers"},
		{"not json", ""},
	}
	for _, c := range cases {
		r := call(t, "POST", a.URL+"/api-tag-webhook/", "Token "+key, c.body)
		msg, _ := r.body["error"].(string)
		if r.status != 400 || !strings.HasPrefix(msg, "invalid request: "+c.field) {
			t.Errorf("%v: %d %s (want error naming %q)", c.body, r.status, r.raw, c.field)
		}
	}
}

// A delivery that could not be made before the server stopped is made by the next one, with
// the same webhook-id.
func TestWebhookDeliverySurvivesRestart(t *testing.T) {
	var up atomic.Bool
	got := make(chan delivery, 8)
	ids := make(chan string, 64)
	recv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ids <- r.Header.Get("webhook-id")
		if !up.Load() {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		body, _ := io.ReadAll(r.Body)
		got <- delivery{r.Header.Clone(), body}
	}))
	defer recv.Close()
	dir := t.TempDir()
	a := startServer(t, dir, &fakeEngine{}, func(c *server.Config) { c.WebhookBackoff = 50 * time.Millisecond })
	key, _ := a.newKey(t, "ci", 0)
	call(t, "POST", a.URL+"/api-tag-webhook/", "Token "+key, map[string]any{"endpoint_url": recv.URL})
	u := presign(t, a, "Bearer "+key, "Wallet.sol")
	put(t, u, []byte(vulnerable))
	scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
	first := <-ids // a failed attempt; the receiver stays down until the server is gone
	a.stop()
	up.Store(true)
	startServer(t, dir, &fakeEngine{}, nil)
	select {
	case d := <-got:
		if d.header.Get("webhook-id") != first {
			t.Fatalf("webhook-id %s after restart, first attempt had %s", d.header.Get("webhook-id"), first)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("delivery not resumed after restart")
	}
}
