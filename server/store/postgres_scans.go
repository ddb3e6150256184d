package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnsureProject finds the client's project by source key or creates it with the next
// sequence id. Locking the client's row serialises the creations of one client's projects
// across processes, so two never take the same sequence id.
func (s *Postgres) EnsureProject(ctx context.Context, p Project) (Project, error) {
	// Most scans are rescans of a project whose name, URL and branch are as they were: a read
	// answers them, without the transaction that locks the client's row.
	known, err := scanProject(s.pool.QueryRow(ctx, `SELECT `+projectColumns+` FROM projects WHERE client_id = $1 AND source_key = $2`,
		p.ClientID, p.SourceKey))
	if err == nil && sameProject(known, p) {
		return known, nil
	}
	var out Project
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT id FROM clients WHERE id = $1 FOR UPDATE`, p.ClientID); err != nil {
			return err
		}
		var created *int64
		err := tx.QueryRow(ctx, `SELECT id, sequence_id, created_at FROM projects WHERE client_id = $1 AND source_key = $2`,
			p.ClientID, p.SourceKey).Scan(&out.ID, &out.SequenceID, &created)
		switch {
		case err == nil:
			if created != nil {
				out.CreatedAt = time.UnixMicro(*created).UTC()
			}
			_, err = tx.Exec(ctx, `UPDATE projects SET name = $1, url = $2, branch = $3 WHERE id = $4`, p.Name, p.URL, p.Branch, out.ID)
			return err
		case err != pgx.ErrNoRows:
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(sequence_id), 0) + 1 FROM projects WHERE client_id = $1`,
			p.ClientID).Scan(&out.SequenceID); err != nil {
			return err
		}
		out.ID = NewID()
		out.CreatedAt = time.Now().UTC()
		_, err = tx.Exec(ctx, `INSERT INTO projects(id, client_id, sequence_id, source_key, name, url, branch, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, out.ID, p.ClientID, out.SequenceID, p.SourceKey, p.Name, p.URL, p.Branch,
			out.CreatedAt.UnixMicro())
		return err
	})
	if err != nil {
		return Project{}, err
	}
	out.ClientID, out.SourceKey, out.Name, out.URL, out.Branch = p.ClientID, p.SourceKey, p.Name, p.URL, p.Branch
	return out, nil
}

// GetProject reads one of the client's projects.
func (s *Postgres) GetProject(ctx context.Context, clientID int64, id string) (Project, error) {
	p, err := scanProject(s.pool.QueryRow(ctx, `SELECT `+projectColumns+` FROM projects WHERE id = $1 AND client_id = $2`, id, clientID))
	return p, pgNotFound(err)
}

// CreateScan records a new scan.
func (s *Postgres) CreateScan(ctx context.Context, sc Scan) error {
	_, err := s.pool.Exec(ctx, insertScanPostgres, insertScanArgs(sc)...)
	return err
}

const insertScanPostgres = `INSERT INTO scans(id, client_id, project_id, scan_type, source, status, err_msg,
	reporting_status, request, attempts, created_at, owner, dispatched) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`

// GetScan reads one of the client's scans.
func (s *Postgres) GetScan(ctx context.Context, clientID int64, id string) (Scan, error) {
	sc, err := scanScan(s.pool.QueryRow(ctx, `SELECT `+scanColumns+` FROM scans WHERE id = $1 AND client_id = $2`, id, clientID))
	return sc, pgNotFound(err)
}

// GetScanMeta reads one of the client's scans without its report.
func (s *Postgres) GetScanMeta(ctx context.Context, clientID int64, id string) (Scan, error) {
	sc, err := scanScan(s.pool.QueryRow(ctx, `SELECT `+scanMetaColumns+` FROM scans WHERE id = $1 AND client_id = $2`, id, clientID))
	return sc, pgNotFound(err)
}

// GetScanAny reads a scan of any client.
func (s *Postgres) GetScanAny(ctx context.Context, id string) (Scan, error) {
	sc, err := scanScan(s.pool.QueryRow(ctx, `SELECT `+scanColumns+` FROM scans WHERE id = $1`, id))
	return sc, pgNotFound(err)
}

// ScanStatus reads a scan's status.
func (s *Postgres) ScanStatus(ctx context.Context, id string) (string, error) {
	var status string
	err := s.pool.QueryRow(ctx, `SELECT status FROM scans WHERE id = $1`, id).Scan(&status)
	return status, pgNotFound(err)
}

// StartScan marks the scan running and counts one more attempt.
func (s *Postgres) StartScan(ctx context.Context, id string, at time.Time) (int, error) {
	var attempts int
	err := s.pool.QueryRow(ctx, `UPDATE scans SET status = 'scan_in_progress', attempts = attempts + 1, started_at = $1, running = true, progress = ''
		WHERE id = $2 AND status IN ('queued', 'scan_in_progress') RETURNING attempts`, at.UnixMicro(), id).Scan(&attempts)
	return attempts, pgNotFound(err)
}

// FinishScan records a scan's outcome with its findings in one transaction.
func (s *Postgres) FinishScan(ctx context.Context, id, status, errMsg string, report []byte, findings []Finding, at time.Time, docs ...Document) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var projectID, current string
		if err := tx.QueryRow(ctx, `SELECT project_id, status FROM scans WHERE id = $1 FOR UPDATE`, id).Scan(&projectID, &current); err != nil {
			return pgNotFound(err)
		}
		if !unfinished(current) {
			return ErrConflict
		}
		b := &pgx.Batch{}
		// A nil report is NULL; pgx sends the bytes as the TEXT they are, without a copy.
		b.Queue(`UPDATE scans SET status = $1, err_msg = $2, report = $3, finished_at = $4, running = false WHERE id = $5`,
			status, errMsg, report, at.UnixMicro(), id)
		b.Queue(`DELETE FROM findings WHERE scan_id = $1`, id)
		for _, d := range docs {
			queuePutDocument(b, d)
		}
		// Sent at commit, to every process listening (ListenFinished).
		b.Queue(`SELECT pg_notify($1, $2)`, finishedChannel, id)
		if len(findings) > 0 {
			// One statement per table for all the findings, over arrays of their columns. A
			// hash given twice: the findings row keeps the last (one command may not update a
			// row twice), the triage the first.
			hashes, ids, statuses := findingColumns(lastPerHash(findings))
			b.Queue(`INSERT INTO findings(scan_id, project_id, bug_hash, bug_id, status)
				SELECT $1, $2, h, i, s FROM unnest($3::text[], $4::text[], $5::text[]) AS f(h, i, s)
				ON CONFLICT (scan_id, bug_hash) DO UPDATE SET bug_id = excluded.bug_id, status = excluded.status`,
				id, projectID, hashes, ids, statuses)
			// A hash new to the project starts its triage; a known one keeps its id and status.
			hashes, ids, statuses = findingColumns(findings)
			b.Queue(`INSERT INTO bug_triage(project_id, bug_hash, bug_id, status, updated_at)
				SELECT $1, h, i, s, $2 FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS f(h, i, s, n) ORDER BY n
				ON CONFLICT (project_id, bug_hash) DO NOTHING`, projectID, at.UnixMicro(), hashes, ids, statuses)
		}
		return tx.SendBatch(ctx, b).Close()
	})
}

// findingColumns splits findings into arrays of their columns, for unnest.
func findingColumns(fs []Finding) (hashes, ids, statuses []string) {
	for _, f := range fs {
		hashes, ids, statuses = append(hashes, f.BugHash), append(ids, f.BugID), append(statuses, f.Status)
	}
	return hashes, ids, statuses
}

// lastPerHash keeps the last finding of each bug hash, in the order of their first.
func lastPerHash(fs []Finding) []Finding {
	at := make(map[string]int, len(fs))
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		if i, ok := at[f.BugHash]; ok {
			out[i] = f
			continue
		}
		at[f.BugHash] = len(out)
		out = append(out, f)
	}
	return out
}

// InterruptScan records that an attempt ended without an outcome because the process is
// stopping gracefully.
func (s *Postgres) InterruptScan(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `UPDATE scans SET running = false WHERE id = $1`, id)
	return err
}

// RecordCrash counts a process death during the scan's attempt and clears its running mark.
func (s *Postgres) RecordCrash(ctx context.Context, id string) (int, error) {
	var crashes int
	err := s.pool.QueryRow(ctx, `UPDATE scans SET running = false, crashes = crashes + 1 WHERE id = $1 RETURNING crashes`, id).Scan(&crashes)
	return crashes, pgNotFound(err)
}

// QueuedScans counts the scans waiting for a worker.
func (s *Postgres) QueuedScans(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM scans WHERE status = 'queued'`).Scan(&n)
	return n, err
}

