package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"
)

// EnsureProject finds the client's project by source key or creates it with the next
// sequence id; name, URL and branch are updated to the latest scan's.
func (s *SQLite) EnsureProject(ctx context.Context, p Project) (Project, error) {
	// Most scans are rescans of a project whose name, URL and branch are as they were: a read
	// answers them, without a write transaction.
	known, err := scanProject(s.db.QueryRowContext(ctx, `SELECT `+projectColumns+` FROM projects WHERE client_id = ? AND source_key = ?`,
		p.ClientID, p.SourceKey))
	if err == nil && sameProject(known, p) {
		return known, nil
	}
	var out Project
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		var created sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT id, sequence_id, created_at FROM projects WHERE client_id = ? AND source_key = ?`,
			p.ClientID, p.SourceKey).Scan(&out.ID, &out.SequenceID, &created)
		switch {
		case err == nil:
			out.CreatedAt = fromMicros(created)
			_, err = tx.ExecContext(ctx, `UPDATE projects SET name = ?, url = ?, branch = ? WHERE id = ?`, p.Name, p.URL, p.Branch, out.ID)
			return err
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(sequence_id), 0) + 1 FROM projects WHERE client_id = ?`,
			p.ClientID).Scan(&out.SequenceID); err != nil {
			return err
		}
		out.ID = NewID()
		out.CreatedAt = time.Now().UTC()
		_, err = tx.ExecContext(ctx, `INSERT INTO projects(id, client_id, sequence_id, source_key, name, url, branch, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, out.ID, p.ClientID, out.SequenceID, p.SourceKey, p.Name, p.URL, p.Branch, out.CreatedAt.UnixMicro())
		return err
	})
	if err != nil {
		return Project{}, err
	}
	out.ClientID, out.SourceKey, out.Name, out.URL, out.Branch = p.ClientID, p.SourceKey, p.Name, p.URL, p.Branch
	return out, nil
}

// GetProject reads one of the client's projects.
func (s *SQLite) GetProject(ctx context.Context, clientID int64, id string) (Project, error) {
	p, err := scanProject(s.db.QueryRowContext(ctx, `SELECT `+projectColumns+` FROM projects WHERE id = ? AND client_id = ?`, id, clientID))
	return p, notFound(err)
}

// CreateScan records a new scan.
func (s *SQLite) CreateScan(ctx context.Context, sc Scan) error {
	_, err := s.w.ExecContext(ctx, insertScanSQLite, insertScanArgs(sc)...)
	return err
}

const insertScanSQLite = `INSERT INTO scans(id, client_id, project_id, scan_type, source, status, err_msg,
	reporting_status, request, attempts, created_at, owner, dispatched) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

// insertScanArgs are the values of a new scan's row: a scan with an owner waits undispatched
// until DispatchNext gives it a place among its owner's share of the workers.
func insertScanArgs(sc Scan) []any {
	return []any{sc.ID, sc.ClientID, sc.ProjectID, sc.ScanType, sc.Source, sc.Status, sc.ErrMsg, sc.ReportingStatus,
		string(sc.Request), sc.Attempts, sc.CreatedAt.UnixMicro(), sc.Owner, sc.Owner == ""}
}

// GetScan reads one of the client's scans.
func (s *SQLite) GetScan(ctx context.Context, clientID int64, id string) (Scan, error) {
	sc, err := scanScan(s.db.QueryRowContext(ctx, `SELECT `+scanColumns+` FROM scans WHERE id = ? AND client_id = ?`, id, clientID))
	return sc, notFound(err)
}

// GetScanMeta reads one of the client's scans without its report.
func (s *SQLite) GetScanMeta(ctx context.Context, clientID int64, id string) (Scan, error) {
	sc, err := scanScan(s.db.QueryRowContext(ctx, `SELECT `+scanMetaColumns+` FROM scans WHERE id = ? AND client_id = ?`, id, clientID))
	return sc, notFound(err)
}

// GetScanAny reads a scan of any client.
func (s *SQLite) GetScanAny(ctx context.Context, id string) (Scan, error) {
	sc, err := scanScan(s.db.QueryRowContext(ctx, `SELECT `+scanColumns+` FROM scans WHERE id = ?`, id))
	return sc, notFound(err)
}

// ScanStatus reads a scan's status.
func (s *SQLite) ScanStatus(ctx context.Context, id string) (string, error) {
	var status string
	err := s.db.QueryRowContext(ctx, `SELECT status FROM scans WHERE id = ?`, id).Scan(&status)
	return status, notFound(err)
}

// StartScan marks the scan running and counts one more attempt.
func (s *SQLite) StartScan(ctx context.Context, id string, at time.Time) (int, error) {
	var attempts int
	err := s.w.QueryRowContext(ctx, `UPDATE scans SET status = 'scan_in_progress', attempts = attempts + 1, started_at = ?, running = 1, progress = ''
		WHERE id = ? AND status IN ('queued', 'scan_in_progress') RETURNING attempts`, at.UnixMicro(), id).Scan(&attempts)
	return attempts, notFound(err)
}

// FinishScan records a scan's outcome with its findings.
func (s *SQLite) FinishScan(ctx context.Context, id, status, errMsg string, report []byte, findings []Finding, at time.Time, docs ...Document) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		// The report's bytes are bound as they are (a string of them would be one more copy of
		// the report on the heap) and stored as the TEXT they are.
		var rep any
		if report != nil {
			rep = report
		}
		// One statement records the outcome of an unfinished scan and says its project; the
		// status is read only when it recorded nothing, to tell a finished scan from a gone one.
		var projectID string
		err := tx.QueryRowContext(ctx, `UPDATE scans SET status = ?, err_msg = ?, report = CAST(? AS TEXT), finished_at = ?, running = 0
			WHERE id = ? AND status IN ('queued', 'scan_in_progress') RETURNING project_id`,
			status, errMsg, rep, at.UnixMicro(), id).Scan(&projectID)
		if errors.Is(err, sql.ErrNoRows) {
			var current string
			if err := tx.QueryRowContext(ctx, `SELECT status FROM scans WHERE id = ?`, id).Scan(&current); err != nil {
				return notFound(err)
			}
			return ErrConflict
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM findings WHERE scan_id = ?`, id); err != nil {
			return err
		}
		for _, d := range docs {
			if err := putDocument(ctx, tx, d); err != nil {
				return err
			}
		}
		if len(findings) == 0 {
			return nil
		}
		// One statement per table for all the findings, whatever their number: jsonb_each walks
		// an array of [bug_hash, bug_id, status] (a hash given twice: the findings row keeps
		// the last, the triage the first). jsonb_each rather than json_each: it hands each row
		// over as parsed JSON, where json_each writes it back as text for ->> to parse again
		// (a third of the statement's time).
		rows, err := findingRows(findings)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO findings(scan_id, project_id, bug_hash, bug_id, status)
			SELECT ?, ?, value ->> 0, value ->> 1, value ->> 2 FROM jsonb_each(?)`, id, projectID, rows); err != nil {
			return err
		}
		// A hash new to the project starts its triage; a known one keeps its id and status.
		// Hashes the caller found in the project's triage (Known) are left out: their rows
		// are there (a project is deleted, triage and all, only with no scan unfinished), and
		// a rescan, where all are known, writes no triage at all.
		fresh := make([]Finding, 0, len(findings))
		for _, f := range findings {
			if !f.Known {
				fresh = append(fresh, f)
			}
		}
		if len(fresh) == 0 {
			return nil
		}
		if len(fresh) < len(findings) {
			if rows, err = findingRows(fresh); err != nil {
				return err
			}
		}
		// (WHERE true: without it SQLite would read ON CONFLICT as a join's ON.)
		_, err = tx.ExecContext(ctx, `INSERT INTO bug_triage(project_id, bug_hash, bug_id, status, updated_at)
			SELECT ?, value ->> 0, value ->> 1, value ->> 2, ? FROM jsonb_each(?) WHERE true
			ON CONFLICT(project_id, bug_hash) DO NOTHING`, projectID, at.UnixMicro(), rows)
		return err
	})
}

