package advisory

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/vigil-sec/vigil/scan/rust/semver"
)

// Advisory is one RustSec advisory.
type Advisory struct {
	ID            string
	Package       string
	Title         string
	Description   string
	Date          string
	URL           string
	Aliases       []string
	Categories    []string
	CVSS          string
	Informational string // "unmaintained", "unsound", "notice", or ""
	Withdrawn     string // date the advisory was withdrawn, or ""
	Patched       []semver.Req
	Unaffected    []semver.Req
	Path          string
}

type frontMatter struct {
	Advisory struct {
		ID            string   `toml:"id"`
		Package       string   `toml:"package"`
		Date          any      `toml:"date"`
		URL           string   `toml:"url"`
		Aliases       []string `toml:"aliases"`
		Categories    []string `toml:"categories"`
		CVSS          string   `toml:"cvss"`
		Informational string   `toml:"informational"`
		Withdrawn     any      `toml:"withdrawn"`
	} `toml:"advisory"`
	Versions struct {
		Patched    []string `toml:"patched"`
		Unaffected []string `toml:"unaffected"`
	} `toml:"versions"`
}

// MaxFileSize bounds one advisory file.
const MaxFileSize = 256 << 10

// Parse reads one advisory file. Errors name the file and the field.
func Parse(name string, data []byte) (*Advisory, error) {
	text := string(bytes.TrimLeft(data, "\ufeff \t\r\n"))
	if !strings.HasPrefix(text, "```toml") {
		return nil, fmt.Errorf("%s: no ```toml front matter", name)
	}
	rest := text[len("```toml"):]
	end := strings.Index(rest, "\n```")
	if end < 0 {
		return nil, fmt.Errorf("%s: front matter not closed with ```", name)
	}
	var fm frontMatter
	if err := toml.Unmarshal([]byte(rest[:end]), &fm); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s:%d:%d: %s", name, row+1, col, de.Error())
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	a := &Advisory{
		ID: fm.Advisory.ID, Package: fm.Advisory.Package, URL: fm.Advisory.URL,
		Aliases: fm.Advisory.Aliases, Categories: fm.Advisory.Categories, CVSS: fm.Advisory.CVSS,
		Informational: fm.Advisory.Informational, Path: name,
		Date: dateText(fm.Advisory.Date), Withdrawn: dateText(fm.Advisory.Withdrawn),
	}
	if a.ID == "" {
		return nil, fmt.Errorf("%s: advisory.id is missing", name)
	}
	if a.Package == "" {
		return nil, fmt.Errorf("%s: advisory.package is missing", name)
	}
	for _, list := range []struct {
		field string
		in    []string
		out   *[]semver.Req
	}{{"versions.patched", fm.Versions.Patched, &a.Patched}, {"versions.unaffected", fm.Versions.Unaffected, &a.Unaffected}} {
		for _, s := range list.in {
			r, err := semver.ParseReq(s)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %w", name, list.field, err)
			}
			*list.out = append(*list.out, r)
		}
	}
	body := strings.TrimSpace(rest[end+4:])
	if strings.HasPrefix(body, "# ") {
		line, desc, _ := strings.Cut(body, "\n")
		a.Title = strings.TrimSpace(line[2:])
		a.Description = strings.TrimSpace(desc)
	} else {
		a.Description = body
	}
	return a, nil
}

func dateText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case fmt.Stringer:
		return v.String()
	}
	return fmt.Sprint(v)
}

// Affects reports whether the advisory applies to version v: neither
// patched nor unaffected, and not withdrawn.
func (a *Advisory) Affects(v semver.Version) bool {
	if a.Withdrawn != "" {
		return false
	}
	for _, r := range a.Patched {
		if r.Matches(v) {
			return false
		}
	}
	for _, r := range a.Unaffected {
		if r.Matches(v) {
			return false
		}
	}
	return true
}

// DB is a loaded advisory database.
type DB struct {
	// Date is the snapshot's date: the newest date an advisory carries (published or
	// withdrawn), or the checkout's commit date when that is later. Newer snapshots win.
	Date string
	// Source says where the advisories came from (a folder, a repository and commit, the
	// snapshot bundled with Vigil).
	Source    string
	byPackage map[string][]*Advisory
	count     int
}

func (db *DB) add(a *Advisory) {
	db.byPackage[a.Package] = append(db.byPackage[a.Package], a)
	db.count++
	for _, d := range []string{a.Date, a.Withdrawn} {
		if d > db.Date {
			db.Date = d
		}
	}
}

func (db *DB) sort() {
	for _, list := range db.byPackage {
		sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	}
}

// Len returns the number of advisories loaded.
func (db *DB) Len() int { return db.count }

// Load reads every RUSTSEC-*.md file under fsys (the advisory-db
// checkout). A malformed advisory stops loading with its file named.
func Load(fsys fs.FS) (*DB, error) {
	db := &DB{byPackage: map[string][]*Advisory{}}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !strings.HasPrefix(d.Name(), "RUSTSEC-") || path.Ext(p) != ".md" {
			return nil
		}
		f, err := fsys.Open(p)
		if err != nil {
			return err
		}
		data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
		f.Close()
		if err != nil {
			return fmt.Errorf("reading %s: %w", p, err)
		}
		if len(data) > MaxFileSize {
			return fmt.Errorf("%s: larger than %d bytes", p, MaxFileSize)
		}
		a, err := Parse(p, data)
		if err != nil {
			return err
		}
		db.add(a)
		return nil
	})
	if err != nil {
		return nil, err
	}
	db.sort()
	return db, nil
}

// Check returns the advisories affecting pkg at version (a locked
// version such as "3.2.1"), sorted by id. An unparsable version matches
// nothing and returns the parse error.
func (db *DB) Check(pkg, version string) ([]*Advisory, error) {
	list := db.byPackage[pkg]
	if len(list) == 0 {
		return nil, nil
	}
	v, err := semver.Parse(version)
	if err != nil {
		return nil, err
	}
	var out []*Advisory
	for _, a := range list {
		if a.Affects(v) {
			out = append(out, a)
		}
	}
	return out, nil
}
