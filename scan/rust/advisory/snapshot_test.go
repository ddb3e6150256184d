package advisory

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/rust/advisory/advisorytest"
)

// TestBundledSnapshotIsGenerated checks that snapshot.tsv is what the generator makes of
// testdata/snapshot-source (run go generate ./scan/rust/advisory after changing either).
func TestBundledSnapshotIsGenerated(t *testing.T) {
	db, err := FromCheckout("testdata/snapshot-source")
	if err != nil {
		t.Fatal(err)
	}
	bundled, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	db.Source = bundled.Source
	if got := Encode(db); !bytes.Equal(got, snapshot) {
		t.Fatal("snapshot.tsv is stale: run go generate ./scan/rust/advisory")
	}
	if bundled.Len() != db.Len() || bundled.Date != db.Date {
		t.Errorf("bundled: %d advisories of %s; source: %d of %s", bundled.Len(), bundled.Date, db.Len(), db.Date)
	}
}

// TestBundledMatches checks real advisories of the bundled snapshot on both sides: affected,
// patched, unaffected, withdrawn.
func TestBundledMatches(t *testing.T) {
	db, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ pkg, version, want string }{
		{"curve25519-dalek", "3.2.1", "RUSTSEC-2024-0344"},
		{"curve25519-dalek", "4.1.3", ""},
		{"ed25519-dalek", "1.0.1", "RUSTSEC-2022-0093"},
		{"ed25519-dalek", "2.1.1", ""},
		{"borsh", "0.10.3", "RUSTSEC-2023-0033"},
		{"borsh", "0.10.4", ""},
		{"borsh", "1.5.1", ""},
		{"anchor-lang", "0.29.0", ""}, // unaffected before 1.0.0
		{"anchor-lang", "1.0.1", "RUSTSEC-2026-0144"},
		{"anchor-lang", "1.0.2", ""},
		{"time", "0.1.45", "RUSTSEC-2020-0071"},
		{"time", "0.2.3", ""}, // unaffected = ["=0.2.3", ...]
		{"spin", "0.5.2", ""}, // RUSTSEC-2019-0031 was withdrawn
		{"ring", "0.16.20", "RUSTSEC-2025-0009,RUSTSEC-2025-0010"},
		{"ring", "0.17.14", ""},
	} {
		if got := checkIDs(t, db, c.pkg, c.version); got != c.want {
			t.Errorf("%s %s: %v, want %q", c.pkg, c.version, got, c.want)
		}
	}
}

func TestEncodeDecode(t *testing.T) {
	db, err := Load(os.DirFS("testdata/advisory-db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Source = "test"
	back, err := Decode("x", Encode(db))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(Encode(back), Encode(db)) || back.Len() != db.Len() || back.Date != db.Date || back.Source != "test" {
		t.Errorf("round trip changed the snapshot:\n%s\n%s", Encode(db), Encode(back))
	}
	for src, want := range map[string]string{
		"":                                    "empty",
		"something else\n":                    "not a Vigil RustSec snapshot",
		compactMagic + "\nA\tb\n":             "x:2: 2 fields",
		compactMagic + "\n\t\t\t\t\t\t\t\t\n": "x:2: advisory without id",
		compactMagic + "\nR\tp\t\t\t\t\t>= x\t\tt\n": "x:2: R patched",
	} {
		if _, err := Decode("x", []byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}

// TestCurrentPrefersNewer checks the choice between the bundled snapshot and the user's.
func TestCurrentPrefersNewer(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	bundled, _ := Bundled()
	db, warn := Current()
	if db != bundled || warn != nil {
		t.Fatalf("no cache: %v, %v", db.Source, warn)
	}
	path, err := CacheFile()
	if err != nil {
		t.Fatal(err)
	}
	older := &DB{Date: "2001-01-01", Source: "old", byPackage: map[string][]*Advisory{}}
	if err := Save(older, path); err != nil {
		t.Fatal(err)
	}
	if db, _ := Current(); db != bundled {
		t.Errorf("an older cached snapshot (%s) won over the bundled one", db.Date)
	}
	newer, _ := Load(os.DirFS("testdata/advisory-db"))
	newer.Date, newer.Source = "2999-01-01", "newer"
	if err := Save(newer, path); err != nil {
		t.Fatal(err)
	}
	if db, _ := Current(); db.Source != "newer" || db.Len() != newer.Len() {
		t.Errorf("the newer cached snapshot was not used: %s", db.Source)
	}
	if err := os.WriteFile(path, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if db, warn := Current(); db != bundled || warn == nil || !strings.Contains(warn.Error(), path) {
		t.Errorf("a broken cache: %v, %v", db.Source, warn)
	}
}

// TestFromCheckoutGit checks that a git checkout's commit names the source and dates it.
func TestFromCheckoutGit(t *testing.T) {
	when := time.Date(2030, 3, 4, 5, 6, 7, 0, time.UTC)
	dir, hash := advisorytest.GitCheckout(t, when, "testdata/advisory-db/crates/ed25519-dalek/RUSTSEC-2022-0093.md")
	db, err := FromCheckout(dir)
	if err != nil {
		t.Fatal(err)
	}
	if db.Date != "2030-03-04" || !strings.Contains(db.Source, hash.String()[:12]) || db.Len() != 1 {
		t.Errorf("checkout snapshot: %d advisories, %s, %s", db.Len(), db.Date, db.Source)
	}
	if _, err := FromCheckout(t.TempDir()); err == nil {
		t.Error("an empty folder was taken for a checkout")
	}
}
