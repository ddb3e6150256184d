-- Documents are reports stored whole by id: Solana token scans (kind "token_scan") and the
-- second host's repository scan details (kind "repo_scan"). client_id is 0 for anonymous
-- callers (the token scan's Authorization header is optional).
CREATE TABLE documents (
    kind       TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    client_id  INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    data       BLOB    NOT NULL,
    PRIMARY KEY (kind, id)
);
CREATE INDEX documents_created ON documents(kind, created_at);

-- Clients named by the server itself (the JSON-RPC quick scans) are found by name.
CREATE INDEX clients_name ON clients(name);
