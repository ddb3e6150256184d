package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

func TestLoginSessionAndHeaders(t *testing.T) {
	d := newDash(t)
	key := d.newKey(t, "alice")
	b := d.browser(t)

	p := b.get("/")
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.header.Get("Location"), "/login") {
		t.Fatalf("signed out, / should send to /login: %d %v", p.status, p.header)
	}
	p = b.get("/login")
	mustContain(t, p, `name="api_key"`, `<label for="api_key">`, `name="csrf"`)
	checkStrictPage(t, p)

	if p := b.post("/login", url.Values{"api_key": {"vgl_" + strings.Repeat("x", 43)}}); p.status != http.StatusUnauthorized {
		t.Fatalf("a wrong key signs in: %d", p.status)
	}
	b.get("/login")
	if p := b.post("/login", url.Values{"api_key": {key}, "csrf": {"forged"}}); p.status != http.StatusForbidden {
		t.Fatalf("a login without its form's token is accepted: %d", p.status)
	}
	b.get("/login")
	p = b.post("/login", url.Values{"api_key": {key}, "next": {"//evil.example/"}})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/" {
		t.Fatalf("login: %d, to %q", p.status, p.header.Get("Location"))
	}
	var cookie string
	for _, c := range p.header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "vigil_session=") {
			cookie = c
		}
	}
	if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Strict") || strings.Contains(cookie, "Secure") {
		t.Fatalf("session cookie over plain HTTP: %q", cookie)
	}
	p = b.get("/")
	if p.status != http.StatusOK {
		t.Fatalf("projects: %d", p.status)
	}
	mustContain(t, p, "Projects", "alice", `<label for="url">`)
	checkStrictPage(t, p)

	if p := b.post("/logout", url.Values{"csrf": {"forged"}}); p.status != http.StatusForbidden {
		t.Fatalf("logout without the CSRF token: %d", p.status)
	}
	if p := b.post("/projects", url.Values{"url": {"https://example.com/r.git"}, "csrf": {""}}); p.status != http.StatusForbidden {
		t.Fatalf("a form without the CSRF token is accepted: %d", p.status)
	}
	stolen := sessionCookieOf(t, b)
	if p := b.post("/logout", url.Values{}); p.status != http.StatusSeeOther {
		t.Fatalf("logout: %d", p.status)
	}
	if p := b.get("/"); p.status != http.StatusSeeOther {
		t.Fatalf("after logout / is still served: %d", p.status)
	}
	// The session ended on the server: its cookie, replayed, no longer works.
	replay := d.browser(t)
	replay.c.Jar.SetCookies(mustURL(t, d.ts.URL), []*http.Cookie{stolen})
	if p := replay.get("/"); p.status != http.StatusSeeOther {
		t.Fatalf("a logged-out session's cookie still works: %d", p.status)
	}

	// Revoking the key ends its sessions.
	b.login(key)
	if p := b.get("/"); p.status != http.StatusOK {
		t.Fatalf("signed in again: %d", p.status)
	}
	keys, _ := d.srv.Store().ListKeys(context.Background())
	for _, k := range keys {
		d.srv.Store().RevokeKey(context.Background(), k.ID, time.Now())
	}
	if p := b.get("/"); p.status != http.StatusSeeOther {
		t.Fatalf("a revoked key's session still works: %d", p.status)
	}

	// The API's routes and its JSON 404 are untouched.
	resp, err := http.Get(d.ts.URL + "/no/such/path")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("unknown path: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// checkStrictPage checks a page's CSP and that it holds no inline script, style or handler.
func checkStrictPage(t *testing.T, p page) {
	t.Helper()
	csp := p.header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Fatalf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe") {
		t.Fatalf("CSP allows unsafe sources: %q", csp)
	}
	for _, re := range []*regexp.Regexp{regexp.MustCompile(`<script(?:\s[^>]*)?>[^<]`), regexp.MustCompile(`\sstyle=`),
		regexp.MustCompile(`<style`), regexp.MustCompile(`\son[a-z]+=`),
		// Loaded content from elsewhere (a link to a reference page is navigation, not content).
		regexp.MustCompile(`<(?:script|link|img|iframe|source|video|audio|object|embed)\b[^>]*\s(?:src|href)="(https?:)?//`)} {
		if loc := re.FindStringIndex(p.body); loc != nil {
			t.Fatalf("page has %q (inline or third-party content)", p.body[loc[0]:min(len(p.body), loc[1]+40)])
		}
	}
}

