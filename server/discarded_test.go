package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/store"
)

// discardJob leaves a scan's job as River leaves one whose last attempt failed: discarded,
// with the attempt's error recorded.
func discardJob(t *testing.T, a *apiServer, database, scanID string) {
	t.Helper()
	ctx := context.Background()
	const lastError = `finish: recording outcome: disk I/O error`
	if database == "" {
		db := a.Store().(*store.SQLite).WriteDB()
		res, err := db.ExecContext(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = datetime('now'), attempt = max_attempts,
			errors = json_array(json_object('at', '2026-01-01T00:00:00Z', 'attempt', max_attempts, 'error', ?, 'trace', ''))
			WHERE kind = 'scan' AND json_extract(args, '$.scan_id') = ?`, lastError, scanID)
		if n, _ := res.RowsAffected(); err != nil || n != 1 {
			t.Fatalf("discarding the job: %v (%d rows)", err, n)
		}
		return
	}
	conn, err := pgx.Connect(ctx, database)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tag, err := conn.Exec(ctx, `UPDATE river_job SET state = 'discarded', finalized_at = now(), attempt = max_attempts,
		errors = ARRAY[jsonb_build_object('at', now(), 'attempt', max_attempts, 'error', $1::text, 'trace', '')]
		WHERE kind = 'scan' AND args->>'scan_id' = $2`, lastError, scanID)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("discarding the job: %v (%d rows)", err, tag.RowsAffected())
	}
}

// A scan whose job River discarded after its last attempt, with no outcome recorded, would
// read scan_in_progress forever: the janitor ends it as scan_failed with the reason, and the
// next pass finds nothing more to do. On both engines.
func TestJanitorEndsScansOfDiscardedJobs(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			db := e.database(t)
			// An api process: nothing works the queue, so the job stays as the test leaves it.
			a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) {
				c.Database, c.Role, c.ScanWait = db, server.RoleAPI, time.Millisecond
			})
			key, _ := a.newKey(t, "ci", 0)
			u := presign(t, a, "Bearer "+key, "Wallet.sol")
			put(t, u, []byte(vulnerable))
			rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+key, map[string]any{"file_urls": []string{u}}))
			if rep.ScanStatus != report.StatusInProgress {
				t.Fatalf("queued scan answered %s", rep.ScanStatus)
			}
			discardJob(t, a, db, rep.ScanID)
			a.JanitorPass(context.Background())
			got := scanReport(t, call(t, "POST", a.URL+"/private/api-get-scan/", "Bearer "+key, map[string]any{"scan_id": rep.ScanID}))
			if got.ScanStatus != report.StatusFailed || !strings.Contains(got.ScanStatusErrMsg, "gave up on it after") ||
				!strings.Contains(got.ScanStatusErrMsg, "disk I/O error") {
				t.Fatalf("after the janitor: %s %q", got.ScanStatus, got.ScanStatusErrMsg)
			}
			a.JanitorPass(context.Background()) // nothing left: the job's row is gone
			if sc, _ := a.Store().GetScanAny(context.Background(), rep.ScanID); sc.Status != report.StatusFailed || sc.ErrMsg != got.ScanStatusErrMsg {
				t.Fatalf("second pass changed the scan: %s %q", sc.Status, sc.ErrMsg)
			}
		})
	}
}

// One SQLite file has one worker process: a second process that would run scans on it is
// refused with an error that says why and what to do, while a serving-only process (role api)
// may join; once the worker stops, another may take its place.
func TestOneWorkerPerSQLiteFile(t *testing.T) {
	dir := t.TempDir()
	first := startServer(t, dir, &fakeEngine{}, nil)
	for _, role := range []string{server.RoleAll, server.RoleWorker} {
		_, err := server.New(server.Config{DataDir: dir, Role: role}, &fakeEngine{})
		if err == nil || !strings.Contains(err.Error(), "already runs scans on the SQLite database") ||
			!strings.Contains(err.Error(), "--role api") || !strings.Contains(err.Error(), "pid ") {
			t.Fatalf("a second %s process on the same SQLite file: %v", role, err)
		}
	}
	api, err := server.New(server.Config{DataDir: dir, Role: server.RoleAPI}, &fakeEngine{})
	if err != nil {
		t.Fatalf("an api process beside the worker: %v", err)
	}
	api.Close(context.Background())
	first.stop()
	second, err := server.New(server.Config{DataDir: dir}, &fakeEngine{})
	if err != nil {
		t.Fatalf("a worker after the first stopped: %v", err)
	}
	second.Close(context.Background())
}
