// Package scans is a scan's life as every door of `vigil serve` sees it: recorded in the
// store with its Request and queued for a worker (Enqueue, refused with ErrQueueFull,
// ErrStopping, or ErrClientBusy for a client past its share of the queue; a client's scans past
// its share of the workers wait their turn, see fairness.go), waited for (Wait, Await: a finish in this process wakes its waiters at once,
// one elsewhere through PostgreSQL's NOTIFY or the store's status), and read back as it then
// stands (Load: the stored report with current triage, the server's header fields and the
// triage comments of package projects). A request that waited hands over the report its
// finish just stored (KeepFinished, AnswerFinished) instead of reading it back.
//
// The workers (package worker) run what it queues and report each outcome back through
// Finished and KeepFinished.
package scans