// InterruptScan records that an attempt ended without an outcome because the server is
// stopping gracefully: the scan is resumed at the next start, and not counted as a crash.
func (s *SQLite) InterruptScan(ctx context.Context, id string) error {
	_, err := s.w.ExecContext(ctx, `UPDATE scans SET running = 0 WHERE id = ?`, id)
	return err
}

// RecordCrash counts a process death during the scan's attempt and clears its running mark;
// it returns the crashes so far.
func (s *SQLite) RecordCrash(ctx context.Context, id string) (int, error) {
	var crashes int
	err := s.w.QueryRowContext(ctx, `UPDATE scans SET running = 0, crashes = crashes + 1 WHERE id = ? RETURNING crashes`, id).Scan(&crashes)
	return crashes, notFound(err)
}

// queuedScansSQL counts the queued scans. The partial index scans_unfinished holds the queued
// and running scans only; SQLite uses it when the query repeats its condition (it does not
// see that status = 'queued' implies it), and otherwise read every scan ever made, report
// pages included, on every scan request.
const queuedScansSQL = `SELECT COUNT(*) FROM scans WHERE status IN ('queued', 'scan_in_progress') AND status = 'queued'`

// QueuedScans counts the scans waiting for a worker.
func (s *SQLite) QueuedScans(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, queuedScansSQL).Scan(&n)
	return n, err
}

