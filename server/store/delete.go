package store

import (
	"encoding/json"
	"strings"
)

// Removed is what DeleteProject took out of the database that names files kept elsewhere: the
// caller deletes them from the blob store once the rows are gone.
type Removed struct {
	Scans int // scans deleted
	// Reports are the report ids of the scans' latest generated reports
	// (reports/<id>.pdf and .html in the blob store).
	Reports []string
	// Uploads are the object keys of the uploads the project's scans read and no other scan of
	// the client does. Their records are expired rather than deleted, so that if the caller
	// cannot remove a file the janitor still finds it (Store.ExpiredUploads) and removes both.
	Uploads []string
}

// projectDeletes remove a project's rows, children before parents for the foreign keys: its
// scans' webhook deliveries, findings and documents (code excerpts, repository scan details),
// the documents keyed by the project (triage notes), its triage, its scans and itself. Each
// takes the project id as its one parameter, spelled $1 (SQLite's copy spells it ?).
var projectDeletes = []string{
	`DELETE FROM webhook_deliveries WHERE scan_id IN (SELECT id FROM scans WHERE project_id = $1)`,
	`DELETE FROM findings WHERE scan_id IN (SELECT id FROM scans WHERE project_id = $1)`,
	`DELETE FROM documents WHERE id IN (SELECT id FROM scans WHERE project_id = $1)`,
	`DELETE FROM documents WHERE id = $1`,
	`DELETE FROM bug_triage WHERE project_id = $1`,
	`DELETE FROM scans WHERE project_id = $1`,
	`DELETE FROM projects WHERE id = $1`,
}

// countUnfinished counts a project's scans a worker may still change: while there is one,
// the project is not deleted, so that no worker records an outcome into a deleted project.
const countUnfinished = `SELECT COUNT(*) FROM scans WHERE project_id = $1 AND status IN ('queued', 'scan_in_progress')`

// sqliteParams spells a one-parameter query for SQLite.
func sqliteParams(q string) string { return strings.ReplaceAll(q, "$1", "?") }

// deletedScan is what DeleteProject reads of each scan before removing it.
type deletedScan struct {
	reportID string
	request  []byte
}

// removedOf gathers the blob names of the deleted scans; shared tells whether another scan of
// the client reads an upload, which then stays.
func removedOf(scans []deletedScan, shared func(key string) (bool, error)) (Removed, error) {
	out := Removed{Scans: len(scans)}
	seen := map[string]bool{}
	for _, sc := range scans {
		if sc.reportID != "" {
			out.Reports = append(out.Reports, sc.reportID)
		}
		for _, key := range requestUploads(sc.request) {
			if seen[key] {
				continue
			}
			seen[key] = true
			in, err := shared(key)
			if err != nil {
				return Removed{}, err
			}
			if !in {
				out.Uploads = append(out.Uploads, key)
			}
		}
	}
	return out, nil
}

// requestUploads reads the upload object keys a scan request names: Scan.Request's "uploads"
// member, which the server writes for file scans. A request that does not decode names none.
func requestUploads(request []byte) []string {
	var req struct {
		Uploads []string `json:"uploads"`
	}
	if json.Unmarshal(request, &req) != nil {
		return nil
	}
	return req.Uploads
}

// uploadNeedle is what another scan's request holds when it reads the upload: the key as a
// JSON string. Keys are hex ids, so the match needs no escaping.
func uploadNeedle(key string) string { return `"` + key + `"` }

func scanDeleted(r row) (deletedScan, error) {
	var d deletedScan
	var request string
	err := r.Scan(&d.reportID, &request)
	d.request = []byte(request)
	return d, err
}
