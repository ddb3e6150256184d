package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

// A database written before bug_triage existed keeps its triage after the upgrade: the latest
// sighting of each hash wins.
func TestTriageMigrationBackfills(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	ms, err := loadMigrations(sqliteMigrations)
	if err != nil || len(ms) < 2 || ms[0].version != 1 || ms[1].version != 2 {
		t.Fatalf("migrations: %v %v", ms, err)
	}
	if err := apply(ctx, db, ms[:1]); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO clients VALUES (1, 'c', 0)`,
		`INSERT INTO projects(id, client_id, sequence_id, source_key, name, url, branch, created_at) VALUES ('p', 1, 1, 'k', 'n', '', '', 0)`,
		`INSERT INTO scans(id, client_id, project_id, scan_type, source, status, reporting_status, request, created_at, finished_at)
			VALUES ('s1', 1, 'p', 'project', 'git', 'scan_done', 'not_generated', '{}', 0, 10), ('s2', 1, 'p', 'project', 'git', 'scan_done', 'not_generated', '{}', 0, 20)`,
		`INSERT INTO findings VALUES ('s1', 'p', 'h', 'VG_1_1', 'pending_fix'), ('s2', 'p', 'h', 'VG_1_1', 'wont_fix'), ('s1', 'p', 'g', 'VG_1_2', 'fixed')`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tri, err := s.PriorTriage(ctx, "p", []string{"h", "g"})
	if err != nil || tri["h"].Status != "wont_fix" || tri["g"].Status != "fixed" || tri["g"].BugID != "VG_1_2" {
		t.Fatalf("triage after upgrade: %+v %v", tri, err)
	}
}
