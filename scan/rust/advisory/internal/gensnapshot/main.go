// Command gensnapshot writes the compact snapshot of a RustSec advisory-db checkout that
// Vigil bundles (scan/rust/advisory/snapshot.tsv):
//
//	go run ./scan/rust/advisory/internal/gensnapshot -from ~/src/advisory-db -o scan/rust/advisory/snapshot.tsv
//
// The same conversion is what `vigil advisories update` writes to the user's cache.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/vigil-sec/vigil/scan/rust/advisory"
)

func main() {
	from := flag.String("from", "", "checkout of github.com/rustsec/advisory-db (or a folder in its layout)")
	out := flag.String("o", "snapshot.tsv", "file to write")
	source := flag.String("source", "", "source line to record (default: the folder, with its commit when it is a git checkout)")
	flag.Parse()
	if *from == "" {
		fmt.Fprintln(os.Stderr, "gensnapshot: -from is required")
		os.Exit(2)
	}
	db, err := advisory.FromCheckout(*from)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensnapshot:", err)
		os.Exit(1)
	}
	if *source != "" {
		db.Source = *source
	}
	if err := os.WriteFile(*out, advisory.Encode(db), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gensnapshot:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: %d advisories, snapshot of %s\n", *out, db.Len(), db.Date)
}
