package store

import (
	"context"
	"testing"
	"time"
)

// Progress a worker records through its store handle is read, with the scan, through another
// handle on the same database, as an API process beside the worker reads it; a new attempt
// starts without the last one's progress, and a finished scan takes no more.
func TestScanProgressAcrossHandles(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			ctx := context.Background()
			db, dir := e.database(t), t.TempDir()
			worker, api := openTest(t, db, dir), openTest(t, db, dir)
			c, _ := worker.CreateClient(ctx, "c")
			p, _ := worker.EnsureProject(ctx, Project{ClientID: c.ID, SourceKey: "k", Name: "n"})
			sc := Scan{ID: NewID(), ClientID: c.ID, ProjectID: p.ID, ScanType: "project", Source: "git", Status: "queued",
				ReportingStatus: "not_generated", Request: []byte(`{}`), CreatedAt: time.Now()}
			if err := worker.CreateScan(ctx, sc); err != nil {
				t.Fatal(err)
			}
			read := func() Progress {
				t.Helper()
				got, err := api.GetScan(ctx, c.ID, sc.ID)
				if err != nil {
					t.Fatal(err)
				}
				return got.Progress
			}
			if got := read(); got != (Progress{}) {
				t.Fatalf("progress before any was recorded: %+v", got)
			}
			if _, err := worker.StartScan(ctx, sc.ID, time.Now()); err != nil {
				t.Fatal(err)
			}
			want := Progress{Phase: "analysing", FilesDone: 3, FilesTotal: 7, Findings: 2, At: time.UnixMicro(time.Now().UnixMicro()).UTC()}
			if err := worker.SetScanProgress(ctx, sc.ID, want); err != nil {
				t.Fatal(err)
			}
			if got := read(); !got.At.Equal(want.At) || got.Phase != want.Phase || got.FilesDone != 3 || got.FilesTotal != 7 || got.Findings != 2 {
				t.Fatalf("read through the other handle: %+v, want %+v", got, want)
			}
			if _, err := worker.StartScan(ctx, sc.ID, time.Now()); err != nil { // the next attempt
				t.Fatal(err)
			}
			if got := read(); got != (Progress{}) {
				t.Fatalf("a new attempt shows the last one's progress: %+v", got)
			}
			if err := worker.FinishScan(ctx, sc.ID, "scan_done", "", []byte(`{}`), nil, time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := worker.SetScanProgress(ctx, sc.ID, want); err != nil {
				t.Fatal(err)
			}
			if got := read(); got != (Progress{}) {
				t.Fatalf("a finished scan took progress: %+v", got)
			}
		})
	}
}
