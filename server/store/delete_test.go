package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestDeleteProject(t *testing.T) { forEachEngine(t, testDeleteProject) }

// fixture is one project with a finished scan carrying everything a scan leaves behind:
// findings and triage, a webhook delivery, code excerpts, a generated report and an upload.
type fixture struct {
	client  int64
	project Project
	scan    string
	upload  string
}

func newFixture(t *testing.T, s Store, client int64, source string, uploads ...string) fixture {
	t.Helper()
	ctx := context.Background()
	p, err := s.EnsureProject(ctx, Project{ClientID: client, SourceKey: source, Name: source})
	if err != nil {
		t.Fatal(err)
	}
	f := fixture{client: client, project: p, scan: NewID(), upload: NewID()}
	now := time.Now()
	if err := s.CreateUpload(ctx, Upload{ObjectKey: f.upload, ClientID: client, FileName: "a.sol", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	request := `{"uploads":["` + f.upload + `"`
	for _, u := range uploads {
		request += `,"` + u + `"`
	}
	request += `]}`
	if err := s.CreateScan(ctx, Scan{ID: f.scan, ClientID: client, ProjectID: p.ID, ScanType: "project", Source: "upload",
		Status: "queued", ReportingStatus: "not_generated", Request: []byte(request), CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishScan(ctx, f.scan, "scan_done", "", []byte(`{}`), []Finding{{"h1", "VG_1_1", "pending_fix", false}}, now); err != nil {
		t.Fatal(err)
	}
	for _, err := range []error{
		s.SetReporting(ctx, f.scan, "report_generated", "", "r"+f.scan),
		s.SetBugStatus(ctx, client, p.ID, "h1", "false_positive"),
		s.EnqueueDelivery(ctx, Delivery{ID: "d" + f.scan, ClientID: client, EventType: "scan.completed", ScanID: f.scan, Body: []byte(`{}`), NextAttemptAt: now, CreatedAt: now}),
		s.PutDocument(ctx, Document{Kind: "scan_excerpts", ID: f.scan, ClientID: client, Data: []byte(`{}`)}),
		s.PutDocument(ctx, Document{Kind: "triage_notes", ID: p.ID, ClientID: client, Data: []byte(`{}`)}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// present counts what of the fixture the store still has, by what a reader of each row sees.
func (f fixture) present(t *testing.T, s Store) []string {
	t.Helper()
	ctx := context.Background()
	var have []string
	if _, err := s.GetProject(ctx, f.client, f.project.ID); err == nil {
		have = append(have, "project")
	}
	if _, err := s.GetScanAny(ctx, f.scan); err == nil {
		have = append(have, "scan")
	}
	if fs, _ := s.ScanFindings(ctx, f.scan); len(fs) > 0 {
		have = append(have, "findings")
	}
	if tri, _ := s.PriorTriage(ctx, f.project.ID, []string{"h1"}); len(tri) > 0 {
		have = append(have, "triage")
	}
	if _, err := s.GetDelivery(ctx, "d"+f.scan); err == nil {
		have = append(have, "delivery")
	}
	if _, err := s.GetDocument(ctx, "scan_excerpts", f.scan); err == nil {
		have = append(have, "excerpts")
	}
	if _, err := s.GetDocument(ctx, "triage_notes", f.project.ID); err == nil {
		have = append(have, "notes")
	}
	return have
}

var everything = []string{"project", "scan", "findings", "triage", "delivery", "excerpts", "notes"}

func testDeleteProject(t *testing.T, s Store) {
	ctx := context.Background()
	alice, _ := s.CreateClient(ctx, "alice")
	bob, _ := s.CreateClient(ctx, "bob")
	gone := newFixture(t, s, alice.ID, "upload:gone")
	// Another project of alice's whose scan also read the deleted project's upload: the
	// upload stays for it.
	kept := newFixture(t, s, alice.ID, "upload:kept", gone.upload)
	// A second scan of the deleted project reading the other project's upload.
	second := NewID()
	if err := s.CreateScan(ctx, Scan{ID: second, ClientID: alice.ID, ProjectID: gone.project.ID, ScanType: "project", Source: "upload",
		Status: "queued", ReportingStatus: "not_generated", Request: []byte(`{"uploads":["` + kept.upload + `"]}`), CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	bobs := newFixture(t, s, bob.ID, "upload:gone")

	// Another client's project is not found, as a missing one, and nothing of it goes.
	for _, id := range []string{gone.project.ID, "nope"} {
		if _, err := s.DeleteProject(ctx, bob.ID, id); !errors.Is(err, ErrNotFound) {
			t.Fatalf("bob deletes %s: %v", id, err)
		}
	}
	// A queued (then running) scan holds the project: a worker could still record into it.
	if _, err := s.DeleteProject(ctx, alice.ID, gone.project.ID); !errors.Is(err, ErrConflict) {
		t.Fatalf("delete with a queued scan: %v", err)
	}
	if _, err := s.StartScan(ctx, second, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteProject(ctx, alice.ID, gone.project.ID); !errors.Is(err, ErrConflict) {
		t.Fatalf("delete with a running scan: %v", err)
	}
	if have := gone.present(t, s); !slices.Equal(have, everything) {
		t.Fatalf("a refused delete removed something: %v", have)
	}
	if err := s.FinishScan(ctx, second, "scan_failed", "x", nil, nil, time.Now()); err != nil {
		t.Fatal(err)
	}

	removed, err := s.DeleteProject(ctx, alice.ID, gone.project.ID)
	if err != nil {
		t.Fatal(err)
	}
	if removed.Scans != 2 || !slices.Equal(removed.Reports, []string{"r" + gone.scan}) || !slices.Equal(removed.Uploads, nil) {
		t.Fatalf("removed %+v", removed)
	}
	if have := gone.present(t, s); len(have) != 0 {
		t.Fatalf("still stored after the delete: %v", have)
	}
	if _, err := s.GetScanAny(ctx, second); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second scan: %v", err)
	}
	for _, f := range []fixture{kept, bobs} {
		if have := f.present(t, s); !slices.Equal(have, everything) {
			t.Fatalf("another project lost rows: %v", have)
		}
	}
	// The uploads were both read by kept's scan: neither expires.
	if ex, _ := s.ExpiredUploads(ctx, time.Now(), 10); len(ex) != 0 {
		t.Fatalf("expired uploads another project reads: %+v", ex)
	}

	// A worker late with an outcome finds nothing to record into.
	if _, err := s.StartScan(ctx, gone.scan, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("late start: %v", err)
	}
	if err := s.FinishScan(ctx, second, "scan_done", "", []byte(`{}`), []Finding{{"h9", "VG_1_9", "pending_fix", false}}, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("late finish: %v", err)
	}
	if tri, _ := s.PriorTriage(ctx, gone.project.ID, []string{"h1", "h9"}); len(tri) != 0 {
		t.Fatalf("a late outcome brought triage back: %+v", tri)
	}

	// Deleting again is not found.
	if _, err := s.DeleteProject(ctx, alice.ID, gone.project.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("second delete: %v", err)
	}

	// Once no other scan reads them, kept's uploads expire with it (for the janitor, should the
	// caller fail to remove the files).
	removed, err = s.DeleteProject(ctx, alice.ID, kept.project.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{kept.upload, gone.upload}
	if slices.Sort(removed.Uploads); !slices.Equal(removed.Uploads, slices.Sorted(slices.Values(want))) {
		t.Fatalf("uploads %v, want %v", removed.Uploads, want)
	}
	ex, _ := s.ExpiredUploads(ctx, time.Now(), 10)
	var keys []string
	for _, u := range ex {
		keys = append(keys, u.ObjectKey)
	}
	if slices.Sort(keys); !slices.Equal(keys, removed.Uploads) {
		t.Fatalf("expired %v, want %v", keys, removed.Uploads)
	}
	if have := bobs.present(t, s); !slices.Equal(have, everything) {
		t.Fatalf("bob's project lost rows: %v", have)
	}
	// The client can scan the same source again: a new project.
	p, err := s.EnsureProject(ctx, Project{ClientID: alice.ID, SourceKey: "upload:gone", Name: "again"})
	if err != nil || p.ID == gone.project.ID {
		t.Fatalf("project again: %+v %v", p, err)
	}
}
