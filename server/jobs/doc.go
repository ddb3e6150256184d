// Package jobs runs scans on a bounded pool of workers.
//
// The runner holds only ids; what a job is and where its state lives belongs to the caller
// (the server keeps every scan's state in the store, so nothing is lost when the process dies:
// on start it submits the scans left unfinished again). A job's function gets a context that
// is cancelled when the runner stops; a job that sees its context cancelled must leave its
// state as it is, resumable, rather than record a failure.
//
// The queue is bounded too: Submit refuses work past MaxQueue so that a flood of requests
// becomes 503 answers rather than unbounded memory.
package jobs
