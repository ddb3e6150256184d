package server_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// A worker late with the outcome of a scan whose project was deleted records nothing and
// fails nothing: no scan, triage or code excerpt comes back, and the job is not retried.
func TestLateOutcomeOfADeletedProject(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, nil)
	ctx := context.Background()
	st := a.Store()
	_, client := a.newKey(t, "alice", 0)
	p, err := st.EnsureProject(ctx, store.Project{ClientID: client, SourceKey: "upload:x", Name: "x"})
	if err != nil {
		t.Fatal(err)
	}
	sc := store.Scan{ID: store.NewID(), ClientID: client, ProjectID: p.ID, ScanType: report.ScanTypeProject, Source: "upload",
		Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: []byte(`{}`), CreatedAt: time.Now()}
	if err := st.CreateScan(ctx, sc); err != nil {
		t.Fatal(err)
	}
	// Ended (as a refused scan is) so that the project can go.
	if err := st.FinishScan(ctx, sc.ID, report.StatusFailed, "not run", nil, nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := st.DeleteProject(ctx, client, p.ID); err != nil {
		t.Fatal(err)
	}

	rep := &report.ScanReport{MultiFileScanSummary: &report.Summary{}, Excerpts: map[string]map[int]string{"a.sol": {1: "x"}},
		MultiFileScanDetails: []*report.Group{{IssueID: "X", MetricWiseAggregatedFindings: []*report.Finding{{BugHash: "h1"}}}}}
	if err := a.Finish(ctx, sc, rep); err != nil {
		t.Fatalf("late outcome: %v", err)
	}
	if err := a.RunScan(ctx, sc.ID); err != nil {
		t.Fatalf("job of a deleted scan: %v", err)
	}
	if _, err := st.GetScanAny(ctx, sc.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("scan: %v", err)
	}
	if tri, _ := st.PriorTriage(ctx, p.ID, []string{"h1"}); len(tri) != 0 {
		t.Fatalf("triage came back: %+v", tri)
	}
	if _, err := st.GetDocument(ctx, "scan_excerpts", sc.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("code excerpts came back: %v", err)
	}
}