func TestProjectScanTriageAndReports(t *testing.T) {
	d := newDash(t)
	key := d.newKey(t, "alice")
	src, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	repo := gittest.NewServer(t).NewRepo(t, "vault")
	repo.Commit(t, "initial", map[string]string{"contracts/Vault.sol": string(src)})

	b := d.browser(t)
	b.login(key)
	b.get("/")
	p := b.post("/projects", url.Values{"url": {repo.URL}, "branch": {"main"}})
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.header.Get("Location"), "/scans/") {
		t.Fatalf("add project: %d %s", p.status, p.body)
	}
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	waitScan(t, d, scanID)

	p = b.get("/scans/" + scanID)
	mustContain(t, p, "Reentrancy with ether transfer", "Authorization through tx.origin", "contracts/Vault.sol:20",
		`href="/scans/`+scanID+`/report/pdf"`, `class="badge sev-high"`)
	checkStrictPage(t, p)
	if strings.Index(p.body, "sev-high") > strings.Index(p.body, "sev-gas\">Gas") {
		t.Fatal("severities are not in order")
	}

	// Filtering works from the query alone.
	p = b.get("/scans/" + scanID + "?q=tx.origin")
	mustContain(t, p, "Authorization through tx.origin", "Showing 1 of")
	if _, list, _ := strings.Cut(p.body, `id="findings"`); strings.Contains(list, "Reentrancy with ether transfer") {
		t.Fatal("search kept a finding it does not match")
	}
	p = b.get("/scans/" + scanID + "?severity=gas")
	if strings.Contains(p.body, "tx.origin</strong>") || !strings.Contains(p.body, "State variable could be immutable") {
		t.Fatalf("severity filter:\n%s", p.body)
	}

	// A finding's page: highlighted code, description, remediation, history, triage form.
	rep := jsonReport(t, b, scanID)
	hash := hashOf(t, rep, "TX_ORIGIN_AUTHENTICATION")
	p = b.get("/scans/" + scanID + "/findings/" + url.PathEscape(hash))
	mustContain(t, p, `<span class="line hit">`, `<span class="kd">function</span>`, "Remediation", "History of this bug",
		`name="status" value="false_positive"`, `href="https://swcregistry.io/docs/SWC-115"`, `href="https://cwe.mitre.org/data/definitions/`)
	checkStrictPage(t, p)

	p = b.post("/scans/"+scanID+"/findings/"+url.PathEscape(hash)+"/triage", url.Values{"status": {"false_positive"}, "comment": {"owner is a multisig <b>"}})
	if p.status != http.StatusSeeOther {
		t.Fatalf("triage: %d %s", p.status, p.body)
	}
	p = b.get("/scans/" + scanID + "/findings/" + url.PathEscape(hash) + "?saved=1")
	mustContain(t, p, "Saved.", "owner is a multisig &lt;b&gt;", `value="false_positive" checked`)
	if f := findingOf(jsonReport(t, b, scanID), hash); f.BugStatus != report.BugFalsePositive || f.Comment != "owner is a multisig <b>" {
		t.Fatalf("the JSON report does not carry the triage: %+v", f)
	}

	// A rescan keeps the decision.
	b.get("/")
	p = b.post("/projects/"+rep.ProjectID+"/rescan", url.Values{})
	if p.status != http.StatusSeeOther {
		t.Fatalf("rescan: %d %s", p.status, p.body)
	}
	second := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	if second == scanID {
		t.Fatal("rescan reused the scan")
	}
	waitScan(t, d, second)
	if f := findingOf(jsonReport(t, b, second), hash); f.BugStatus != report.BugFalsePositive || f.Comment != "owner is a multisig <b>" {
		t.Fatalf("the rescan lost the triage: %+v", f)
	}
	p = b.get("/scans/" + second + "/findings/" + url.PathEscape(hash))
	mustContain(t, p, "(this scan)", `value="false_positive" checked`)
	if strings.Count(p.body, "<td>Yes</td>") != 2 {
		t.Fatalf("the history should show both scans finding it:\n%s", p.body)
	}

	// Every report format downloads; the text formats carry the triage.
	for format, want := range map[string]string{"json": `"comment": "owner is a multisig \u003cb\u003e"`,
		"sarif":    `"justification": "False positive: owner is a multisig \u003cb\u003e"`,
		"markdown": "_(False positive: owner is a multisig &lt;b&gt;)_", "html": "<html", "pdf": "%PDF-"} {
		p := b.get("/scans/" + second + "/report/" + format)
		if p.status != http.StatusOK || !strings.Contains(p.body, want) || !strings.Contains(p.header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("%s report: %d %q %.200s", format, p.status, p.header.Get("Content-Disposition"), p.body)
		}
	}

	// The project list shows the score, the counts and the sparkline of two scans.
	p = b.get("/")
	mustContain(t, p, "vault", `<svg class="spark"`, "Score history, oldest first: ", `class="counts"`)
	checkStrictPage(t, p)

	// Delete takes it off the list.
	p = b.post("/projects/"+rep.ProjectID+"/delete", url.Values{})
	if p.status != http.StatusSeeOther {
		t.Fatalf("delete: %d", p.status)
	}
	if p := b.get("/"); strings.Contains(p.body, `<svg class="spark"`) {
		t.Fatal("deleted project still listed")
	}
}