// UnfinishedScans lists queued and running scans, oldest first.
func (s *SQLite) UnfinishedScans(ctx context.Context) ([]Scan, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+scanColumns+` FROM scans WHERE status IN ('queued', 'scan_in_progress') ORDER BY created_at, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, scanScan)
}

// PriorTriage returns the bug id and status the project has for each known hash. The hashes go
// as one JSON array (json_each), so that the statement's text, kept prepared, is the same
// whatever their number.
func (s *SQLite) PriorTriage(ctx context.Context, projectID string, hashes []string) (map[string]Triage, error) {
	out := make(map[string]Triage, len(hashes))
	if len(hashes) == 0 {
		return out, nil
	}
	list, err := json.Marshal(hashes)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT bug_hash, bug_id, status FROM bug_triage
		WHERE project_id = ? AND bug_hash IN (SELECT value FROM json_each(?))`, projectID, string(list))
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
func (s *SQLite) NextBugNumbers(ctx context.Context, projectID string, n int) (int64, error) {
	var last int64
	err := s.w.QueryRowContext(ctx, `UPDATE projects SET bug_counter = bug_counter + ? WHERE id = ? RETURNING bug_counter`,
		n, projectID).Scan(&last)
	if err != nil {
		return 0, notFound(err)
	}
	return last - int64(n) + 1, nil
}

// ScanFindings returns the findings of a scan keyed by bug hash, with the project's current
// triage.
func (s *SQLite) ScanFindings(ctx context.Context, scanID string) (map[string]Finding, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT f.bug_hash, COALESCE(t.bug_id, f.bug_id), COALESCE(t.status, f.status)
		FROM findings f LEFT JOIN bug_triage t ON t.project_id = f.project_id AND t.bug_hash = f.bug_hash
		WHERE f.scan_id = ?`, scanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return byHash(readAll(rows, scanFinding))
}

// SetBugStatus sets the project's triage status of a bug hash: every scan of the project shows
// it, and the next rescan carries it.
func (s *SQLite) SetBugStatus(ctx context.Context, clientID int64, projectID, bugHash, status string) error {
	if _, err := s.GetProject(ctx, clientID, projectID); err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, `UPDATE bug_triage SET status = ?, updated_at = ? WHERE project_id = ? AND bug_hash = ?`,
		status, time.Now().UnixMicro(), projectID, bugHash)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// SetReporting records the state of a scan's downloadable report.
func (s *SQLite) SetReporting(ctx context.Context, scanID, status, errMsg, reportID string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE scans SET reporting_status = ?, reporting_err_msg = ?,
		report_id = CASE WHEN ? = '' THEN report_id ELSE ? END WHERE id = ?`, status, errMsg, reportID, reportID, scanID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// ProjectScans lists the client's scans of a project, newest first, at most limit.
func (s *SQLite) ProjectScans(ctx context.Context, clientID int64, projectID string, limit int) ([]Scan, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+scanColumns+` FROM scans WHERE client_id = ? AND project_id = ?
		ORDER BY created_at DESC, id DESC LIMIT ?`, clientID, projectID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, scanScan)
}
