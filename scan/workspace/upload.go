package workspace

import (
	"context"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FromUpload builds a workspace from an uploaded stream: a .zip archive (see FromArchive) or a
// single .sol or .rs file, chosen by name. An archive is copied to disk, a source file read
// into memory, with the size limit enforced while reading (max_archive_bytes for archives,
// max_file_bytes for a source file).
func FromUpload(ctx context.Context, name string, r io.Reader, opts Options) (*Workspace, error) {
	lim := opts.Limits.withDefaults()
	base := path.Base(strings.ReplaceAll(name, `\`, "/"))
	switch {
	case strings.EqualFold(path.Ext(base), ".zip"):
		tmp, err := os.CreateTemp(opts.TempDir, "vigil-upload-*.zip")
		if err != nil {
			return nil, err
		}
		defer os.Remove(tmp.Name())
		n, err := io.Copy(tmp, io.LimitReader(ctxReader{ctx, r}, lim.MaxArchiveBytes+1))
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return nil, refuse("upload "+quote(base), nil, "cannot be stored: %v", err)
		}
		if n > lim.MaxArchiveBytes {
			return nil, refuse("upload "+quote(base), ErrLimit, "larger than %d bytes (limit max_archive_bytes)", lim.MaxArchiveBytes)
		}
		return FromArchive(ctx, tmp.Name(), opts)
	case langOf(base) != Unknown:
		w := newMemory(FromFilesKind)
		if err := w.readIn(ctx, base, r, lim); err != nil {
			return discard(w, err)
		}
		if err := w.indexMemory(ctx, opts); err != nil {
			return discard(w, err)
		}
		return w, nil
	}
	return nil, refuse("file name "+quote(base), nil, "not a valid file type; expected .sol, .rs or .zip")
}

// FromFiles builds a workspace from local source files (.sol, .rs), read side by side into
// memory under their base names. Imports between them resolve when they sat in one
// folder; to scan a project with its layout, use FromFolder.
func FromFiles(ctx context.Context, paths []string, opts Options) (*Workspace, error) {
	ups := make([]Upload, len(paths))
	for i, p := range paths {
		p := p
		if langOf(p) == Unknown {
			return nil, refuse(quote(p), nil, "not a .sol or .rs file")
		}
		ups[i] = Upload{Name: filepath.Base(p), Open: func() (io.ReadCloser, error) {
			f, err := os.Open(p)
			if err != nil {
				return nil, refuse(quote(p), nil, "cannot open: %v", unwrapPath(err))
			}
			if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
				f.Close()
				return nil, refuse(quote(p), nil, "not a regular file")
			}
			return f, nil
		}}
	}
	return FromUploads(ctx, ups, opts)
}

// Upload is one uploaded file: its client-side name (only the base name is used) and a way to
// read it.
type Upload struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// FromUploads builds one workspace from the files of one scan request (SPEC 4.6 file_urls): a
// single .zip archive (extracted to disk), or any number of .sol and .rs files placed side by
// side in memory. Two files with the same name, an archive mixed with other files, and other
// file types are refused.
func FromUploads(ctx context.Context, ups []Upload, opts Options) (*Workspace, error) {
	if len(ups) == 0 {
		return nil, refuse("files", ErrNoSources, "no files given")
	}
	if len(ups) == 1 && strings.EqualFold(path.Ext(ups[0].Name), ".zip") {
		rc, err := ups[0].Open()
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		return FromUpload(ctx, ups[0].Name, rc, opts)
	}
	lim := opts.Limits.withDefaults()
	w := newMemory(FromFilesKind)
	seen := map[string]bool{}
	for _, up := range ups {
		base := path.Base(strings.ReplaceAll(up.Name, `\`, "/"))
		switch {
		case strings.EqualFold(path.Ext(base), ".zip"):
			return discard(w, refuse("file "+quote(base), nil, "an archive must be the only file of a scan"))
		case langOf(base) == Unknown:
			return discard(w, refuse("file name "+quote(base), nil, "not a valid file type; expected .sol, .rs or .zip"))
		case seen[base]:
			return discard(w, refuse("file "+quote(base), nil, "given twice; file names must be unique (scan their folder instead)"))
		}
		seen[base] = true
		rc, err := up.Open()
		if err != nil {
			return discard(w, err)
		}
		err = w.readIn(ctx, base, rc, lim)
		rc.Close()
		if err != nil {
			return discard(w, err)
		}
	}
	if err := w.indexMemory(ctx, opts); err != nil {
		return discard(w, err)
	}
	return w, nil
}