func TestClientsSeeOnlyTheirOwnData(t *testing.T) {
	d := newDash(t)
	src, _ := os.ReadFile("testdata/Vault.sol")
	repo := gittest.NewServer(t).NewRepo(t, "vault")
	repo.Commit(t, "initial", map[string]string{"Vault.sol": string(src)})

	alice := d.browser(t)
	alice.login(d.newKey(t, "alice"))
	alice.get("/")
	p := alice.post("/projects", url.Values{"url": {repo.URL}})
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	waitScan(t, d, scanID)
	rep := jsonReport(t, alice, scanID)
	hash := hashOf(t, rep, "REENTRANCY_ETH")

	bob := d.browser(t)
	bob.login(d.newKey(t, "bob"))
	if p := bob.get("/"); strings.Contains(p.body, "vault") {
		t.Fatal("bob sees alice's project")
	}
	for _, path := range []string{"/scans/" + scanID, "/scans/" + scanID + "/findings/" + url.PathEscape(hash),
		"/scans/" + scanID + "/report/json", "/scans/" + scanID + "/events", "/projects/" + rep.ProjectID} {
		if p := bob.get(path); p.status != http.StatusNotFound {
			t.Fatalf("bob gets %s: %d", path, p.status)
		}
	}
	bob.get("/")
	for _, path := range []string{"/projects/" + rep.ProjectID + "/rescan", "/projects/" + rep.ProjectID + "/delete"} {
		if p := bob.post(path, url.Values{}); p.status != http.StatusNotFound {
			t.Fatalf("bob posts %s: %d", path, p.status)
		}
	}
	if p := bob.post("/scans/"+scanID+"/findings/"+url.PathEscape(hash)+"/triage", url.Values{"status": {"wont_fix"}}); p.status != http.StatusNotFound {
		t.Fatalf("bob triages alice's finding: %d", p.status)
	}
}

func TestLiveProgressEvents(t *testing.T) {
	d := newDash(t)
	src, _ := os.ReadFile("testdata/Vault.sol")
	repo := gittest.NewServer(t).NewRepo(t, "vault")
	repo.Commit(t, "initial", map[string]string{"Vault.sol": string(src)})
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/")
	p := b.post("/projects", url.Values{"url": {repo.URL}})
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	// The stream ends with a done event once the scan is over, whatever state it started in.
	p = b.get("/scans/" + scanID + "/events")
	if ct := p.header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events: %d %s", p.status, ct)
	}
	if !strings.Contains(p.body, "event: done\ndata: {\"status\":\"scan_done\"") {
		t.Fatalf("no done event:\n%s", p.body)
	}
}

func waitScan(t *testing.T, d *dash, scanID string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := d.srv.WaitScan(ctx, scanID); err != nil {
		t.Fatal(err)
	}
}

func jsonReport(t *testing.T, b *browser, scanID string) *report.ScanReport {
	t.Helper()
	p := b.get("/scans/" + scanID + "/report/json")
	var env report.Envelope
	if err := json.Unmarshal([]byte(p.body), &env); err != nil || env.ScanReport == nil {
		t.Fatalf("json report: %d %v %.300s", p.status, err, p.body)
	}
	return env.ScanReport
}

