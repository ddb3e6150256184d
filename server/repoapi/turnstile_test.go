package repoapi_test

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/repoapi"
)

// Cloudflare's documented test credentials: a secret that always passes, one that always
// fails, and the dummy token the test site keys produce.
const (
	passSecret = "1x0000000000000000000000000000000AA"
	failSecret = "2x0000000000000000000000000000000AA"
	dummyToken = "XXXX.DUMMY.TOKEN.XXXX"
)

// siteverify answers as Cloudflare's siteverify does, with the answers its documentation
// records, and keeps the forms it was sent.
type siteverify struct {
	*httptest.Server
	mu    sync.Mutex
	forms []map[string]string
	down  bool
}

func newSiteverify(t *testing.T) *siteverify {
	s := &siteverify{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != "POST" || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" || r.ParseForm() != nil {
			http.Error(w, "bad request", 400)
			return
		}
		s.mu.Lock()
		s.forms = append(s.forms, map[string]string{"secret": r.PostForm.Get("secret"), "response": r.PostForm.Get("response"), "remoteip": r.PostForm.Get("remoteip")})
		down := s.down
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case down:
			http.Error(w, "upstream unavailable", 502)
		case r.PostForm.Get("secret") == passSecret && r.PostForm.Get("response") != "":
			io.WriteString(w, `{"success": true, "challenge_ts": "2022-02-28T15:14:30.096Z", "hostname": "example.com", "error-codes": [], "action": "login", "cdata": "sessionid-123456789", "metadata": {"ephemeral_id": "x:9f78e0ed210960d7693b167e"}}`)
		case r.PostForm.Get("secret") == "":
			io.WriteString(w, `{"success": false, "error-codes": ["missing-input-secret"]}`)
		default:
			io.WriteString(w, `{"success": false, "error-codes": ["invalid-input-response"]}`)
		}
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *siteverify) sent() []map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]string(nil), s.forms...)
}

// syncBuffer is a log destination safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestTurnstileAccepted(t *testing.T) {
	sv := newSiteverify(t)
	logs := &syncBuffer{}
	e := setup(t, repoapi.Config{TurnstileSecret: passSecret, TurnstileVerifyURL: sv.URL,
		Logger: slog.New(slog.NewTextHandler(logs, nil))}, nil)
	c, _ := e.dial(t)

	c.send(initiate(e.repo.URL, nil)) // no token
	c.expectError("captcha_required", "payload.captcha-turnstile-response")
	if len(sv.sent()) != 0 {
		t.Fatal("siteverify asked without a token")
	}

	c.send(initiate(e.repo.URL, map[string]any{"captcha-turnstile-response": dummyToken}))
	if s := c.readStatus(); s.Payload.ScanStatus != report.StatusInProgress {
		t.Fatalf("%+v", s.Payload)
	}
	if s := c.readStatus(); s.Payload.ScanStatus != report.StatusDone {
		t.Fatalf("%+v", s.Payload)
	}
	forms := sv.sent()
	if len(forms) != 1 || forms[0]["secret"] != passSecret || forms[0]["response"] != dummyToken || forms[0]["remoteip"] != "127.0.0.1" {
		t.Fatalf("siteverify form: %v", forms)
	}
	if strings.Contains(logs.String(), passSecret) || strings.Contains(logs.String(), "no turnstile secret") {
		t.Fatalf("logs: %s", logs.String())
	}
}

func TestTurnstileRejectedAndUnavailable(t *testing.T) {
	sv := newSiteverify(t)
	logs := &syncBuffer{}
	e := setup(t, repoapi.Config{TurnstileSecret: failSecret, TurnstileVerifyURL: sv.URL,
		Logger: slog.New(slog.NewTextHandler(logs, nil))}, nil)
	c, _ := e.dial(t)
	c.send(initiate(e.repo.URL, map[string]any{"captcha-turnstile-response": dummyToken}))
	m := c.expectError("captcha_failed", "payload.captcha-turnstile-response")
	if u, _ := m["request_uuid"].(string); len(u) != 36 {
		t.Fatalf("request_uuid: %v", m)
	}
	c.send(initiate(e.repo.URL, map[string]any{"captcha-turnstile-response": 12}))
	c.expectError("invalid_field", "payload.captcha-turnstile-response")

	sv.mu.Lock()
	sv.down = true
	sv.mu.Unlock()
	c.send(initiate(e.repo.URL, map[string]any{"captcha-turnstile-response": dummyToken}))
	c.expectError("captcha_unavailable", "")
	if len(sv.sent()) != 2 {
		t.Fatalf("siteverify calls: %v", sv.sent())
	}
	if strings.Contains(logs.String(), failSecret) || strings.Contains(logs.String(), sv.URL) {
		t.Fatalf("secret or verify URL logged: %s", logs.String())
	}
	// Nothing was scanned.
	code, _ := e.details(t, `{"scan_id":"x"}`)
	if code != 404 {
		t.Fatal(code)
	}
}

// Without a secret no CAPTCHA is asked, and the server says so once, when the API is built.
func TestNoSecretLogsOnce(t *testing.T) {
	logs := &syncBuffer{}
	e := setup(t, repoapi.Config{Logger: slog.New(slog.NewTextHandler(logs, nil))}, nil)
	c, _ := e.dial(t)
	for i := 0; i < 2; i++ {
		c.send(initiate(e.repo.URL, nil))
		c.readStatus()
		c.readStatus()
	}
	if n := strings.Count(logs.String(), "no turnstile secret"); n != 1 {
		t.Fatalf("warning logged %d times: %s", n, logs.String())
	}
}
