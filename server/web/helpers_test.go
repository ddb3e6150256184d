package web_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/engine"
)

// dash is a real server (real store, real scanning engine) on loopback, with the dashboard.
type dash struct {
	srv *server.Server
	ts  *httptest.Server
}

func newDash(t testing.TB) *dash { return newDashWith(t, engine.New(scan.Options{})) }

func newDashWith(t testing.TB, eng engine.Engine, tweaks ...func(*server.Config)) *dash {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	ts.Start()
	cfg := server.Config{
		DataDir: t.TempDir(), Listen: ts.Listener.Addr().String(), PublicURL: ts.URL,
		AllowPrivateNetworks: true, ScanWait: time.Second,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	for _, tw := range tweaks {
		tw(&cfg)
	}
	srv, err := server.New(cfg, eng)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = srv.Handler()
	t.Cleanup(func() {
		ts.Close()
		srv.Close(context.Background())
	})
	return &dash{srv: srv, ts: ts}
}

// newKey creates a client and its key.
func (d *dash) newKey(t testing.TB, name string) string {
	t.Helper()
	key, _, err := auth.Create(context.Background(), d.srv.Store(), name, 0)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// browser is an HTTP client with cookies that does not follow redirects, so tests see them.
type browser struct {
	t    testing.TB
	base string
	c    *http.Client
	csrf string
}

func (d *dash) browser(t testing.TB) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: d.ts.URL, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

type page struct {
	status int
	header http.Header
	body   string
}

func (b *browser) do(req *http.Request) page {
	b.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	p := page{status: resp.StatusCode, header: resp.Header, body: string(body)}
	if m := csrfRe.FindStringSubmatch(p.body); m != nil {
		b.csrf = m[1]
	}
	return p
}

var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (b *browser) get(path string) page {
	req, _ := http.NewRequest(http.MethodGet, b.base+path, nil)
	return b.do(req)
}

// post sends a form; the page's last CSRF token is added unless the form has one.
func (b *browser) post(path string, form url.Values) page {
	if _, ok := form["csrf"]; !ok {
		form.Set("csrf", b.csrf)
	}
	req, _ := http.NewRequest(http.MethodPost, b.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

// postFiles sends a multipart form with files (name to content) in the field "files".
func (b *browser) postFiles(path string, form url.Values, files map[string]string) page {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("csrf", b.csrf)
	for k, vs := range form {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	for name, content := range files {
		fw, _ := mw.CreateFormFile("files", name)
		fw.Write([]byte(content))
	}
	mw.Close()
	req, _ := http.NewRequest(http.MethodPost, b.base+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return b.do(req)
}

func (b *browser) login(key string) {
	b.t.Helper()
	b.get("/login")
	p := b.post("/login", url.Values{"api_key": {key}})
	if p.status != http.StatusSeeOther {
		b.t.Fatalf("login: %d %s", p.status, p.body)
	}
}

func mustContain(t testing.TB, p page, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(p.body, s) {
			t.Fatalf("page (status %d) lacks %q:\n%s", p.status, s, p.body)
		}
	}
}
