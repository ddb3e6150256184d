package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// TestDashboardInBrowser drives the dashboard of a real `vigil serve` in Debian's chromium
// (headless, through the DevTools protocol with chromedp): sign in with a fresh key, add a
// project from a git repository served by the test, follow the live progress to the findings,
// open a finding, mark it false positive, rescan and see the mark kept, download the PDF,
// delete the project.
// Screenshots of each step go to the test's artifact folder: run with
// `go test ./cmd/vigil -run DashboardInBrowser -artifacts -outputdir DIR` to keep them (or set
// VIGIL_E2E_SCREENSHOTS=DIR); the folder is logged. Without chromium the test skips (install
// it with .ci/services/chromium.sh); under VIGIL_CI=1 it fails instead.
func TestDashboardInBrowser(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "server/web/testdata/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	repo := gittest.NewServer(t).NewRepo(t, "vault")
	repo.Commit(t, "initial", map[string]string{"contracts/Vault.sol": string(vault)})

	// The repository is served through a gate: the first scan's clone waits until the test
	// has seen the scan page show live progress, then the gate opens for good.
	gate := make(chan struct{})
	origin, err := url.Parse(strings.TrimSuffix(repo.URL, "/vault.git"))
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(origin)
	gated := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-gate:
			proxy.ServeHTTP(w, r)
		case <-r.Context().Done():
		}
	}))
	defer gated.Close()
	opened := false
	open := func() {
		if !opened {
			opened = true
			close(gate)
		}
	}
	defer open()

	br := newBrowser(t)
	ctx, run, text := br.ctx, br.run, br.text
	srv, key := signedServer(t)
	txFinding := `//details[.//strong[contains(., "tx.origin")]]//ul/li`

	run("01 sign in form", chromedp.Navigate(srv.url+"/"), chromedp.WaitVisible(chromedp.ID("api_key")))
	run("02 projects", chromedp.SendKeys(chromedp.ID("api_key"), key), chromedp.Submit(chromedp.ID("api_key")),
		chromedp.WaitVisible(chromedp.ID("url")))
	// Each step waits for something only its destination page has, so that no screenshot is
	// taken while a navigation is under way.
	run("03 repository entered", chromedp.SendKeys(chromedp.ID("url"), gated.URL+"/vault.git"), chromedp.SendKeys(chromedp.ID("branch"), "main"))
	// The worker records its phase as the scan runs; the clone is held at the gate, so the
	// page, live over server-sent events, comes to say the sources are being fetched.
	run("04 live progress", chromedp.Submit(chromedp.ID("url")), chromedp.WaitVisible(chromedp.ID("progress")),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("progress-phase").textContent === "Fetching the sources"`))
			return err
		}))
	open()
	// The page follows the scan over server-sent events and reloads when it ends (the
	// <noscript> refresh is inert with JavaScript on): the findings appear then.
	run("05 findings", chromedp.WaitVisible(chromedp.ID("findings")))
	// Search is enhanced in place (htmx swaps the list) and works from the query alone.
	run("06 searched", chromedp.SendKeys(chromedp.ID("q"), "tx.origin"),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("findings").textContent.includes("Showing 1 of 6")`))
			return err
		}))
	filtered, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(filtered, "q=tx.origin") {
		t.Fatalf("the filtered view's URL does not hold the query: %s", filtered)
	}
	// The URL alone gives the same view (and a page no swap is under way in).
	if err := chromedp.Do(ctx, chromedp.Navigate(filtered), chromedp.WaitVisible(chromedp.ID("findings"))); err != nil {
		t.Fatal(err)
	}
	first := text(txFinding)
	if !strings.Contains(first, "Open") {
		t.Fatalf("the new finding is not open: %q", first)
	}
	run("07 finding", chromedp.Click(chromedp.Search(txFinding+`/a`)), chromedp.WaitVisible(chromedp.ID("triage")))
	if code := text(`//pre[contains(@class, "chroma")]//span[contains(@class, "hit")]`); !strings.Contains(code, "tx.origin") {
		t.Fatalf("the highlighted line is not the finding's: %q", code)
	}
	run("08 marked false positive", chromedp.Click(chromedp.CSS(`input[name=status][value=false_positive]`)),
		chromedp.SendKeys(chromedp.ID("comment"), "owner is a multisig"),
		chromedp.Click(chromedp.CSS(`#triage button[type=submit]`)), chromedp.WaitVisible(chromedp.CSS(`#triage .ok`)))

	run("09 rescan started", chromedp.Navigate(srv.url+"/"), chromedp.WaitVisible(chromedp.CSS(`.project`)),
		chromedp.Click(chromedp.Search(`//form[contains(@action, "/rescan")]/button`)), chromedp.WaitVisible(chromedp.CSS(`nav.crumbs`)))
	run("10 rescan findings", chromedp.WaitVisible(chromedp.ID("findings")))
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if kept := text(txFinding); !strings.Contains(kept, "False positive") || !strings.Contains(kept, "owner is a multisig") {
		t.Fatalf("the rescan (%s) lost the mark: %q", loc, kept)
	}
	run("11 finding after rescan", chromedp.Click(chromedp.Search(txFinding+`/a`)), chromedp.WaitVisible(chromedp.ID("triage")))
	checked, err := chromedp.Run(ctx, chromedp.JavascriptAttribute[bool](chromedp.CSS(`input[value=false_positive]`), "checked"))
	if err != nil || !checked {
		t.Fatalf("false positive is not the checked decision after the rescan (%v)", err)
	}

	// The PDF, downloaded by the browser from the scan page.
	downloads := t.TempDir()
	progress := chromedp.Events(ctx, browser.DownloadProgress)
	run("12 pdf downloaded", chromedp.Navigate(loc), chromedp.WaitVisible(chromedp.ID("findings")),
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			events := true
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: &events})
			return err
		}),
		chromedp.Click(chromedp.CSS(`a[href$="/report/pdf"]`)))
	for ev, err := range progress {
		if err != nil {
			t.Fatalf("the PDF download did not complete: %v", err)
		}
		if ev.State != browser.DownloadProgressStateCompleted {
			continue
		}
		pdf, err := os.ReadFile(filepath.Join(downloads, ev.GUID))
		if err != nil || !strings.HasPrefix(string(pdf), "%PDF-") {
			t.Fatalf("downloaded PDF: %v %.20q", err, pdf)
		}
		os.WriteFile(filepath.Join(br.shots, "report.pdf"), pdf, 0o644)
		break
	}

	// The same scan page on a phone-sized screen.
	run("13 projects with score history", chromedp.Navigate(srv.url+"/"), chromedp.WaitVisible(chromedp.CSS(`svg.spark`)))
	run("14 phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile), chromedp.Navigate(loc), chromedp.WaitVisible(chromedp.ID("findings")))

	// Deleting the project: a page says what goes, its button deletes, the list says so.
	run("15 delete confirmation", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(srv.url+"/"), chromedp.WaitVisible(chromedp.CSS(`.project`)),
		chromedp.Click(chromedp.Search(`//form[contains(@action, "/delete")]/button`)), chromedp.WaitVisible(chromedp.ID("delete")))
	if says := text(`//*[@id="delete"]`); !strings.Contains(says, "triage decisions") || !strings.Contains(says, "cannot be undone") {
		t.Fatalf("the confirmation does not say what goes: %q", says)
	}
	run("16 project deleted", chromedp.Click(chromedp.CSS(`#delete button.danger`)), chromedp.WaitVisible(chromedp.CSS(`p.ok`)))
	if list := text(`//main`); !strings.Contains(list, "No projects yet") {
		t.Fatalf("the deleted project is still listed: %q", list)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(loc), chromedp.WaitVisible(chromedp.CSS(`main`))); err != nil {
		t.Fatal(err)
	}
	if gone := text(`//main`); !strings.Contains(strings.ToLower(gone), "not found") {
		t.Fatalf("the deleted project's scan still shows: %q", gone)
	}
}

