-- Triage per project and bug hash, so that carrying bug ids and statuses into a rescan reads
-- one row per finding instead of every earlier sighting (which grew with each rescan).
-- findings keeps which bug hashes each scan reported; the status shown is the project's.

CREATE TABLE bug_triage (
    project_id TEXT NOT NULL REFERENCES projects(id),
    bug_hash   TEXT NOT NULL,
    bug_id     TEXT NOT NULL,
    status     TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (project_id, bug_hash)
);

-- Carry over what existing databases know: the latest sighting of each hash.
INSERT INTO bug_triage(project_id, bug_hash, bug_id, status, updated_at)
SELECT f.project_id, f.bug_hash, f.bug_id, f.status, COALESCE(s.finished_at, 0)
FROM findings f JOIN scans s ON s.id = f.scan_id
WHERE s.finished_at = (
    SELECT MAX(s2.finished_at) FROM findings f2 JOIN scans s2 ON s2.id = f2.scan_id
    WHERE f2.project_id = f.project_id AND f2.bug_hash = f.bug_hash)
ON CONFLICT(project_id, bug_hash) DO NOTHING;

DROP INDEX findings_project_hash;
