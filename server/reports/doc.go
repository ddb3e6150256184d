// Package reports makes the downloadable reports of finished scans (SPEC 4.3 and issue 6): the
// PDF and HTML writers of report/pdf and report/html fed with the report as it stands, the
// code excerpts kept when the scan finished (its workspace is gone by then) and the project's
// earlier scans, stored in the blob store as reports/<report id>.pdf|.html, and short-lived
// signed links to download them. Generation runs as a queue job (package worker) or, for the
// second host, at once.
package reports