// UnfinishedScans lists queued and running scans, oldest first.
func (s *Postgres) UnfinishedScans(ctx context.Context) ([]Scan, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+scanColumns+` FROM scans WHERE status IN ('queued', 'scan_in_progress') ORDER BY created_at, id`)
	return collect(rows, err, scanScan)
}

// PriorTriage returns the bug id and status the project has for each known hash.
func (s *Postgres) PriorTriage(ctx context.Context, projectID string, hashes []string) (map[string]Triage, error) {
	out := make(map[string]Triage, len(hashes))
	rows, err := s.pool.Query(ctx, `SELECT bug_hash, bug_id, status FROM bug_triage WHERE project_id = $1 AND bug_hash = ANY($2)`,
		projectID, hashes)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var h string
		var t Triage
		if err := rows.Scan(&h, &t.BugID, &t.Status); err != nil {
			return nil, err
		}
		out[h] = t
	}
	return out, rows.Err()
}

// NextBugNumbers reserves n numbers from the project's bug counter.
func (s *Postgres) NextBugNumbers(ctx context.Context, projectID string, n int) (int64, error) {
	var last int64
	err := s.pool.QueryRow(ctx, `UPDATE projects SET bug_counter = bug_counter + $1 WHERE id = $2 RETURNING bug_counter`,
		n, projectID).Scan(&last)
	if err != nil {
		return 0, pgNotFound(err)
	}
	return last - int64(n) + 1, nil
}

