package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// An owner's admissions and dispatches are each one step against all others, whatever runs
// them at once: of 20 parallel admissions with a share of 5 queued, exactly 5 are recorded;
// of 10 parallel dispatches with a share of 2, exactly 2 scans are dispatched, oldest first.
// Another owner's scans are neither counted nor dispatched with them. On both engines.
func TestAdmitAndDispatchPerOwner(t *testing.T) {
	forEachEngine(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		c, err := s.CreateClient(ctx, "c")
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.EnsureProject(ctx, Project{ClientID: c.ID, SourceKey: "upload:x", Name: "x"})
		if err != nil {
			t.Fatal(err)
		}
		scan := func(owner string, i int) Scan {
			return Scan{ID: NewID(), ClientID: c.ID, ProjectID: p.ID, ScanType: "project", Source: "upload", Status: "queued",
				ReportingStatus: "not_generated", Request: []byte("{}"), CreatedAt: time.Unix(1_700_000_000+int64(i), 0), Owner: owner}
		}
		var mu sync.Mutex
		admitted, busy := 0, 0
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.AdmitScan(ctx, scan("key:1", i), 5)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					admitted++
				case errors.Is(err, ErrBusy):
					busy++
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if admitted != 5 || busy != 15 {
			t.Fatalf("admitted %d, busy %d; want 5 and 15", admitted, busy)
		}
		if err := s.AdmitScan(ctx, scan("addr:192.0.2.1", 0), 5); err != nil {
			t.Fatalf("another owner's admission: %v", err)
		}
		owners, err := s.WaitingOwners(ctx)
		if err != nil || len(owners) != 2 {
			t.Fatalf("waiting owners %v %v", owners, err)
		}
		var all []string
		for range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ids, err := s.DispatchNext(ctx, "key:1", 2)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				all = append(all, ids...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		if len(all) != 2 {
			t.Fatalf("dispatched %d scans with a share of 2", len(all))
		}
		unfinished, err := s.UnfinishedScans(ctx)
		if err != nil {
			t.Fatal(err)
		}
		oldest := map[string]bool{}
		for _, sc := range unfinished {
			if sc.Owner == "key:1" && len(oldest) < 2 {
				oldest[sc.ID] = true // UnfinishedScans lists oldest first
			}
			if sc.Owner != "key:1" && sc.Dispatched {
				t.Fatalf("another owner's scan was dispatched")
			}
		}
		for _, id := range all {
			if !oldest[id] {
				t.Fatalf("dispatched %v, not the two oldest %v", all, oldest)
			}
		}
	})
}
