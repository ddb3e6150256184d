// Package advisory reads a local copy of the RustSec advisory database
// (github.com/rustsec/advisory-db: crates/<name>/RUSTSEC-*.md, each a
// TOML front matter block followed by a Markdown title and description)
// and matches locked crate versions against it.
//
// Nothing is fetched: the database is a folder the operator provides, so
// scans stay offline and repeatable. Withdrawn advisories are skipped;
// informational ones (unmaintained, unsound) are kept and marked.
package advisory
