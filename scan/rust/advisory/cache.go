package advisory

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CacheFile is where `vigil advisories update` keeps the refreshed snapshot, under the user's
// cache folder (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux).
func CacheFile() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "vigil", "rustsec-advisories.tsv"), nil
}

// Current returns the snapshot a scan uses: the one in the user's cache when it is newer than
// the bundled one, else the bundled one. A cached snapshot that cannot be read is passed over
// with a warning (the bundled one still serves); warning is nil otherwise.
func Current() (db *DB, warning error) {
	db, err := Bundled()
	if err != nil {
		return nil, err // the binary itself is broken: tests catch this
	}
	path, err := CacheFile()
	if err != nil {
		return db, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return db, nil
	}
	if err != nil {
		return db, fmt.Errorf("RustSec snapshot %s not read (%v); the bundled one of %s is used", path, err, db.Date)
	}
	cached, err := Decode(path, data)
	if err != nil {
		return db, fmt.Errorf("RustSec snapshot not read (%v); the bundled one of %s is used", err, db.Date)
	}
	if cached.Date > db.Date {
		return cached, nil
	}
	return db, nil
}

// Save writes db in the compact form to path, atomically (a scan reading it meanwhile sees the
// old file or the new one, never half of one).
func Save(db *DB, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".rustsec-*.tsv")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(Encode(db)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
