// Package semver parses Cargo's semantic versions ("1.18.26",
// "0.30.1-beta.2") and version requirements (">= 4.1.3", "^0.29",
// "~1.2", "=1.0.0", "< 2, >= 1.5", "*"), as Cargo.toml, Cargo.lock and
// RustSec advisories write them, so analyses can ask "is this anchor-lang
// at least 1.0?" or "is this locked version patched?".
package semver
