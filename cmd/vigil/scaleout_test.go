package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/blob/s3test"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// TestScaleOut is issue 17's end-to-end test of the scaled set-up, with real processes: two
// API processes (`vigil serve --role api`) behind a round-robin load balancer and worker
// processes (`--role worker`) on one database; 100 file scans (each file put through a
// pre-signed URL asked of one API, and scanned through the other) and three project scans;
// one worker killed with SIGKILL while it runs two scans.
//
// The killed worker (the victim) holds its two scans in a known state, whatever the machine's
// load: it works alone at first, and the two project scans it takes clone repositories through
// a gate that never answers it (its own time limits are an hour, so only the kill ends them).
// The store must show both scans running, their queue jobs fetched by the victim's River
// client. Only then are the other scans submitted and the victim killed. The workers that
// replace it start after the kill, so no webhook delivery can have been cut short by a death:
// each must be received exactly once.
//
// What must hold: every scan ends scan_done, read through either API, with the right findings
// (the file scans all alike; each held project scan like a twin project scan that was never
// interrupted); each scan's event is delivered once, under one webhook-id; the held scans were
// started again by another worker, which counted the death (crashes 1, attempts 2), and no
// other scan was touched by the victim nor counted a crash; every scan has one queue job;
// reports generated through either API download from both; every upload and report is in the
// blob store.
//
// On PostgreSQL with S3 (versitygw) each process has its own data folder; two workers replace
// the victim, and River's rescuer gives them its jobs once they are past their time. On SQLite
// (one process may work a SQLite file) the processes share a data folder and its blobs; one
// worker replaces the victim and takes back, at its start, what the victim held.
func TestScaleOut(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end deployment test (a minute or two)")
	}
	t.Run("postgres+s3", func(t *testing.T) {
		s3 := s3test.Start(t)
		bucket := s3.NewBucket(t)
		location := "s3://" + bucket + "/vigil"
		blobs, err := blob.OpenS3(context.Background(), location, s3.Options()...)
		if err != nil {
			t.Fatal(err)
		}
		d, bearer := newDeployment(t, pgtest.URL(t), append(s3.Env(), "VIGIL_BLOB_STORE="+location)...)
		runScaleOut(t, d, bearer, scaleOut{blobs: blobs, uploads: s3.Endpoint + "/" + bucket + "/vigil/blobs/",
			ownDataDirs: true, replacements: 2})
	})
	t.Run("sqlite", func(t *testing.T) {
		d, bearer := newDeployment(t, "")
		blobs, err := blob.Open(context.Background(), "", d.setting("VIGIL_DATA_DIR"))
		if err != nil {
			t.Fatal(err)
		}
		runScaleOut(t, d, bearer, scaleOut{blobs: blobs, uploads: d.public + "/uploads/", replacements: 1})
	})
}

// scaleOut is what differs between the deployments TestScaleOut runs.
type scaleOut struct {
	blobs        blob.Store // the deployment's blob store, to look behind it
	uploads      string     // where pre-signed upload URLs must point
	ownDataDirs  bool       // each process gets its own data folder (nothing shared but the database and blobs)
	replacements int        // workers started after the kill
}

