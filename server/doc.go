// Package server is `vigil serve`: it opens the storage, makes the parts every door shares,
// mounts the doors on one mux and runs the process until it stops. It holds the composition
// only (Config, New, the routes, the lifecycle); what a request or a job does is in the
// subpackages, and none of them imports this one.
//
// A request's path: the mux (routes.go, surfaces.go) -> metrics.Observe (request log and
// series) -> a door, which checks the request (auth for keys, httpjson for bodies) -> the
// shared parts -> the store, the blob store and the job queue.
//
//	doors     api (/private/..., /api-tag-webhook/, /uploads/, /reports/, /openapi.json),
//	          web (the dashboard at /), repoapi and tokenapi (the second host's /app/...),
//	          jsonrpc (ss_quickscan at /rpc, /quickscan/{id}); lsp is `vigil lsp`'s door
//	parts     scans (record, queue, wait for and read scans), uploads, reports (PDF and
//	          HTML downloads), projects (project lists, triage notes)
//	storage   store (SQLite or PostgreSQL), blob (data folder or S3), jobs (River in the
//	          store's database), auth (API keys)
//
// A scan's path: a door calls scans.Service.Enqueue, which records the scan and queues its
// job -> a process that scans (role all or worker) runs the job in package worker: it opens
// the workspace (git clone, uploads, a contract's verified source) and calls the engine
// (package engine: scan.Run, the library function `vigil scan` calls) -> the worker records
// the outcome, wakes the requests waiting for it (package scans) and queues the webhook
// event (package webhook delivers it as another job) -> the door answers the report as it
// then stands (scans.Service.Load).
//
// Build one with New(Config, engine.Engine). Its Handler serves every route; Handle mounts
// other surfaces on the same mux. ListenAndServe runs it until its context ends and then
// shuts down gracefully: requests in flight finish, running scans are handed back to the
// queue, and the next New on the same data folder runs them again (or ends them as
// scan_failed once they have been interrupted Config.MaxAttempts times).
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
package server
