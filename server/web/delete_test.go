package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/blob/s3test"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/store"
)

// Deleting a project deletes it: its rows, its uploaded files and its generated reports, on a
// local blob store and on S3 (versitygw), while the client's other project and another
// client's project keep all of theirs.
func TestDeleteProjectDeletesEverything(t *testing.T) {
	t.Run("local", func(t *testing.T) {
		st, err := blob.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		testDeleteProject(t, st)
	})
	t.Run("s3", func(t *testing.T) { testDeleteProject(t, s3test.Start(t).NewStore(t, "vigil")) })
}

// uploaded is a finished upload project of a client, with the blob files it left.
type uploaded struct {
	projectID, scanID string
	files             []string // blob keys
}

func uploadProject(t *testing.T, d *dash, b *browser, name string, src []byte) uploaded {
	t.Helper()
	b.get("/")
	p := b.postFiles("/projects/upload", url.Values{"name": {name}}, map[string]string{"Vault.sol": string(src)})
	if p.status != http.StatusSeeOther {
		t.Fatalf("upload: %d %s", p.status, p.body)
	}
	u := uploaded{scanID: strings.TrimPrefix(p.header.Get("Location"), "/scans/")}
	waitScan(t, d, u.scanID)
	sc, err := d.srv.Store().GetScanAny(context.Background(), u.scanID)
	if err != nil {
		t.Fatal(err)
	}
	u.projectID = sc.ProjectID
	var req struct{ Uploads []string }
	json.Unmarshal(sc.Request, &req)
	for _, key := range req.Uploads {
		u.files = append(u.files, "blobs/"+key) // the blob store's layout (package blob)
	}
	if len(u.files) == 0 {
		t.Fatalf("the scan names no upload: %s", sc.Request)
	}
	return u
}

// generateReport has the scan's PDF and HTML made through the API and adds their files.
func (u *uploaded) generateReport(t *testing.T, d *dash, key string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"project_id": u.projectID, "scan_id": u.scanID})
	req, _ := http.NewRequest(http.MethodPost, d.ts.URL+"/private/api-generate-report/", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("generate report: %v %v", err, resp)
	}
	resp.Body.Close()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		sc, err := d.srv.Store().GetScanAny(context.Background(), u.scanID)
		if err != nil || sc.ReportingStatus == report.ReportFailed || time.Now().After(deadline) {
			t.Fatalf("report generation: %v %s %s", err, sc.ReportingStatus, sc.ReportingErrMsg)
		}
		if sc.ReportingStatus == report.ReportGenerated {
			u.files = append(u.files, "reports/"+sc.ReportID+".pdf", "reports/"+sc.ReportID+".html")
			return
		}
	}
}

// stored says which of the files the blob store still has.
func stored(t *testing.T, st blob.Store, files []string) []string {
	t.Helper()
	var have []string
	for _, f := range files {
		_, err := st.Stat(context.Background(), f)
		switch {
		case err == nil:
			have = append(have, f)
		case !errors.Is(err, blob.ErrNotFound):
			t.Fatal(err)
		}
	}
	return have
}

