package store

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"time"
)

// Row readers shared by both engines: their schemas have the same columns, with times in Unix
// microseconds, so one reader per table serves SQLite's *sql.Row and pgx's rows alike.

type row interface{ Scan(...any) error }

// readAll reads the rows of a query (*sql.Rows or pgx.Rows; the caller closes them) with read.
func readAll[T any](rows interface {
	row
	Next() bool
	Err() error
}, read func(row) (T, error)) ([]T, error) {
	var out []T
	for rows.Next() {
		v, err := read(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// NewID returns a random 24-hex-digit identifier (96 bits), the shape of project and scan ids.
func NewID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// scanColumns are the columns scanScan reads; scanMetaColumns the same without the report's
// bytes (NULL in their place), for the callers that need the scan's row but not its report.
// has_report is computed from the report's length, which neither engine reads the text for
// (SQLite's octet_length takes it from the record header; PostgreSQL's from the TOAST pointer).
const (
	scanColumns     = scanColumnsHead + `report` + scanColumnsTail
	scanMetaColumns = scanColumnsHead + `NULL` + scanColumnsTail
	scanColumnsHead = `id, client_id, project_id, scan_type, source, status, err_msg, reporting_status, request,
	attempts, created_at, started_at, finished_at, `
	scanColumnsTail = `, COALESCE(octet_length(report), 0) > 0, report_id, reporting_err_msg, running, crashes, progress, owner, dispatched`
)

func scanScan(r row) (Scan, error) {
	var sc Scan
	var req, progress string
	var rep sql.NullString
	var created, started, finished sql.NullInt64
	err := r.Scan(&sc.ID, &sc.ClientID, &sc.ProjectID, &sc.ScanType, &sc.Source, &sc.Status, &sc.ErrMsg,
		&sc.ReportingStatus, &req, &sc.Attempts, &created, &started, &finished, &rep, &sc.HasReport, &sc.ReportID,
		&sc.ReportingErrMsg, &sc.Running, &sc.Crashes, &progress, &sc.Owner, &sc.Dispatched)
	sc.Request = []byte(req)
	sc.Progress = decodeProgress(progress)
	if rep.Valid {
		sc.Report = []byte(rep.String)
	}
	sc.CreatedAt, sc.StartedAt, sc.FinishedAt = fromMicros(created), fromMicros(started), fromMicros(finished)
	return sc, err
}

const keyColumns = `id, client_id, name, prefix, hash, created_at, revoked_at, max_queued, max_running`

func scanKey(r row) (Key, error) {
	var k Key
	var created, revoked sql.NullInt64
	err := r.Scan(&k.ID, &k.ClientID, &k.Name, &k.Prefix, &k.Hash, &created, &revoked, &k.MaxQueued, &k.MaxRunning)
	k.CreatedAt, k.RevokedAt = fromMicros(created), fromMicros(revoked)
	return k, err
}

func scanUpload(r row) (Upload, error) {
	var u Upload
	var created, expires, uploaded sql.NullInt64
	err := r.Scan(&u.ObjectKey, &u.ClientID, &u.FileName, &u.Size, &created, &expires, &uploaded, &u.KeyID)
	u.CreatedAt, u.ExpiresAt, u.UploadedAt = fromMicros(created), fromMicros(expires), fromMicros(uploaded)
	return u, err
}

const uploadColumns = `object_key, client_id, file_name, size, created_at, expires_at, uploaded_at, key_id`

const deliveryColumns = `id, client_id, event_type, scan_id, body, status, attempts, next_attempt_at, last_error, created_at`

func scanDelivery(r row) (Delivery, error) {
	var d Delivery
	var body string
	var next, created sql.NullInt64
	err := r.Scan(&d.ID, &d.ClientID, &d.EventType, &d.ScanID, &body, &d.Status, &d.Attempts, &next, &d.LastError, &created)
	d.Body = []byte(body)
	d.NextAttemptAt, d.CreatedAt = fromMicros(next), fromMicros(created)
	return d, err
}

func fromMicros(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.UnixMicro(n.Int64).UTC()
}

func scanClient(r row) (Client, error) {
	var c Client
	var created sql.NullInt64
	err := r.Scan(&c.ID, &c.Name, &created)
	c.CreatedAt = fromMicros(created)
	return c, err
}

func scanDocument(kind, id string, r row) (Document, error) {
	d := Document{Kind: kind, ID: id}
	var created, updated sql.NullInt64
	err := r.Scan(&d.ClientID, &created, &updated, &d.Data)
	d.CreatedAt, d.UpdatedAt = fromMicros(created), fromMicros(updated)
	return d, err
}

const endpointColumns = `client_id, url, headers, secret, updated_at`

func scanEndpoint(r row) (Endpoint, error) {
	var e Endpoint
	var h string
	var updated sql.NullInt64
	if err := r.Scan(&e.ClientID, &e.URL, &h, &e.Secret, &updated); err != nil {
		return Endpoint{}, err
	}
	e.UpdatedAt = fromMicros(updated)
	if err := json.Unmarshal([]byte(h), &e.Headers); err != nil {
		return Endpoint{}, err
	}
	return e, nil
}

const projectColumns = `id, client_id, sequence_id, source_key, name, url, branch, created_at`

func scanProject(r row) (Project, error) {
	var p Project
	var created sql.NullInt64
	err := r.Scan(&p.ID, &p.ClientID, &p.SequenceID, &p.SourceKey, &p.Name, &p.URL, &p.Branch, &created)
	p.CreatedAt = fromMicros(created)
	return p, err
}

// sameProject says whether a stored project already has the name, URL and branch an
// EnsureProject asks for.
func sameProject(known, p Project) bool {
	return known.Name == p.Name && known.URL == p.URL && known.Branch == p.Branch
}

func scanFinding(r row) (Finding, error) {
	var f Finding
	err := r.Scan(&f.BugHash, &f.BugID, &f.Status)
	return f, err
}

// findingRows is the JSON array of the findings' [bug_hash, bug_id, status], for SQLite's
// json_each.
func findingRows(fs []Finding) (string, error) {
	rows := make([][3]string, len(fs))
	for i, f := range fs {
		rows[i] = [3]string{f.BugHash, f.BugID, f.Status}
	}
	b, err := json.Marshal(rows)
	return string(b), err
}

// byHash keys findings by bug hash.
func byHash(fs []Finding, err error) (map[string]Finding, error) {
	if err != nil {
		return nil, err
	}
	out := make(map[string]Finding, len(fs))
	for _, f := range fs {
		out[f.BugHash] = f
	}
	return out, nil
}
