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
//	upload.key               the HMAC key of the server's signed links (created on first start)
//	blobs/<object key>       uploaded files
//	reports/<id>.pdf|.html   generated reports
//	.staging/                files being written, moved into place once complete
//	tmp/                     workspaces of running scans; emptied at start
//
// With Config.BlobStore s3://bucket/prefix, upload.key, blobs/ and reports/ are objects under
// the prefix instead (package blob), shared by every process of a deployment, and pre-signed
// upload URLs are the object store's own.
//
// Decisions the spec leaves open, documented in openapi.json as well:
//
//   - Keys: one key store for both schemes (package auth); Bearer on /private/..., Token on
//     /api-tag-webhook/, the word must match the route.
//   - A scan request waits up to Config.ScanWait and answers 200 with the report as it then
//     stands; scan_status scan_in_progress means "fetch it later with api-get-scan". Queued
//     scans show as scan_in_progress too.
//   - Projects: a repository URL (without credentials, query, trailing slash or .git) names a
//     project of the client; file scans are projects named by project_name. Rescans keep
//     project_id and project_sequence_id, and findings keep bug_id and bug_status by bug_hash.
//     File scans have scan_type "project", as SPEC 4.3 says of file-upload scans.
//   - Uploads: GET api-get-presigned-url answers PUT {public_url}/uploads/<key>?expires=&
//     signature=, or with an S3 blob store the store's own pre-signed PUT of the object; file_urls
//     are those URLs (query optional). A file put into S3 directly is checked (size limits,
//     quota) when a file scan first names it. Files are kept Config.UploadRetention after the
//     URL expires.
//   - Webhooks: scan.completed and scan.failed events, signed per Standard Webhooks with the
//     endpoint's whsec_ secret returned by api-tag-webhook (see package webhook).
//
// Error bodies follow the shape SPEC.md shows for each endpoint: {"status": "failed",
// "message": ...} for the pre-signed URL, {"error": ...} for the others (the spec does not show
// one for project and file scans; they take the retrieval's). Messages name the field at fault.
package server
