package advisory

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/semver"
)

// The compact form keeps what matching and the report need, one advisory a line, so that a
// snapshot of the whole database is small enough to bundle in the binary:
//
//	vigil-rustsec 1
//	date 2026-09-14
//	source rustsec/advisory-db at <commit>
//	RUSTSEC-2024-0344<TAB>curve25519-dalek<TAB>2024-06-18<TAB>informational<TAB>cvss<TAB>withdrawn<TAB>patched<TAB>unaffected<TAB>title
//
// patched and unaffected are the requirement lists joined with ";" (a requirement holds commas,
// never a semicolon). Empty fields are empty strings.
const compactMagic = "vigil-rustsec 1"

// Encode writes db in the compact form, advisories sorted by package and id.
func Encode(db *DB) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\ndate %s\nsource %s\n", compactMagic, oneLine(db.Date), oneLine(db.Source))
	var all []*Advisory
	for _, list := range db.byPackage {
		all = append(all, list...)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Package != all[j].Package {
			return all[i].Package < all[j].Package
		}
		return all[i].ID < all[j].ID
	})
	for _, a := range all {
		fields := []string{a.ID, a.Package, a.Date, a.Informational, a.CVSS, a.Withdrawn,
			joinReqs(a.Patched), joinReqs(a.Unaffected), a.Title}
		for i := range fields {
			fields[i] = oneLine(fields[i])
		}
		b.WriteString(strings.Join(fields, "\t"))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Decode reads the compact form. name is used in errors ("name:line: ...").
func Decode(name string, data []byte) (*DB, error) {
	db := &DB{byPackage: map[string][]*Advisory{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case line == 1:
			if text != compactMagic {
				return nil, fmt.Errorf("%s:1: not a Vigil RustSec snapshot (want %q)", name, compactMagic)
			}
			continue
		case strings.HasPrefix(text, "date "):
			db.Date = strings.TrimPrefix(text, "date ")
			continue
		case strings.HasPrefix(text, "source "):
			db.Source = strings.TrimPrefix(text, "source ")
			continue
		case text == "":
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 9 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 9", name, line, len(f))
		}
		a := &Advisory{ID: f[0], Package: f[1], Date: f[2], Informational: f[3], CVSS: f[4], Withdrawn: f[5], Title: f[8],
			Path: "crates/" + f[1] + "/" + f[0] + ".md"}
		if a.ID == "" || a.Package == "" {
			return nil, fmt.Errorf("%s:%d: advisory without id or package", name, line)
		}
		var err error
		if a.Patched, err = splitReqs(f[6]); err != nil {
			return nil, fmt.Errorf("%s:%d: %s patched: %w", name, line, a.ID, err)
		}
		if a.Unaffected, err = splitReqs(f[7]); err != nil {
			return nil, fmt.Errorf("%s:%d: %s unaffected: %w", name, line, a.ID, err)
		}
		db.add(a)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("%s: empty", name)
	}
	db.sort()
	return db, nil
}

func joinReqs(rs []semver.Req) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.String()
	}
	return strings.Join(parts, ";")
}

func splitReqs(s string) ([]semver.Req, error) {
	if s == "" {
		return nil, nil
	}
	var out []semver.Req
	for _, part := range strings.Split(s, ";") {
		r, err := semver.ParseReq(part)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// oneLine keeps a field on its line: tabs and line breaks become spaces.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\t' || r == '\n' || r == '\r' }), " ")
}
