package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/server/store/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// engines are the two Store implementations; every test of the suite runs against both. A
// PostgreSQL test skips (or fails under CI) when no PostgreSQL is installed.
var engines = []struct {
	name string
	// database is the setting naming a fresh database (dataDir holds SQLite's file).
	database func(t *testing.T) string
}{
	{"sqlite", func(t *testing.T) string { return "" }},
	{"postgres", func(t *testing.T) string { return pgtest.URL(t) }},
}

// forEachEngine runs fn against a fresh store of each engine.
func forEachEngine(t *testing.T, fn func(t *testing.T, s Store)) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			fn(t, openTest(t, e.database(t), t.TempDir()))
		})
	}
}

func openTest(t *testing.T, database, dir string) Store {
	t.Helper()
	s, err := OpenDatabase(context.Background(), database, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// execRaw runs SQL on a store's database, below the Store interface.
func execRaw(t *testing.T, s Store, q string) {
	t.Helper()
	var err error
	switch s := s.(type) {
	case *SQLite:
		_, err = s.w.Exec(q)
	case *Postgres:
		_, err = s.pool.Exec(context.Background(), q)
	}
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func countMigrations(t *testing.T, s Store) int {
	t.Helper()
	var n int
	var err error
	const q = `SELECT COUNT(*) FROM schema_migrations`
	switch s := s.(type) {
	case *SQLite:
		err = s.db.QueryRow(q).Scan(&n)
	case *Postgres:
		err = s.pool.QueryRow(context.Background(), q).Scan(&n)
	}
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestMigrationsRecordedAndIdempotent(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			database, dir := e.database(t), t.TempDir()
			s := openTest(t, database, dir)
			n := countMigrations(t, s)
			if n < 1 {
				t.Fatalf("schema_migrations: %d", n)
			}
			if sl, ok := s.(*SQLite); ok {
				var mode string
				sl.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode)
				if mode != "wal" {
					t.Errorf("journal_mode %q, want wal", mode)
				}
			}
			s.Close()
			s2 := openTest(t, database, dir) // reopening applies nothing twice
			if again := countMigrations(t, s2); again != n {
				t.Errorf("migrations %d after reopen, want %d", again, n)
			}
			// A database from a newer Vigil is refused.
			execRaw(t, s2, `INSERT INTO schema_migrations(version, name, applied_at) VALUES (9999, 'future', 0)`)
			s2.Close()
			if s3, err := OpenDatabase(context.Background(), database, dir); err == nil {
				s3.Close()
				t.Fatal("opened a database with a newer schema")
			}
		})
	}
}

// Processes started together migrate one database once.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			database, dir := e.database(t), t.TempDir()
			errs := make(chan error, 4)
			for range 4 {
				go func() {
					s, err := OpenDatabase(context.Background(), database, dir)
					if err == nil {
						s.Close()
					}
					errs <- err
				}()
			}
			for range 4 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func TestOpenDatabaseRefusesOtherSchemes(t *testing.T) {
	_, err := OpenDatabase(context.Background(), "mysql://u:secret@h/db", t.TempDir())
	if err == nil || strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), "VIGIL_DATABASE") {
		t.Fatalf("got %v", err)
	}
}

func TestKeysAndIsolation(t *testing.T) { forEachEngine(t, testKeysAndIsolation) }