// ScanFindings returns the findings of a scan keyed by bug hash, with the project's current
// triage.
func (s *Postgres) ScanFindings(ctx context.Context, scanID string) (map[string]Finding, error) {
	rows, err := s.pool.Query(ctx, `SELECT f.bug_hash, COALESCE(t.bug_id, f.bug_id), COALESCE(t.status, f.status)
		FROM findings f LEFT JOIN bug_triage t ON t.project_id = f.project_id AND t.bug_hash = f.bug_hash
		WHERE f.scan_id = $1`, scanID)
	return byHash(collect(rows, err, scanFinding))
}

// SetBugStatus sets the project's triage status of a bug hash.
func (s *Postgres) SetBugStatus(ctx context.Context, clientID int64, projectID, bugHash, status string) error {
	if _, err := s.GetProject(ctx, clientID, projectID); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE bug_triage SET status = $1, updated_at = $2 WHERE project_id = $3 AND bug_hash = $4`,
		status, time.Now().UnixMicro(), projectID, bugHash)
	if err != nil {
		return err
	}
	return affected(tag.RowsAffected())
}

// SetReporting records the state of a scan's downloadable report.
func (s *Postgres) SetReporting(ctx context.Context, scanID, status, errMsg, reportID string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE scans SET reporting_status = $1, reporting_err_msg = $2,
		report_id = CASE WHEN $3::text = '' THEN report_id ELSE $3::text END WHERE id = $4`, status, errMsg, reportID, scanID)
	if err != nil {
		return err
	}
	return affected(tag.RowsAffected())
}

// ProjectScans lists the client's scans of a project, newest first, at most limit.
func (s *Postgres) ProjectScans(ctx context.Context, clientID int64, projectID string, limit int) ([]Scan, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+scanColumns+` FROM scans WHERE client_id = $1 AND project_id = $2
		ORDER BY created_at DESC, id DESC LIMIT $3`, clientID, projectID, limit)
	return collect(rows, err, scanScan)
}

// finishedChannel is the NOTIFY channel of finished scans; the payload is the scan id.
const finishedChannel = "vigil_scan_finished"

// ListenFinished calls finished with the id of every scan any process finishes, until ctx is
// done or the connection fails (the caller listens again). It holds one connection of the
// pool.
func (s *Postgres) ListenFinished(ctx context.Context, finished func(scanID string)) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "LISTEN "+finishedChannel); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), "UNLISTEN "+finishedChannel)
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			return err
		}
		finished(n.Payload)
	}
}
