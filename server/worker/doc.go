// Package worker is the jobs side of `vigil serve`: it works the queue's jobs (package jobs)
// in every process whose role scans (all, worker). A scan job opens the scan's workspace
// (a git clone, the uploaded files, or a deployed contract's verified source), runs the
// engine under the scan timeout with its progress written to the store, and records the
// outcome: bug ids and triage carried over from the project's earlier scans, the code
// excerpts for later reports, the waiting requests woken (package scans) and the webhook
// event queued. Scans interrupted by a stopping process go back to the queue; a scan that
// killed a worker runs alone, and after two deaths it fails instead of killing a third.
// Webhook deliveries and report generation are jobs too, each in a queue of its own.
package worker