func testKeysAndIsolation(t *testing.T, s Store) {
	ctx := context.Background()
	a, _ := s.CreateClient(ctx, "a")
	b, _ := s.CreateClient(ctx, "b")
	if _, err := s.CreateKey(ctx, Key{ClientID: 99, Name: "x", Hash: []byte("h0")}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("key for missing client: %v", err)
	}
	k, err := s.CreateKey(ctx, Key{ClientID: a.ID, Name: "ci", Prefix: "vgl_abcd", Hash: []byte("h1")})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := s.KeyByHash(ctx, []byte("h1")); err != nil || got.ClientID != a.ID {
		t.Fatalf("KeyByHash: %+v %v", got, err)
	}
	if err := s.RevokeKey(ctx, k.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.KeyByHash(ctx, []byte("h1")); !errors.Is(err, ErrNotFound) {
		t.Fatalf("revoked key still valid: %v", err)
	}
	if err := s.RevokeKey(ctx, 12345, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("revoke missing: %v", err)
	}

	p, err := s.EnsureProject(ctx, Project{ClientID: a.ID, SourceKey: "https://x/r", Name: "r", URL: "https://x/r", Branch: "main"})
	if err != nil || p.SequenceID != 1 {
		t.Fatalf("project: %+v %v", p, err)
	}
	p2, _ := s.EnsureProject(ctx, Project{ClientID: a.ID, SourceKey: "https://x/r", Name: "r", URL: "https://x/r", Branch: "dev"})
	if p2.ID != p.ID || p2.SequenceID != 1 {
		t.Fatalf("same source key gave another project: %+v", p2)
	}
	// Unchanged (answered by a read) or changed (a write), the project comes back the same way.
	if again, err := s.EnsureProject(ctx, Project{ClientID: a.ID, SourceKey: "https://x/r", Name: "r", URL: "https://x/r", Branch: "dev"}); err != nil || again != p2 {
		t.Fatalf("unchanged project: %+v %v, want %+v", again, err, p2)
	}
	if got, err := s.GetProject(ctx, a.ID, p.ID); err != nil || got != p2 {
		t.Fatalf("stored project: %+v %v, want %+v", got, err, p2)
	}
	q, _ := s.EnsureProject(ctx, Project{ClientID: b.ID, SourceKey: "https://x/r", Name: "r", URL: "https://x/r"})
	if q.ID == p.ID || q.SequenceID != 1 {
		t.Fatalf("client b shares a's project: %+v", q)
	}
	sc := Scan{ID: NewID(), ClientID: a.ID, ProjectID: p.ID, ScanType: "project", Source: "git", Status: "queued",
		ReportingStatus: "not_generated", Request: []byte(`{}`), CreatedAt: time.Now()}
	if err := s.CreateScan(ctx, sc); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetScan(ctx, b.ID, sc.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("client b reads a's scan: %v", err)
	}
	if _, err := s.GetProject(ctx, b.ID, p.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("client b reads a's project: %v", err)
	}
}

func TestScanLifecycleAndTriage(t *testing.T) { forEachEngine(t, testScanLifecycleAndTriage) }

func testScanLifecycleAndTriage(t *testing.T, s Store) {
	ctx := context.Background()
	c, _ := s.CreateClient(ctx, "c")
	p, _ := s.EnsureProject(ctx, Project{ClientID: c.ID, SourceKey: "k", Name: "n"})
	newScan := func() string {
		sc := Scan{ID: NewID(), ClientID: c.ID, ProjectID: p.ID, ScanType: "project", Source: "git", Status: "queued",
			ReportingStatus: "not_generated", Request: []byte(`{"a":1}`), CreatedAt: time.Now()}
		if err := s.CreateScan(ctx, sc); err != nil {
			t.Fatal(err)
		}
		return sc.ID
	}
	id := newScan()
	if n, err := s.StartScan(ctx, id, time.Now()); err != nil || n != 1 {
		t.Fatalf("StartScan: %d %v", n, err)
	}
	if un, _ := s.UnfinishedScans(ctx); len(un) != 1 || un[0].ID != id {
		t.Fatalf("unfinished: %+v", un)
	}
	first, _ := s.NextBugNumbers(ctx, p.ID, 2)
	second, _ := s.NextBugNumbers(ctx, p.ID, 1)
	if first != 1 || second != 3 {
		t.Fatalf("bug numbers %d, %d", first, second)
	}
	excerpts := Document{Kind: "scan_excerpts", ID: id, ClientID: c.ID, Data: []byte(`{"a.sol":{"3":"x"}}`)}
	err := s.FinishScan(ctx, id, "scan_done", "", []byte(`{"r":1}`), []Finding{{"h1", "B_1_1", "pending_fix", false}, {"h2", "B_1_2", "pending_fix", false}}, time.Now(), excerpts)
	if err != nil {
		t.Fatal(err)
	}
	if d, err := s.GetDocument(ctx, "scan_excerpts", id); err != nil || string(d.Data) != string(excerpts.Data) || d.ClientID != c.ID {
		t.Fatalf("document stored with the outcome: %+v %v", d, err)
	}
	if un, _ := s.UnfinishedScans(ctx); len(un) != 0 {
		t.Fatalf("finished scan still unfinished")
	}
	// A second outcome of the same scan (a rescued attempt) is refused, the first kept, and
	// so are the documents of the first.
	late := Document{Kind: "scan_excerpts", ID: id, ClientID: c.ID, Data: []byte(`{"late":{}}`)}
	if err := s.FinishScan(ctx, id, "scan_failed", "late", nil, nil, time.Now(), late); !errors.Is(err, ErrConflict) {
		t.Fatalf("second FinishScan: %v", err)
	}
	if d, err := s.GetDocument(ctx, "scan_excerpts", id); err != nil || string(d.Data) != string(excerpts.Data) {
		t.Fatalf("document after a refused outcome: %+v %v", d, err)
	}
	if n, err := s.QueuedScans(ctx); err != nil || n != 0 {
		t.Fatalf("queued %d %v", n, err)
	}
	queued := newScan()
	if sc, err := s.GetScanMeta(ctx, c.ID, queued); err != nil || sc.HasReport || sc.Status != "queued" || string(sc.Request) != `{"a":1}` {
		t.Fatalf("GetScanMeta of a queued scan: %+v %v", sc, err)
	}
	if n, err := s.QueuedScans(ctx); err != nil || n != 1 {
		t.Fatalf("queued %d %v, want 1", n, err)
	}
	if _, err := s.StartScan(ctx, id, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("restarted a finished scan: %v", err)
	}
	if err := s.SetBugStatus(ctx, c.ID, p.ID, "h1", "wont_fix"); err != nil {
		t.Fatal(err)
	}
	tri, err := s.PriorTriage(ctx, p.ID, []string{"h1", "h2", "h3"})
	if err != nil || tri["h1"].Status != "wont_fix" || tri["h2"].BugID != "B_1_2" || len(tri) != 2 {
		t.Fatalf("triage: %+v %v", tri, err)
	}
	if st, err := s.ScanStatus(ctx, id); err != nil || st != "scan_done" {
		t.Fatalf("ScanStatus: %q %v", st, err)
	}
	if _, err := s.ScanStatus(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ScanStatus of no scan: %v", err)
	}
	got, _ := s.GetScanAny(ctx, id)
	if string(got.Report) != `{"r":1}` || !got.HasReport || got.Status != "scan_done" || got.FinishedAt.IsZero() {
		t.Fatalf("scan: %+v", got)
	}
	// GetScanMeta reads the same row without the report's bytes.
	full, err := s.GetScan(ctx, c.ID, id)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := s.GetScanMeta(ctx, c.ID, id)
	if err != nil || meta.Report != nil || !meta.HasReport {
		t.Fatalf("GetScanMeta: report %q, has report %v, %v", meta.Report, meta.HasReport, err)
	}
	full.Report = nil
	if fmt.Sprint(meta) != fmt.Sprint(full) {
		t.Fatalf("GetScanMeta differs from GetScan but for the report:\n%+v\n%+v", meta, full)
	}
	if _, err := s.GetScanMeta(ctx, c.ID+1, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetScanMeta of another client's scan: %v", err)
	}
	if _, err := s.GetScanMeta(ctx, c.ID, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetScanMeta of no scan: %v", err)
	}
	// A failed scan has no report: NULL, not an empty one.
	if err := s.FinishScan(ctx, queued, "scan_failed", "why", nil, nil, time.Now()); err != nil {
		t.Fatal(err)
	}
	if sc, err := s.GetScan(ctx, c.ID, queued); err != nil || sc.Report != nil || sc.HasReport || sc.ErrMsg != "why" {
		t.Fatalf("failed scan: report %q, has report %v, %v", sc.Report, sc.HasReport, err)
	}
	fs, _ := s.ScanFindings(ctx, id)
	if fs["h1"].Status != "wont_fix" {
		t.Fatalf("findings: %+v", fs)
	}

	// Many findings are written at once; a known hash keeps its triage, a hash given twice
	// starts its triage with the first.
	id2 := newScan()
	many := []Finding{{"h1", "B_1_1", "pending_fix", false}, {"h3", "first", "pending_fix", false}, {"h3", "last", "pending_fix", false}}
	for i := range 600 {
		many = append(many, Finding{fmt.Sprintf("m%d", i), fmt.Sprintf("B_1_%d", 10+i), "pending_fix", false})
	}
	if err := s.FinishScan(ctx, id2, "scan_done", "", []byte(`{}`), many, time.Now()); err != nil {
		t.Fatal(err)
	}
	fs, err = s.ScanFindings(ctx, id2)
	if err != nil || len(fs) != 602 || fs["h1"].Status != "wont_fix" || fs["h3"].BugID != "first" || fs["m599"].BugID != "B_1_609" {
		t.Fatalf("findings of many: %d %v %+v %+v %+v", len(fs), err, fs["h1"], fs["h3"], fs["m599"])
	}
	hashes := []string{"unknown"}
	for _, f := range many {
		hashes = append(hashes, f.BugHash)
	}
	if tri, err := s.PriorTriage(ctx, p.ID, hashes); err != nil || len(tri) != 602 || tri["m599"].BugID != "B_1_609" || tri["h1"].Status != "wont_fix" {
		t.Fatalf("prior triage of many: %d %v", len(tri), err)
	}

	// A rescan passes the hashes it found in the triage as Known: their findings are recorded
	// with the project's triage, and a hash new to the project still starts its own.
	id3 := newScan()
	rescan := []Finding{{"h1", "B_1_1", "wont_fix", true}, {"n1", "B_1_900", "pending_fix", false}}
	if err := s.FinishScan(ctx, id3, "scan_done", "", []byte(`{}`), rescan, time.Now()); err != nil {
		t.Fatal(err)
	}
	fs, err = s.ScanFindings(ctx, id3)
	if err != nil || len(fs) != 2 || fs["h1"].Status != "wont_fix" || fs["n1"].BugID != "B_1_900" {
		t.Fatalf("findings of a rescan: %v %+v", err, fs)
	}
	if tri, err := s.PriorTriage(ctx, p.ID, []string{"n1"}); err != nil || tri["n1"].BugID != "B_1_900" {
		t.Fatalf("triage of a new hash in a rescan: %+v %v", tri, err)
	}
	if err := s.FinishScan(ctx, id3, "scan_done", "", []byte(`{}`), rescan, time.Now()); !errors.Is(err, ErrConflict) {
		t.Fatalf("finishing a finished scan: %v", err)
	}
}

func TestUploadsAndDeliveries(t *testing.T) { forEachEngine(t, testUploadsAndDeliveries) }

func testUploadsAndDeliveries(t *testing.T, s Store) {
	ctx := context.Background()
	c, _ := s.CreateClient(ctx, "c")
	now := time.Now()
	u := Upload{ObjectKey: "k1", ClientID: c.ID, FileName: "a.sol", CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	if err := s.CreateUpload(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkUploaded(ctx, "k1", 10, now); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkUploaded(ctx, "k1", 10, now); !errors.Is(err, ErrConflict) {
		t.Fatalf("second upload: %v", err)
	}
	if err := s.MarkUploaded(ctx, "nope", 10, now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing upload: %v", err)
	}
	if ex, _ := s.ExpiredUploads(ctx, now.Add(2*time.Minute), 10); len(ex) != 1 {
		t.Fatalf("expired: %+v", ex)
	}

	if err := s.SetEndpoint(ctx, Endpoint{ClientID: c.ID, URL: "https://h/x", Headers: map[string]string{"X-A": "1"}, Secret: "whsec_x", UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if e, err := s.GetEndpoint(ctx, c.ID); err != nil || e.Headers["X-A"] != "1" {
		t.Fatalf("endpoint: %+v %v", e, err)
	}
	d := Delivery{ID: "msg_1", ClientID: c.ID, EventType: "scan.completed", ScanID: "s", Body: []byte(`{}`), NextAttemptAt: now, CreatedAt: now}
	if err := s.EnqueueDelivery(ctx, d); err != nil {
		t.Fatal(err)
	}
	d.ID = "msg_2"
	if err := s.EnqueueDelivery(ctx, d); err != nil { // same scan and event: ignored
		t.Fatal(err)
	}
	due, _ := s.DueDeliveries(ctx, now.Add(time.Second), 10)
	if len(due) != 1 || due[0].ID != "msg_1" {
		t.Fatalf("due: %+v", due)
	}
	due[0].Status, due[0].Attempts = DeliveryDelivered, 1
	if err := s.UpdateDelivery(ctx, due[0]); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.DueDeliveries(ctx, now.Add(time.Hour), 10); len(due) != 0 {
		t.Fatalf("delivered still due: %+v", due)
	}
}

func TestDocumentsAndEnsureClient(t *testing.T) { forEachEngine(t, testDocumentsAndEnsureClient) }

func testDocumentsAndEnsureClient(t *testing.T, st Store) {
	ctx := context.Background()
	if _, err := st.GetDocument(ctx, "token_scan", "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing document: %v", err)
	}
	d := Document{Kind: "token_scan", ID: "abc", ClientID: 7, Data: []byte(`{"a":1}`)}
	if err := st.PutDocument(ctx, d); err != nil {
		t.Fatal(err)
	}
	d.Data = []byte(`{"a":2}`)
	if err := st.PutDocument(ctx, d); err != nil {
		t.Fatal(err)
	}
	got, err := st.GetDocument(ctx, "token_scan", "abc")
	if err != nil || string(got.Data) != `{"a":2}` || got.ClientID != 7 {
		t.Errorf("document: %+v %v", got, err)
	}
	if _, err := st.GetDocument(ctx, "repo_scan", "abc"); !errors.Is(err, ErrNotFound) {
		t.Error("documents of another kind must not be found")
	}
	// Only the kind asked for, and only documents created before the time, are removed.
	old := Document{Kind: "web_session", ID: "old", CreatedAt: time.Now().Add(-2 * time.Hour), Data: []byte(`{}`)}
	fresh := Document{Kind: "web_session", ID: "fresh", Data: []byte(`{}`)}
	for _, doc := range []Document{old, fresh} {
		if err := st.PutDocument(ctx, doc); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := st.DeleteDocumentsBefore(ctx, "web_session", time.Now().Add(-time.Hour)); n != 1 || err != nil {
		t.Errorf("DeleteDocumentsBefore: %d %v, want 1", n, err)
	}
	if _, err := st.GetDocument(ctx, "web_session", "old"); !errors.Is(err, ErrNotFound) {
		t.Errorf("expired document kept: %v", err)
	}
	for _, k := range [][2]string{{"web_session", "fresh"}, {"token_scan", "abc"}} {
		if _, err := st.GetDocument(ctx, k[0], k[1]); err != nil {
			t.Errorf("%s/%s removed: %v", k[0], k[1], err)
		}
	}
	a, err1 := st.EnsureClient(ctx, "ss_quickscan")
	b, err2 := st.EnsureClient(ctx, "ss_quickscan")
	if err1 != nil || err2 != nil || a.ID != b.ID || a.ID == 0 {
		t.Errorf("EnsureClient: %v %v %v %v", a, b, err1, err2)
	}
}

// A scan finished by one process is announced to every process listening on PostgreSQL.
func TestPostgresAnnouncesFinishedScans(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := openTest(t, url, t.TempDir()).(*Postgres), openTest(t, url, t.TempDir()).(*Postgres)
	heard := make(chan string, 100)
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	listening := make(chan error, 1)
	go func() { listening <- b.ListenFinished(lctx, func(id string) { heard <- id }) }()
	c, _ := a.CreateClient(ctx, "c")
	p, _ := a.EnsureProject(ctx, Project{ClientID: c.ID, SourceKey: "k", Name: "n"})
	finished := map[string]bool{}
	// The listener's LISTEN may run after the first scans finish: finish scans until one is
	// heard.
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		sc := Scan{ID: NewID(), ClientID: c.ID, ProjectID: p.ID, ScanType: "project", Source: "git", Status: "queued",
			ReportingStatus: "not_generated", Request: []byte(`{}`), CreatedAt: time.Now()}
		if err := a.CreateScan(ctx, sc); err != nil {
			t.Fatal(err)
		}
		if err := a.FinishScan(ctx, sc.ID, "scan_done", "", []byte(`{}`), nil, time.Now()); err != nil {
			t.Fatal(err)
		}
		finished[sc.ID] = true
		select {
		case id := <-heard:
			if !finished[id] {
				t.Fatalf("heard %q, not a finished scan", id)
			}
			return
		case err := <-listening:
			t.Fatalf("listener ended: %v", err)
		case <-time.After(200 * time.Millisecond):
		}
	}
	t.Fatal("no finished scan was announced")
}

// Concurrent read-modify-writes of one document lose nothing: on PostgreSQL through two stores,
// as two server processes would be; on SQLite through the one store its single process has.
func TestUpdateDocumentLosesNoUpdate(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			db, dir := e.database(t), t.TempDir()
			stores := []Store{openTest(t, db, dir)}
			if db != "" {
				stores = append(stores, openTest(t, db, dir))
			}
			const writers, each = 4, 10
			var wg sync.WaitGroup
			errs := make(chan error, writers*each)
			for w := range writers {
				st := stores[w%len(stores)]
				wg.Add(1)
				go func() {
					defer wg.Done()
					for range each {
						errs <- st.UpdateDocument(context.Background(), "counter", "c", 1, func(old []byte) ([]byte, error) {
							n := 0
							if old != nil {
								n, _ = strconv.Atoi(string(old))
							}
							return []byte(strconv.Itoa(n + 1)), nil
						})
					}
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			d, err := stores[0].GetDocument(context.Background(), "counter", "c")
			if err != nil || string(d.Data) != strconv.Itoa(writers*each) || d.ClientID != 1 {
				t.Fatalf("after %d updates: %q %v", writers*each, d.Data, err)
			}
			// An error from change leaves the document as it was.
			boom := errors.New("boom")
			if err := stores[0].UpdateDocument(context.Background(), "counter", "c", 1, func([]byte) ([]byte, error) { return nil, boom }); !errors.Is(err, boom) {
				t.Fatalf("change's error: %v", err)
			}
			if d2, _ := stores[0].GetDocument(context.Background(), "counter", "c"); string(d2.Data) != string(d.Data) {
				t.Fatalf("failed change stored: %q", d2.Data)
			}
		})
	}
}

// Counting the queued scans, which every scan request does, reads the index of unfinished
// scans, not the table of every scan ever made.
func TestQueuedScansUsesTheUnfinishedIndex(t *testing.T) {
	s, err := Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN ` + queuedScansSQL)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if p := strings.Join(plan, "; "); !strings.Contains(p, "scans_unfinished") || strings.Contains(p, "SCAN scans") {
		t.Errorf("QueuedScans' plan is %q; want a search of the index scans_unfinished", p)
	}
}
