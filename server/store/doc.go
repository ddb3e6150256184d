// Package store persists what the private HTTP API must not lose: clients and their API keys
// (hashes only), projects, scans with their reports and job state, findings with their triage
// status, uploads, webhook endpoints and webhook deliveries.
//
// Store is the interface the server uses; SQLite (Open) is the embedded implementation, a file
// in the data folder opened in WAL mode with the pure-Go driver modernc.org/sqlite, so that
// `vigil serve` needs no other service. The methods speak in plain values and SQL that a
// PostgreSQL implementation can mirror.
//
// The schema evolves through numbered migrations embedded from migrations/*.sql. They are
// applied in order at Open, each in its own transaction, and recorded in schema_migrations, so
// a data folder written by an older Vigil is upgraded in place and never downgraded.
package store