// browserSession is a headless chromium tab with the checks every step of a test makes.
type browserSession struct {
	t     *testing.T
	ctx   context.Context
	shots string
}

// newBrowser starts Debian's chromium (headless, through the DevTools protocol with chromedp),
// skipping the test without it (failing under VIGIL_CI=1). Every page records what its
// Content-Security-Policy refused (a script injected through DevTools is not subject to it).
// Screenshots go to the test's artifact folder (or VIGIL_E2E_SCREENSHOTS).
func newBrowser(t *testing.T) *browserSession {
	chrome := findChromium()
	if chrome == "" {
		if os.Getenv("VIGIL_CI") == "1" {
			t.Fatal("chromium is not installed (.ci/services/chromium.sh installs it)")
		}
		t.Skip("chromium is not installed; apt-get install chromium (or run .ci/services/chromium.sh)")
	}
	shots := os.Getenv("VIGIL_E2E_SCREENSHOTS")
	if shots == "" {
		shots = t.ArtifactDir()
	} else {
		shots = filepath.Join(shots, t.Name())
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", shots)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chrome), chromedp.UserDataDir(t.TempDir()),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelTab := chromedp.NewContext(actx)
	t.Cleanup(cancelTab)
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.__csp = []; document.addEventListener("securitypolicyviolation",
				e => window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	return &browserSession{t: t, ctx: ctx, shots: shots}
}

// run does a step, checks that the page broke no CSP rule, and takes a screenshot.
func (b *browserSession) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	t := b.t
	t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	refused, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`window.__csp || []`))
	if err != nil || len(refused) > 0 {
		t.Fatalf("%s: the page broke its Content-Security-Policy: %v %q", what, err, refused)
	}
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100)) // quality 100 is a PNG
	if err != nil {
		t.Fatalf("screenshot after %s: %v", what, err)
	}
	name := filepath.Join(b.shots, strings.ReplaceAll(strings.ToLower(what), " ", "-"))
	if err := os.WriteFile(name+".png", png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// text is the text of the first element sel (XPath or text search) matches.
func (b *browserSession) text(sel string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.Search(sel)))
	if err != nil {
		b.t.Fatalf("reading %s: %v", sel, err)
	}
	return s
}

// signedServer starts a real `vigil serve` with a fresh data folder and returns it with a new
// API key to sign in with.
func signedServer(t *testing.T) (*servedVigil, string) {
	env := []string{"VIGIL_DATA_DIR=" + t.TempDir(), "VIGIL_ALLOW_PRIVATE_NETWORKS=true", "VIGIL_LOG_FORMAT=text"}
	keys := exec.Command(vigilBin, "keys", "create", "--name", "reviewer")
	keys.Env = append(os.Environ(), env...)
	out, err := keys.CombinedOutput()
	if err != nil {
		t.Fatalf("vigil keys create: %v\n%s", err, out)
	}
	return startVigil(t, env), regexp.MustCompile(`vgl_[A-Za-z0-9_-]+`).FindString(string(out))
}

// findChromium returns the browser to drive: $VIGIL_CHROMIUM, else Debian's chromium.
func findChromium() string {
	if p := os.Getenv("VIGIL_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}
