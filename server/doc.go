// Package server is `vigil serve`: the private HTTP API of SPEC.md section 4 (project scans,
// pre-signed uploads, file scans, scan retrieval, webhook tagging) over one scanning Engine,
// with its storage, job runner, webhooks, metrics and OpenAPI document.
//
// Build one with New(Config, Engine). Its Handler serves every route; Handle mounts other
// surfaces (the JSON-RPC server at /rpc, the second host's /app/... routes) on the same mux.
// ListenAndServe runs it until its context ends and then shuts down gracefully: requests in
// flight finish, running scans are cancelled and left in the store as unfinished, and the next
// New on the same data folder runs them again (or ends them as scan_failed once they have been
// interrupted Config.MaxAttempts times).
//
// Layout of the data folder (Config.DataDir):
//
//	vigil.db (+ -wal, -shm)  the SQLite store (see package store)
//	upload.key               the HMAC key of pre-signed upload URLs (created on first start)
//	blobs/<object key>       uploaded files
//	tmp/                     workspaces of running scans; emptied at start
//
// Error bodies follow the shape SPEC.md shows for each endpoint: {"status": "failed",
// "message": ...} for the pre-signed URL, {"error": ...} for the others (the spec does not show
// one for project and file scans; they take the retrieval's). Messages name the field at fault.
package server
