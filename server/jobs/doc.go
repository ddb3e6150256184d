// Package jobs is the server's job queue: River (github.com/riverqueue/river) keeping its jobs
// in the store's own database, through its SQLite driver for the embedded default and its pgx
// driver for PostgreSQL. One code path serves both (Open is generic over River's driver).
//
// What a job is and where its state lives belongs to the caller: the server keeps every
// scan's state in the store, and a job names the scan. River gives the rest: jobs survive the
// process (at least once), failed attempts are retried with backoff up to a bound, a job whose
// worker died is rescued by another process once it has been running longer than its timeout
// allows, and processes that only insert (the api role) share the queue with those that work
// (the worker role).
package jobs
