package workspace

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"slices"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/scan/source"
)

// Loose files (uploads, files named one by one) are held in memory rather than written to a
// temporary folder and read back: they sit side by side under their base names, so there is no
// tree to confine and nothing for a tool to find on disk, and a file scan of one contract
// spent more on the folder (create, write, walk, read, remove) than on reading the source.
// Every check of the disk workspace applies: the name rules and max_file_bytes while reading
// (copyIn's), then the walk's (skip patterns, UTF-8 text, max_entries, max_files,
// max_total_bytes). Archives are still extracted to disk: their trees need the same
// confinement as a folder's, and they are the large inputs.

// memFS is the tree of an in-memory workspace: files at its root, by base name. Its files are
// never changed once the workspace is built; every read through it gets its own reader or copy
// (Workspace.ReadFile shares them).
type memFS struct {
	files map[string][]byte
	names []string // sorted, for ReadDir
}

var (
	_ fs.ReadDirFS  = (*memFS)(nil)
	_ fs.ReadFileFS = (*memFS)(nil)
	_ fs.StatFS     = (*memFS)(nil)
)

func (m *memFS) Open(name string) (fs.File, error) {
	if name == "." {
		return &memDir{m: m}, nil
	}
	data, err := m.lookup("open", name)
	if err != nil {
		return nil, err
	}
	return &memFile{Reader: bytes.NewReader(data), info: memInfo{name: name, size: int64(len(data))}}, nil
}

// ReadFile returns a copy of the file: the caller owns it, as with os.ReadFile.
func (m *memFS) ReadFile(name string) ([]byte, error) {
	data, err := m.lookup("read", name)
	if err != nil {
		return nil, err
	}
	return bytes.Clone(data), nil
}

func (m *memFS) Stat(name string) (fs.FileInfo, error) {
	if name == "." {
		return memInfo{name: ".", dir: true}, nil
	}
	data, err := m.lookup("stat", name)
	if err != nil {
		return nil, err
	}
	return memInfo{name: name, size: int64(len(data))}, nil
}

func (m *memFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		if _, err := m.lookup("readdir", name); err != nil {
			return nil, err
		}
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid} // a file
	}
	out := make([]fs.DirEntry, len(m.names))
	for i, n := range m.names {
		out[i] = fs.FileInfoToDirEntry(memInfo{name: n, size: int64(len(m.files[n]))})
	}
	return out, nil
}

// lookup finds a file; any path that is not valid or names no file (a folder path, since there
// are none) does not exist.
func (m *memFS) lookup(op, name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	data, ok := m.files[name]
	if !ok {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	return data, nil
}

// memFile is an open file of a memFS (or a synthetic file of the Rust loader's view).
type memFile struct {
	*bytes.Reader
	info memInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

// memDir is the open root folder of a memFS.
type memDir struct {
	m    *memFS
	read int // entries ReadDir returned so far
}

func (d *memDir) Stat() (fs.FileInfo, error) { return memInfo{name: ".", dir: true}, nil }
func (d *memDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: fs.ErrInvalid}
}
func (d *memDir) Close() error { return nil }

func (d *memDir) ReadDir(n int) ([]fs.DirEntry, error) {
	all, _ := d.m.ReadDir(".")
	rest := all[d.read:]
	if n > 0 && len(rest) == 0 {
		return nil, io.EOF
	}
	if n > 0 && len(rest) > n {
		rest = rest[:n]
	}
	d.read += len(rest)
	return rest, nil
}

type memInfo struct {
	name string
	size int64
	dir  bool
}

func (i memInfo) Name() string { return i.name }
func (i memInfo) Size() int64  { return i.size }
func (i memInfo) Mode() fs.FileMode {
	if i.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return i.dir }
func (i memInfo) Sys() any           { return nil }

// newMemory starts an in-memory workspace of loose files.
func newMemory(kind Kind) *Workspace {
	return &Workspace{Kind: kind, mem: &memFS{files: map[string][]byte{}}}
}

// readIn reads r as the file base at the root of an in-memory workspace, at most
// max_file_bytes, with copyIn's name rules and messages.
func (w *Workspace) readIn(ctx context.Context, base string, r io.Reader, lim Limits) error {
	if base == "." || base == "/" || base == ".." || strings.ContainsAny(base, "/\x00") || !fs.ValidPath(base) {
		return refuse("file name "+quote(base), ErrUnsafePath, "not a file name")
	}
	if _, dup := w.mem.files[base]; dup {
		return refuse("file "+quote(base), nil, "given twice; file names must be unique (scan their folder instead)")
	}
	data, err := source.ReadAtMost(uploadFile{ctxReader{ctx, r}}, lim.MaxFileBytes)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return refuse("file "+quote(base), nil, "cannot be read: %v", err)
	}
	if int64(len(data)) > lim.MaxFileBytes {
		return refuse("file "+quote(base), ErrLimit, "larger than %d bytes (limit max_file_bytes)", lim.MaxFileBytes)
	}
	w.mem.files[base] = data
	return nil
}

// indexMemory lists the sources of an in-memory workspace as index lists a folder's: the same
// skip patterns, text checks and limits, in path order.
func (w *Workspace) indexMemory(ctx context.Context, opts Options) error {
	lim := opts.Limits.withDefaults()
	skip, err := newSkipper(opts.Skip)
	if err != nil {
		return err
	}
	m := w.mem
	m.names = make([]string, 0, len(m.files))
	for name := range m.files {
		m.names = append(m.names, name)
	}
	slices.Sort(m.names)
	if len(m.names) > lim.MaxEntries {
		return refuse("files", ErrLimit, "are more than %d (limit max_entries)", lim.MaxEntries)
	}
	for _, name := range m.names {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !wanted(name) || skip.match(name, false) {
			continue
		}
		if err := w.addData(name, m.files[name], lim); err != nil {
			return err
		}
	}
	return w.finishIndex(nil)
}

// uploadFile reads an upload for source.ReadAtMost, which sizes its buffer from Stat when the
// reader has one (a file of the local blob store); reads stop when the context is done.
type uploadFile struct{ ctxReader }

func (u uploadFile) Stat() (fs.FileInfo, error) {
	if st, ok := u.r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		return st.Stat()
	}
	return nil, fs.ErrInvalid
}

func (u uploadFile) Close() error { return nil }
