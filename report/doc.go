// Package report holds the scan report of SPEC.md sections 2.1 to 2.4 — the one model every door
// of Vigil returns — and its renderers (JSON, table, SARIF, Markdown, HTML, PDF) and scoring.
//
// Field names and JSON shapes are binding: they are the interface clients parse. Timestamps are
// ISO 8601 without zone ("2006-01-02T15:04:05.000000"), in UTC.
package report