func hashOf(t *testing.T, rep *report.ScanReport, issue string) string {
	t.Helper()
	for _, g := range rep.MultiFileScanDetails {
		if g.IssueID == issue && len(g.MetricWiseAggregatedFindings) > 0 {
			return g.MetricWiseAggregatedFindings[0].BugHash
		}
	}
	t.Fatalf("no %s finding", issue)
	return ""
}

func findingOf(rep *report.ScanReport, hash string) *report.Finding {
	for _, g := range rep.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			if f.BugHash == hash {
				return f
			}
		}
	}
	return &report.Finding{}
}

func TestUploadProject(t *testing.T) {
	d := newDash(t)
	src, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/")
	p := b.postFiles("/projects/upload", url.Values{"name": {"my-vault"}}, map[string]string{"Vault.sol": string(src)})
	if p.status != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", p.status, p.body)
	}
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	waitScan(t, d, scanID)
	mustContain(t, b.get("/scans/"+scanID), "my-vault", "Authorization through tx.origin", "Vault.sol:14")

	b.get("/")
	p = b.postFiles("/projects/upload", url.Values{}, map[string]string{"notes.txt": "hello"})
	if p.status != http.StatusBadRequest || !strings.Contains(p.body, "only .sol and .zip files") {
		t.Fatalf("a .txt upload: %d %s", p.status, p.body)
	}
}

func TestFailedScanSaysWhy(t *testing.T) {
	d := newDash(t)
	srv := gittest.NewServer(t)
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/")
	p := b.post("/projects", url.Values{"url": {srv.URL + "/missing.git"}})
	if p.status != http.StatusSeeOther {
		t.Fatalf("add project: %d %s", p.status, p.body)
	}
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	waitScan(t, d, scanID)
	p = b.get("/scans/" + scanID)
	mustContain(t, p, `<span class="badge st-scan_failed">Failed</span>`, `<p class="alert" role="alert">`)
	if strings.Contains(p.body, "/report/pdf") || strings.Contains(p.body, `id="progress"`) {
		t.Fatal("a failed scan offers reports or progress")
	}
	if p := b.get("/scans/" + scanID + "/report/pdf"); p.status != http.StatusConflict {
		t.Fatalf("the report of a failed scan: %d", p.status)
	}
	// A running scan's page refreshes itself without JavaScript; a finished one does not.
	if strings.Contains(p.body, `http-equiv="refresh"`) {
		t.Fatal("a finished scan's page refreshes")
	}
}

func sessionCookieOf(t *testing.T, b *browser) *http.Cookie {
	t.Helper()
	for _, c := range b.c.Jar.Cookies(mustURL(t, b.base)) {
		if c.Name == "vigil_session" {
			return &http.Cookie{Name: c.Name, Value: c.Value}
		}
	}
	t.Fatal("no session cookie")
	return nil
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// Behind a proxy that ends TLS (an https public URL), the cookies are Secure.
func TestSecureCookiesBehindHTTPS(t *testing.T) {
	d := newDashWith(t, engine.New(scan.Options{}), func(c *server.Config) { c.PublicURL = "https://vigil.example" })
	b := d.browser(t)
	p := b.get("/login")
	login := p.header.Get("Set-Cookie")
	if !strings.HasPrefix(login, "vigil_login=") || !strings.Contains(login, "; Secure") {
		t.Fatalf("login cookie: %q", login)
	}
	// A cookie jar does not send a Secure cookie over http: the test sends it itself.
	form := url.Values{"api_key": {d.newKey(t, "alice")}, "csrf": {b.csrf}}
	req, _ := http.NewRequest(http.MethodPost, d.ts.URL+"/login", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Cookie", strings.SplitN(login, ";", 2)[0])
	p = b.do(req)
	if p.status != http.StatusSeeOther {
		t.Fatalf("login: %d %s", p.status, p.body)
	}
	for _, c := range p.header.Values("Set-Cookie") {
		if strings.HasPrefix(c, "vigil_session=") && !strings.Contains(c, "; Secure") {
			t.Fatalf("session cookie: %q", c)
		}
	}
}
