package advisory

import (
	_ "embed"
	"sync"
)

// snapshot is the advisory database bundled with Vigil, in the compact form. It is generated
// (go generate) from a checkout of github.com/rustsec/advisory-db; testdata/snapshot-source
// holds the advisories it was generated from (their front matter and title, as published).
//
//go:generate go run ./internal/gensnapshot -from testdata/snapshot-source -o snapshot.tsv -source "github.com/rustsec/advisory-db, advisories of crates Solana programs depend on"
//go:embed snapshot.tsv
var snapshot []byte

var bundled = sync.OnceValues(func() (*DB, error) { return Decode("bundled snapshot", snapshot) })

// Bundled returns the snapshot built into Vigil.
func Bundled() (*DB, error) { return bundled() }
