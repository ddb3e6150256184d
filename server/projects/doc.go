// Package projects keeps what the server remembers about a client's projects beyond the
// store's rows, which have no project listing and no comments: each client's project list,
// newest first ("dashboard_projects", by client id), and each project's triage notes
// ("triage_notes", by project id), kept as JSON documents in the store so that every process
// of a deployment shares them. Every scan queued puts its project on top of the list; every
// report read carries the notes' comments; the dashboard shows and changes both.
package projects
