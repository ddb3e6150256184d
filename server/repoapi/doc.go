// Package repoapi is the second host's repository-scan API (SPEC.md 2.6, 4.10, 4.11 and 6): a
// WebSocket message protocol that starts scans of public repositories and pushes their status,
// and a REST lookup of a scan's details. It holds no scanning logic: scans go through the
// server's job runner (ServerScans, over package scans), so they are persisted, bounded and
// resumed like every other scan, and outlive the connection that asked for them.
//
// Mount it on the server's mux:
//
//	api := repoapi.New(srv.RepoScans(), repoapi.Config{TurnstileSecret: secret})
//	api.Register(srv) // GET /app/ws, POST /app/api-get-rust-details/
//
// # WebSocket: GET /app/ws
//
// Every message is one JSON text frame. Right after the handshake the server sends the
// connection's id (a random UUID, valid for this connection only):
//
//	{"type":"connection","connection_id":"1b4e28ba-...","event_timestamp":"2026-11-22T03:22:58.123456"}
//
// The client sends {"action":"message","payload":{"type":T,"body":{...}, ...}} with T one of:
//
//   - public_project_scan_initiate: body project_url (required, http or https), project_branch,
//     project_name, project_commit (hex; empty means the branch tip), project_type (new or
//     existing; both scan, the project is found by its URL), project_visibility (public or
//     private; private repositories are refused, only public ones are scanned), scanner_type
//     (rust or solidity; the engine detects the languages of the repository and scans both, so
//     the value only has to be one of these), skip_file_paths (array of strings). The CAPTCHA
//     token is payload["captcha-turnstile-response"]; it is checked with Cloudflare Turnstile's
//     siteverify protocol when a secret is configured (Config.TurnstileSecret); without one no
//     CAPTCHA is needed and the server says so in its log once, when the API is built.
//     The server answers with quick_scan_status messages (SPEC 6 item 1): one with scan_status
//     scan_in_progress once the scan is queued, then one with scan_done or scan_failed (with
//     scan_status_err_msg). Each initiation has a fresh request_uuid, echoed in all its messages.
//   - generate_report: body project_id, scan_id (required), report_id (string or null),
//     scanner_type, connection_id (optional; the answer always goes to this connection). The
//     scan must be finished. The answer is report_generation_status with report_id and, as an
//     addition, report_urls: short-lived download links by format (pdf, html) when the server
//     hands them out.
//
// Detector findings (quick_file_scan_details) carry detector_id (the template's issue id),
// title, severity and confidence (lower case), and as extra fields file_path, line_nos_start,
// line_nos_end and bug_hash. event_timestamp is UTC, ISO 8601 with microseconds and no zone,
// like every other timestamp of the API.
//
// Errors never close the connection (except the limits below); they are a message
//
//	{"type":"error","request_uuid":"...","payload":{"code":"invalid_field",
//	 "field":"payload.body.project_url","message":"payload.body.project_url: required",
//	 "request_type":"public_project_scan_initiate"},"event_timestamp":"..."}
//
// where request_uuid is set when the request had been given one, field names the offending
// field by its JSON path when there is one, and code is one of invalid_json, invalid_message,
// invalid_field, unknown_type, private_repository, captcha_required, captcha_failed,
// captcha_unavailable, rate_limited, message_too_large, too_many_scans, busy, scan_not_found,
// scan_not_finished, report_unavailable, report_failed, internal.
//
// Limits, per connection (Config): a message larger than MaxMessageBytes (64 KiB) is
// answered message_too_large and dropped, and one larger than HardMessageBytes (1 MiB) closes
// the connection with status 1009; messages beyond a token bucket (MessagesPerSecond,
// MessageBurst) are answered rate_limited and dropped; at most MaxJobs scans and report
// generations are followed at once (too_many_scans). Outgoing messages go through a bounded
// queue (SendQueue): a client that does not read its messages, or whose writes time out, is
// disconnected (status 1008) and never blocks a scan; the scan goes on and its result stays
// available from POST /app/api-get-rust-details/. Pings every PingInterval find vanished
// clients. MaxConnections bounds open connections (503 beyond it), and one client address
// holds at most MaxConnectionsPerAddress of them (429 beyond it). The scans of the public
// client count against the address they came from: past its share of the scan queue, an
// initiate is answered rate_limited (package scans' fair shares). API.Close ends every
// connection with status 1001 when the server stops (hijacked connections are not closed by
// http.Server.Shutdown); the scans they followed go on.
//
// # REST: POST /app/api-get-rust-details/
//
// Body {"scan_id": "..."}; answer 200 with {scan_id, scan_details} (SPEC 2.6). scan_details
// adds scan_status (and scan_status_err_msg on failure) so that a client that lost its socket
// can tell a running scan from a finished one. scan_type names the source kind from the
// repository host (github, gitlab, bitbucket, or git); project_icon is the owner's avatar for
// GitHub repositories and "" otherwise; source_file links the scanned tree (GitHub) or is the
// repository URL. multi_file_scan_summary omits gas from issue_severity_distribution and has
// score_v2 without score (SPEC 9). Errors are {"error": text}: 400 for a body that is not JSON
// or lacks scan_id, 404 for a scan id that names no public repository scan, 500 otherwise.
package repoapi
