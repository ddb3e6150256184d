package advisory

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

func TestLoadAndCheck(t *testing.T) {
	db, err := Load(os.DirFS("testdata/advisory-db"))
	if err != nil {
		t.Fatal(err)
	}
	if db.Len() != 3 {
		t.Fatalf("%d advisories", db.Len())
	}
	cases := []struct {
		pkg, version string
		want         string
	}{
		{"curve25519-dalek", "3.2.1", "RUSTSEC-2024-0344"},
		{"curve25519-dalek", "4.1.2", "RUSTSEC-2024-0344"},
		{"curve25519-dalek", "4.1.3", ""},
		{"ed25519-dalek", "1.0.1", "RUSTSEC-2022-0093"},
		{"ed25519-dalek", "2.1.1", ""},
		{"old-crate", "0.5.0", ""}, // withdrawn
		{"borsh", "0.10.3", ""},    // no advisory
	}
	for _, c := range cases {
		if got := checkIDs(t, db, c.pkg, c.version); got != c.want {
			t.Errorf("%s %s: %v, want %q", c.pkg, c.version, got, c.want)
		}
	}
	a, _ := db.Check("curve25519-dalek", "3.2.1")
	if a[0].Title != "Timing variability in scalar subtraction" || a[0].Date != "2024-06-18" || len(a[0].Aliases) != 1 {
		t.Errorf("advisory fields: %+v", a[0])
	}
	if _, err := db.Check("curve25519-dalek", "not-a-version"); err == nil {
		t.Error("bad version accepted")
	}
}

// TestFixtureLockFiles checks the Cargo.lock fixtures of the
// vulnerable_dependency detector class against the test database: the
// lines with want comments are exactly the affected packages.
func TestFixtureLockFiles(t *testing.T) {
	db, err := Load(os.DirFS("testdata/advisory-db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir  string
		want int
	}{{"native", 2}, {"native_fixed", 0}} {
		path := "../testdata/detectors/vulnerable_dependency/" + c.dir + "/Cargo.lock"
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lock, err := model.ParseLockfile(path, data)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, p := range lock.Packages {
			got, err := db.Check(p.Name, p.Version)
			if err != nil {
				t.Fatal(err)
			}
			n += len(got)
		}
		if n != c.want {
			t.Errorf("%s: %d affected packages, want %d", c.dir, n, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"no front matter":                             "no ```toml front matter",
		"```toml\n[advisory]\nid = \"X\"\n":           "not closed",
		"```toml\n[advisory]\npackage = \"p\"\n```\n": "advisory.id is missing",
		"```toml\n[advisory]\nid = \"X\"\n```\n":      "advisory.package is missing",
		"```toml\n[advisory\n```\n":                   "RUSTSEC-X.md:",
		"```toml\n[advisory]\nid = \"X\"\npackage = \"p\"\n[versions]\npatched = [\">= x\"]\n```\n": "versions.patched",
	}
	for src, want := range cases {
		_, err := Parse("RUSTSEC-X.md", []byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
	bad := fstest.MapFS{"crates/x/RUSTSEC-2000-0001.md": {Data: []byte("```toml\n[advisory]\n```\n")}}
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "crates/x/RUSTSEC-2000-0001.md") {
		t.Errorf("load error does not name the file: %v", err)
	}
}

// checkIDs returns the ids of the advisories affecting pkg at version, comma-separated.
func checkIDs(t *testing.T, db *DB, pkg, version string) string {
	t.Helper()
	got, err := db.Check(pkg, version)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range got {
		ids = append(ids, a.ID)
	}
	return strings.Join(ids, ",")
}
