-- Initial schema of the private API's storage. Times are Unix microseconds (UTC); JSON columns
-- hold text. Every table keys on client_id so that client isolation is a WHERE clause away.

CREATE TABLE clients (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);

-- Only the SHA-256 of a key is stored; prefix is the first characters of the key, shown by
-- `vigil keys list` so people can tell keys apart.
CREATE TABLE api_keys (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id  INTEGER NOT NULL REFERENCES clients(id),
    name       TEXT    NOT NULL,
    prefix     TEXT    NOT NULL,
    hash       BLOB    NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
);

-- source_key identifies a project within its client: the repository URL for git projects,
-- "upload:" and the project name for file scans.
CREATE TABLE projects (
    id          TEXT    PRIMARY KEY,
    client_id   INTEGER NOT NULL REFERENCES clients(id),
    sequence_id INTEGER NOT NULL,
    source_key  TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    url         TEXT    NOT NULL,
    branch      TEXT    NOT NULL,
    bug_counter INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL,
    UNIQUE (client_id, source_key),
    UNIQUE (client_id, sequence_id)
);

CREATE TABLE scans (
    id               TEXT    PRIMARY KEY,
    client_id        INTEGER NOT NULL REFERENCES clients(id),
    project_id       TEXT    NOT NULL REFERENCES projects(id),
    scan_type        TEXT    NOT NULL,
    source           TEXT    NOT NULL,
    status           TEXT    NOT NULL,
    err_msg          TEXT    NOT NULL DEFAULT '',
    reporting_status TEXT    NOT NULL,
    request          TEXT    NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    started_at       INTEGER,
    finished_at      INTEGER,
    report           TEXT
);
CREATE INDEX scans_unfinished ON scans(status) WHERE status IN ('queued', 'scan_in_progress');
CREATE INDEX scans_project ON scans(project_id, finished_at);

CREATE TABLE findings (
    scan_id    TEXT    NOT NULL REFERENCES scans(id),
    project_id TEXT    NOT NULL,
    bug_hash   TEXT    NOT NULL,
    bug_id     TEXT    NOT NULL,
    status     TEXT    NOT NULL,
    PRIMARY KEY (scan_id, bug_hash)
);
CREATE INDEX findings_project_hash ON findings(project_id, bug_hash);

CREATE TABLE uploads (
    object_key  TEXT    PRIMARY KEY,
    client_id   INTEGER NOT NULL REFERENCES clients(id),
    file_name   TEXT    NOT NULL,
    size        INTEGER NOT NULL DEFAULT -1,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    uploaded_at INTEGER
);

CREATE TABLE webhook_endpoints (
    client_id  INTEGER PRIMARY KEY REFERENCES clients(id),
    url        TEXT    NOT NULL,
    headers    TEXT    NOT NULL,
    secret     TEXT    NOT NULL,
    updated_at INTEGER NOT NULL
);

CREATE TABLE webhook_deliveries (
    id              TEXT    PRIMARY KEY,
    client_id       INTEGER NOT NULL REFERENCES clients(id),
    event_type      TEXT    NOT NULL,
    scan_id         TEXT    NOT NULL,
    body            TEXT    NOT NULL,
    status          TEXT    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error      TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    UNIQUE (scan_id, event_type)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