func testDeleteProject(t *testing.T, blobs blob.Store) {
	d := newDashWith(t, engine.New(scan.Options{}), func(c *server.Config) { c.Blobs = blobs })
	src, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	st := d.srv.Store()
	ctx := context.Background()
	aliceKey := d.newKey(t, "alice")
	alice := d.browser(t)
	alice.login(aliceKey)
	gone := uploadProject(t, d, alice, "vault", src)
	gone.generateReport(t, d, aliceKey)
	kept := uploadProject(t, d, alice, "kept", src)
	bob := d.browser(t)
	bob.login(d.newKey(t, "bob"))
	bobs := uploadProject(t, d, bob, "vault", src)

	// A triage decision with a comment: the project's notes.
	rep := jsonReport(t, alice, gone.scanID)
	hash := hashOf(t, rep, "TX_ORIGIN_AUTHENTICATION")
	alice.get("/scans/" + gone.scanID + "/findings/" + url.PathEscape(hash))
	if p := alice.post("/scans/"+gone.scanID+"/findings/"+url.PathEscape(hash)+"/triage",
		url.Values{"status": {"false_positive"}, "comment": {"multisig"}}); p.status != http.StatusSeeOther {
		t.Fatalf("triage: %d", p.status)
	}
	if have := stored(t, blobs, gone.files); len(have) != 3 {
		t.Fatalf("before the delete the store has %v of %v", have, gone.files)
	}

	// The list links to a page saying what goes; its button deletes.
	mustContain(t, alice.get("/"), `action="/projects/`+gone.projectID+`/delete"`)
	p := alice.get("/projects/" + gone.projectID + "/delete")
	mustContain(t, p, "Delete vault?", "every scan of it", "triage decisions and comments", "PDF and HTML reports",
		"files uploaded for it", "cannot be undone", `method="post" action="/projects/`+gone.projectID+`/delete"`)
	checkStrictPage(t, p)
	p = alice.post("/projects/"+gone.projectID+"/delete", url.Values{})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/?deleted=1" {
		t.Fatalf("delete: %d %s", p.status, p.header.Get("Location"))
	}
	p = alice.get("/?deleted=1")
	mustContain(t, p, "The project was deleted", "kept")
	if strings.Contains(p.body, gone.projectID) {
		t.Fatal("the deleted project is still listed")
	}

	// Nothing of it is left: rows, triage notes, code excerpts, files.
	if _, err := st.GetProject(ctx, 0, gone.projectID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("project: %v", err)
	}
	if _, err := st.GetScanAny(ctx, gone.scanID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("scan: %v", err)
	}
	for kind, id := range map[string]string{"triage_notes": gone.projectID, "scan_excerpts": gone.scanID} {
		if _, err := st.GetDocument(ctx, kind, id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("%s: %v", kind, err)
		}
	}
	if _, err := st.GetUpload(ctx, strings.TrimPrefix(gone.files[0], "blobs/")); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("upload record: %v", err)
	}
	if have := stored(t, blobs, gone.files); len(have) != 0 {
		t.Fatalf("files left behind: %v", have)
	}
	for _, path := range []string{"/scans/" + gone.scanID, "/projects/" + gone.projectID, "/projects/" + gone.projectID + "/delete"} {
		if p := alice.get(path); p.status != http.StatusNotFound {
			t.Fatalf("%s after the delete: %d", path, p.status)
		}
	}
	// Deleting it again is a plain 404.
	alice.get("/")
	if p := alice.post("/projects/"+gone.projectID+"/delete", url.Values{}); p.status != http.StatusNotFound {
		t.Fatalf("second delete: %d", p.status)
	}

	// The other projects keep everything.
	for who, u := range map[*browser]uploaded{alice: kept, bob: bobs} {
		if p := who.get("/scans/" + u.scanID); p.status != http.StatusOK {
			t.Fatalf("another project's scan: %d", p.status)
		}
		if have := stored(t, blobs, u.files); len(have) != len(u.files) {
			t.Fatalf("another project lost files: %v of %v", have, u.files)
		}
	}
}

// heldEngine is the real engine whose scans wait until release is closed: a scan stays
// running for as long as a test needs.
type heldEngine struct {
	engine.Engine
	release chan struct{}
}

func (e heldEngine) Scan(ctx context.Context, ws *workspace.Workspace, opts engine.ScanOptions) (*report.ScanReport, error) {
	select {
	case <-e.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return e.Engine.Scan(ctx, ws, opts)
}

// A project with a scan queued or running is not deleted (the scan's worker would record into
// it); the page says why, and the delete works once the scan is over.
func TestDeleteProjectWaitsForItsScan(t *testing.T) {
	eng := heldEngine{Engine: engine.New(scan.Options{}), release: make(chan struct{})}
	d := newDashWith(t, eng, func(c *server.Config) { c.ScanWait = time.Millisecond })
	src, _ := os.ReadFile("testdata/Vault.sol")
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/")
	p := b.postFiles("/projects/upload", url.Values{"name": {"vault"}}, map[string]string{"Vault.sol": string(src)})
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	sc, err := d.srv.Store().GetScanAny(context.Background(), scanID)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, b.get("/projects/"+sc.ProjectID+"/delete"), "can be deleted once it has finished")
	p = b.post("/projects/"+sc.ProjectID+"/delete", url.Values{})
	if p.status != http.StatusConflict {
		t.Fatalf("delete during a scan: %d", p.status)
	}
	mustContain(t, p, "A scan of this project is queued or running. Delete the project once it has finished.")
	close(eng.release)
	waitScan(t, d, scanID)
	if got, err := d.srv.Store().GetScanAny(context.Background(), scanID); err != nil || got.Status != report.StatusDone {
		t.Fatalf("the scan after a refused delete: %v %s", err, got.Status)
	}
	b.get("/projects/" + sc.ProjectID + "/delete")
	if p := b.post("/projects/"+sc.ProjectID+"/delete", url.Values{}); p.status != http.StatusSeeOther {
		t.Fatalf("delete after the scan: %d %s", p.status, p.body)
	}
}