func runScaleOut(t *testing.T, d *deployment, bearer string, o scaleOut) {
	const files = 100
	ctx := context.Background()
	hooks := startHookRecorder(t)
	wallet := scanningContract(0)
	gate := startGitGate(t, wallet, []string{"held0", "held1"}, "control")
	flags := func(more ...string) []string {
		if o.ownDataDirs {
			more = append(more, "--data-dir", t.TempDir())
		}
		return more
	}
	d.apis = []*servedVigil{d.startRole("api", flags()...), d.startRole("api", flags()...)}
	if code, body := jsonCall(t, "POST", d.apis[0].url+"/api-tag-webhook/", "Token "+strings.TrimPrefix(bearer, "Bearer "),
		map[string]any{"endpoint_url": hooks.URL}); code != 200 {
		t.Fatalf("tag webhook: %d %v", code, body)
	}

	// The victim works alone and takes the two project scans, whose clones wait at the gate.
	limits := filepath.Join(t.TempDir(), "victim.yaml")
	if err := os.WriteFile(limits, []byte("limits:\n  git_timeout: 1h\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	victim := d.startRole("worker", flags("--workers", "2", "--scan-timeout", "1h", "--config", limits)...)
	projectScan := func(api, repo string) string {
		t.Helper()
		code, body := jsonCall(t, "POST", api+"/private/api-project-scan/", bearer, map[string]any{"project_url": gate.URL + "/" + repo + ".git"})
		rep, _ := body["scan_report"].(map[string]any)
		id, _ := rep["scan_id"].(string)
		if code != 200 || id == "" {
			t.Fatalf("project scan of %s: %d %v", repo, code, body)
		}
		return id
	}
	held := []string{projectScan(d.apis[0].url, "held0"), projectScan(d.apis[1].url, "held1")}
	for range held {
		select {
		case <-gate.arrived:
		case <-time.After(2 * time.Minute):
			t.Fatal("the victim did not start cloning both project scans")
		}
	}
	st, err := store.OpenDatabase(ctx, d.setting("VIGIL_DATABASE"), d.setting("VIGIL_DATA_DIR"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	// The store shows both scans running, their jobs fetched once, by one River client: the
	// victim's, the only worker so far.
	var victimID string
	for _, id := range held {
		sc, err := st.GetScanAny(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		jobs := scanJobs(t, st, id)
		if sc.Status != report.StatusInProgress || !sc.Running || sc.Attempts != 1 || len(jobs) != 1 ||
			jobs[0].state != "running" || len(jobs[0].by) != 1 || victimID != "" && jobs[0].by[0] != victimID {
			t.Fatalf("held scan %s: %s running %v attempts %d, jobs %+v (victim %q)", id, sc.Status, sc.Running, sc.Attempts, jobs, victimID)
		}
		victimID = jobs[0].by[0]
	}

	// The other scans queue behind the victim's full slots: a twin of the held project scans,
	// and the file scans.
	control := projectScan(d.apis[0].url, "control")
	fileScans, uploads := make([]string, files), make([]string, files)
	for i := range files {
		api, other := d.apis[i%2].url, d.apis[(i+1)%2].url
		u := uploadFile(t, api, bearer, "Wallet.sol", scanningContract(i))
		if !strings.HasPrefix(u, o.uploads) {
			t.Fatalf("upload URL %s is not under %s", u, o.uploads)
		}
		fileScans[i] = submit(t, other, bearer, u)
		uploads[i] = path.Base(strings.SplitN(u, "?", 2)[0])
	}

	if err := victim.cmd.Process.Kill(); err != nil { // SIGKILL: no shutdown code runs
		t.Fatal(err)
	}
	victim.cmd.Wait()
	for range o.replacements {
		d.workers = append(d.workers, d.startRole("worker", flags("--workers", "2", "--scan-timeout", "10s", "--stuck-after", "1s")...))
	}

	// Every scan ends scan_done, read through either API, with the findings of its kind.
	all := append(append(slices.Clone(held), control), fileScans...)
	reports := map[string]map[string]any{}
	deadline := time.Now().Add(5 * time.Minute)
	for i, id := range all {
		for {
			code, body := jsonCall(t, "POST", d.apis[i%2].url+"/private/api-get-scan/", bearer, map[string]any{"scan_id": id})
			rep, _ := body["scan_report"].(map[string]any)
			status, _ := rep["scan_status"].(string)
			if code == 200 && status != "queued" && status != report.StatusInProgress {
				if status != report.StatusDone {
					t.Fatalf("scan %s ended %s: %v", id, status, rep["scan_status_err_msg"])
				}
				reports[id] = rep
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("scan %s still %s: %d %v", id, status, code, body)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	for _, want := range []struct {
		name  string
		like  string
		scans []string
	}{{"file scan", fileScans[0], fileScans}, {"held project scan", control, held}} {
		expected := findingsOf(reports[want.like])
		if strings.Count(expected, "\n") < 2 {
			t.Errorf("%s %s: findings\n%s\nwant the tx.origin and selfdestruct ones at least", want.name, want.like, expected)
		}
		for _, id := range want.scans {
			if got := findingsOf(reports[id]); got != expected {
				t.Errorf("%s %s: findings\n%s\nwant, as %s:\n%s", want.name, id, got, want.like, expected)
			}
		}
	}

	// The held scans were started again by another worker, which counted the death; nothing
	// else was touched by the victim or counted a crash. Each scan has one queue job.
	for _, id := range all {
		sc, err := st.GetScanAny(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		jobs := scanJobs(t, st, id)
		if len(jobs) != 1 {
			t.Errorf("scan %s: %d queue jobs %+v, want 1", id, len(jobs), jobs)
			continue
		}
		by := jobs[0].by
		if slices.Contains(held, id) {
			t.Logf("held scan %s: crashes %d, attempts %d, fetched by %v", id, sc.Crashes, sc.Attempts, by)
			if sc.Crashes != 1 || sc.Attempts != 2 || len(by) != 2 || by[0] != victimID || by[1] == victimID {
				t.Errorf("held scan %s: crashes %d attempts %d, fetched by %v; want the victim %s's death counted and one more attempt elsewhere",
					id, sc.Crashes, sc.Attempts, by, victimID)
			}
		} else if sc.Crashes != 0 || sc.Attempts != 1 || slices.Contains(by, victimID) {
			t.Errorf("scan %s: crashes %d attempts %d, fetched by %v (victim %s)", id, sc.Crashes, sc.Attempts, by, victimID)
		}
	}

	// Reports: asked of one API, downloaded from both; their files are in the blob store.
	reportOf := []string{held[0]}
	for i := 0; i < files; i += 10 {
		reportOf = append(reportOf, fileScans[i])
	}
	for i, id := range reportOf {
		api := d.apis[i%2].url
		if code, body := jsonCall(t, "POST", api+"/private/api-generate-report/", bearer,
			map[string]any{"project_id": reports[id]["project_id"], "scan_id": id}); code != 200 {
			t.Fatalf("generate report of %s: %d %v", id, code, body)
		}
		var link, reportID string
		for link == "" {
			code, body := jsonCall(t, "POST", api+"/private/api-get-report/", bearer, map[string]any{"scan_id": id, "format": "pdf"})
			result, _ := body["result"].(map[string]any)
			link, _ = result["url"].(string)
			reportID, _ = result["report_id"].(string)
			if time.Now().After(deadline) {
				t.Fatalf("report of %s not generated: %d %v", id, code, body)
			}
			time.Sleep(50 * time.Millisecond)
		}
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		for _, from := range d.apis {
			resp, err := http.Get(from.url + u.RequestURI())
			if err != nil {
				t.Fatal(err)
			}
			pdf, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
				t.Errorf("report of %s from %s: %d", id, from.url, resp.StatusCode)
			}
		}
		for _, ext := range []string{".pdf", ".html"} {
			if _, err := o.blobs.Stat(ctx, "reports/"+reportID+ext); err != nil {
				t.Errorf("report %s: %v", reportID+ext, err)
			}
		}
	}
	for i, key := range uploads {
		if _, err := o.blobs.Stat(ctx, "blobs/"+key); err != nil {
			t.Errorf("upload of file scan %d: %v", i, err)
		}
	}

	// One event per scan, scan.completed, under one webhook-id received once: no process died
	// while the events were delivered, so none may come twice.
	for _, id := range all {
		for len(hooks.events(id)) == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("scan %s: no webhook delivered", id)
			}
			time.Sleep(50 * time.Millisecond)
		}
		events := hooks.events(id)
		if len(events) != 1 {
			t.Errorf("scan %s: %d webhook events %v: the scan finished more than once", id, len(events), events)
		}
		for webhookID, r := range events {
			if r.count != 1 || r.typ != "scan.completed" || r.status != report.StatusDone {
				t.Errorf("scan %s: webhook %s received %d times, %s %s", id, webhookID, r.count, r.typ, r.status)
			}
		}
	}
}

// setting is the value a deployment's processes get for an environment variable.
func (d *deployment) setting(name string) string {
	v := ""
	for _, kv := range d.env {
		if rest, ok := strings.CutPrefix(kv, name+"="); ok {
			v = rest
		}
	}
	return v
}

// scanningContract is a distinct contract with findings (tx.origin, selfdestruct) and enough
// code to keep a worker busy for a moment.
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

// findingsOf lists a scan report's findings, one a line, by detector, severity, function and
// lines: what a scan of the same code finds again whatever its project, file path or bug ids.
func findingsOf(rep map[string]any) string {
	var lines []string
	groups, _ := rep["multi_file_scan_details"].([]any)
	for _, g := range groups {
		g, _ := g.(map[string]any)
		found, _ := g["metric_wise_aggregated_findings"].([]any)
		for _, f := range found {
			f, _ := f.(map[string]any)
			where, _ := f["description_details"].(map[string]any)
			places, _ := json.Marshal(f["findings"])
			var spots []struct {
				Start []int `json:"line_nos_start"`
				End   []int `json:"line_nos_end"`
			}
			json.Unmarshal(places, &spots)
			lines = append(lines, fmt.Sprintf("%v %v %v %v", g["issue_id"], f["severity"], where["function_name"], spots))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

// gitGate serves repositories through a gate: the first request for each held repository is
// reported on arrived and waits, unanswered, until its client goes away (or the test ends);
// every other request passes.
type gitGate struct {
	URL     string
	arrived chan string
}

// startGitGate serves repositories named held and open, each with contracts/Wallet.sol.
func startGitGate(t *testing.T, wallet string, held []string, open ...string) *gitGate {
	t.Helper()
	git := gittest.NewServer(t)
	for _, name := range append(slices.Clone(held), open...) {
		git.NewRepo(t, name).Commit(t, "initial", map[string]string{"contracts/Wallet.sol": wallet})
	}
	origin, err := url.Parse(git.URL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(origin)
	g := &gitGate{arrived: make(chan string, len(held))}
	var mu sync.Mutex
	waiting := map[string]bool{}
	for _, name := range held {
		waiting[name+".git"] = true
	}
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		repo, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		mu.Lock()
		hold := waiting[repo]
		delete(waiting, repo)
		mu.Unlock()
		if !hold {
			proxy.ServeHTTP(w, r)
			return
		}
		g.arrived <- strings.TrimSuffix(repo, ".git")
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(func() {
		close(done)
		srv.Close()
	})
	g.URL = srv.URL
	return g
}

// hookRecorder is a webhook endpoint that keeps what it receives, by scan and webhook-id.
type hookRecorder struct {
	*httptest.Server
	mu  sync.Mutex
	got map[string]map[string]*receipt // scan id -> webhook-id -> receipt
}

// receipt is one webhook-id's deliveries: how many arrived, and the event they carried.
type receipt struct {
	count       int
	typ, status string
}

func startHookRecorder(t *testing.T) *hookRecorder {
	h := &hookRecorder{got: map[string]map[string]*receipt{}}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev struct {
			Type       string `json:"type"`
			ScanID     string `json:"scan_id"`
			ScanStatus string `json:"scan_status"`
		}
		json.NewDecoder(r.Body).Decode(&ev)
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.got[ev.ScanID] == nil {
			h.got[ev.ScanID] = map[string]*receipt{}
		}
		id := r.Header.Get("webhook-id")
		if h.got[ev.ScanID][id] == nil {
			h.got[ev.ScanID][id] = &receipt{}
		}
		rc := h.got[ev.ScanID][id]
		rc.count++
		rc.typ, rc.status = ev.Type, ev.ScanStatus
	}))
	t.Cleanup(h.Close)
	return h
}

// events returns a copy of what arrived for a scan, by webhook-id.
func (h *hookRecorder) events(scanID string) map[string]receipt {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]receipt{}
	for id, r := range h.got[scanID] {
		out[id] = *r
	}
	return out
}

// queueJob is a scan's River job as the queue's table holds it: its state, and the River
// clients (one per process) that fetched it, in order.
type queueJob struct {
	state string
	by    []string
}

// scanJobs reads the queue jobs of a scan from the database.
func scanJobs(t *testing.T, st store.Store, scanID string) []queueJob {
	t.Helper()
	ctx := context.Background()
	var out []queueJob
	switch st := st.(type) {
	case *store.Postgres:
		rows, err := st.Pool().Query(ctx, `SELECT state::text, COALESCE(attempted_by, '{}') FROM river_job
			WHERE kind = 'scan' AND args->>'scan_id' = $1`, scanID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var j queueJob
			if err := rows.Scan(&j.state, &j.by); err != nil {
				t.Fatal(err)
			}
			out = append(out, j)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	case *store.SQLite:
		rows, err := st.WriteDB().QueryContext(ctx, `SELECT state, COALESCE(json(attempted_by), '[]') FROM river_job
			WHERE kind = 'scan' AND json_extract(args, '$.scan_id') = ?`, scanID)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var j queueJob
			var by string
			if err := rows.Scan(&j.state, &by); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(by), &j.by); err != nil {
				t.Fatalf("attempted_by %q: %v", by, err)
			}
			out = append(out, j)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("no queue table reader for %T", st)
	}
	return out
}
