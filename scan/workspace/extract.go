package workspace

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// entry is one item of an archive or git tree, seen before anything is written.
type entry struct {
	name       string // as stored; untrusted
	dir        bool
	link       bool
	regular    bool
	compressed int64 // bytes stored, for the expansion ratio; -1 when not applicable (git blobs)
	open       func() (io.ReadCloser, error)
}

// extractor writes the wanted entries of an archive or tree into a temporary folder, refusing
// unsafe names and enforcing the limits on the bytes actually produced (headers may lie).
type extractor struct {
	what      string // "zip entry", "tree entry": how errors name an item
	source    string // "archive", "repository": how errors name the whole
	lim       Limits
	skip      *skipper
	root      *os.Root // the destination; confines every write to it
	linkError bool     // refuse symbolic links (archives) rather than skip them (git trees)
	note      func(p, reason string)

	strip string // common top folder removed from every name, "" for none
	total int64
	files int
	made  map[string]bool // folders created
}

// ratioFloor is the size above which the expansion ratio is checked: small files of repeated
// text legitimately compress very well.
const ratioFloor = 1 << 20

// safeName validates an untrusted entry name and returns it as a clean relative slash path.
// "" with a nil error means the entry is the root itself (for example "./").
func safeName(what, name string, lim Limits) (string, error) {
	item := what + " " + quote(name)
	if len(name) > 4096 {
		return "", refuse(what+" "+quote(name), ErrUnsafePath, "name is too long")
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return "", refuse(item, ErrUnsafePath, "name contains control characters")
		}
	}
	n := strings.ReplaceAll(name, `\`, "/") // archives made on Windows use backslashes
	if strings.HasPrefix(n, "/") || (len(n) >= 2 && n[1] == ':' && isLetter(n[0])) {
		return "", refuse(item, ErrUnsafePath, "absolute path")
	}
	for _, seg := range strings.Split(n, "/") {
		if seg == ".." {
			return "", refuse(item, ErrUnsafePath, "path traversal (..)")
		}
	}
	n = path.Clean(n)
	for strings.HasPrefix(n, "./") {
		n = n[2:]
	}
	if n == "." || n == "" {
		return "", nil
	}
	if strings.Count(n, "/")+1 > lim.MaxPathDepth+1 {
		return "", refuse(item, ErrUnsafePath, "nested deeper than %d folders (limit max_path_depth)", lim.MaxPathDepth)
	}
	return n, nil
}

// commonTop returns the single top-level folder shared by every entry ("repo-main/" in GitHub
// downloads), or "". Reported paths are then relative to the project, as in a clone. names are
// clean relative paths; dirs says which are folders.
func commonTop(names []string, dirs []bool) string {
	top, nested := "", false
	for i, n := range names {
		first, _, isNested := strings.Cut(n, "/")
		if !isNested && !dirs[i] {
			return "" // a file at the top level
		}
		nested = nested || isNested
		if top == "" {
			top = first
		} else if first != top {
			return ""
		}
	}
	if !nested {
		return ""
	}
	return top + "/"
}

// add writes one entry (already validated by safeName into rel) if it is wanted.
func (x *extractor) add(ctx context.Context, e entry, rel string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	rel = strings.TrimPrefix(rel, x.strip)
	if rel == "" || e.dir {
		return nil
	}
	item := x.what + " " + quote(e.name)
	switch {
	case e.link:
		if x.linkError {
			return refuse(item, ErrSymlink, "symbolic links are not allowed in archives")
		}
		x.note(rel, "symbolic link; not followed")
		return nil
	case !e.regular:
		if x.linkError {
			return refuse(item, ErrUnsafePath, "special file (device, pipe or socket)")
		}
		x.note(rel, "not a regular file; skipped")
		return nil
	case !wanted(rel) || x.skip.skipped(rel):
		return nil
	}
	x.files++
	if x.files > x.lim.MaxFiles {
		return refuse(x.source, ErrLimit, "has more than %d source files (limit max_files)", x.lim.MaxFiles)
	}
	if err := x.mkdirs(path.Dir(rel)); err != nil {
		return refuse(item, ErrUnsafePath, "cannot create its folder: %v", unwrapPath(err))
	}
	rc, err := e.open()
	if err != nil {
		return refuse(item, nil, "cannot be read: %v", err)
	}
	defer rc.Close()
	// O_EXCL: a second entry with the same name is refused instead of silently replacing the
	// first (a classic way to smuggle content past a reviewer of the archive listing).
	out, err := x.root.OpenFile(filepath.FromSlash(rel), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return refuse(item, ErrUnsafePath, "duplicate entry")
		}
		return refuse(item, ErrUnsafePath, "cannot be written: %v", unwrapPath(err))
	}
	limit := x.lim.MaxFileBytes
	limitName := "max_file_bytes"
	if left := x.lim.MaxTotalBytes - x.total; left < limit {
		limit, limitName = left, "max_total_bytes"
	}
	n, err := io.Copy(out, io.LimitReader(ctxReader{ctx, rc}, limit+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, zip.ErrFormat) || errors.Is(err, zip.ErrChecksum) {
			return refuse(item, nil, "content does not match its header (corrupt or crafted archive)")
		}
		return refuse(item, nil, "cannot be extracted: %v", err)
	}
	if n > limit {
		return refuse(item, ErrLimit, "expands past %d bytes (limit %s)", limit, limitName)
	}
	if e.compressed >= 0 && n > ratioFloor && n > x.lim.MaxRatio*max(e.compressed, 1) {
		return refuse(item, ErrLimit, "expands %d times (limit max_ratio %d); a zip bomb?", n/max(e.compressed, 1), x.lim.MaxRatio)
	}
	x.total += n
	return nil
}

func (x *extractor) mkdirs(dir string) error {
	if dir == "." || dir == "" || x.made[dir] {
		return nil
	}
	if err := x.root.MkdirAll(filepath.FromSlash(dir), 0o700); err != nil {
		return err
	}
	x.made[dir] = true
	return nil
}

// ctxReader stops a long copy when the context ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// newTemp creates the temporary folder of a workspace.
func newTemp(opts Options, kind Kind) (*Workspace, error) {
	dir, err := os.MkdirTemp(opts.TempDir, "vigil-"+string(kind)+"-")
	if err != nil {
		return nil, fmt.Errorf("workspace: creating temporary folder: %w", err)
	}
	return &Workspace{Root: dir, Kind: kind, temp: dir}, nil
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
