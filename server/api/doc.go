// Package api is the private HTTP API of SPEC.md section 4: project, file and block scans,
// pre-signed uploads, scan retrieval, downloadable reports and webhook tagging, with its
// OpenAPI document at /openapi.json. Its handlers read and check the request, then go through
// the server's shared parts: package scans to record, queue, wait for and read scans,
// uploads for the files, reports for the PDF and HTML downloads. No handler scans: the
// workers do (package worker).
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
package api
