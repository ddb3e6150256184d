package workspace

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
)

// FromArchive builds a workspace from a .zip file on disk. The archive is hostile input: it is
// refused as a whole, before or during extraction, with an error naming the entry, when an entry
// has an absolute path or a .. component, is a symbolic link or special file, is duplicated, or
// when a limit is passed (archive size, entries, source files, file size, total size, expansion
// ratio). Limits are enforced on the bytes actually decompressed, never on header fields. Only
// sources and project files are extracted; if every entry sits under one top folder (as in
// GitHub's downloads), that folder is removed from the paths.
func FromArchive(ctx context.Context, zipPath string, opts Options) (*Workspace, error) {
	lim := opts.Limits.withDefaults()
	f, err := os.Open(zipPath)
	if err != nil {
		return nil, refuse("archive", nil, "cannot open: %v", unwrapPath(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, refuse("archive", nil, "cannot open: %v", unwrapPath(err))
	}
	if !st.Mode().IsRegular() {
		return nil, refuse("archive", nil, "is not a regular file")
	}
	if st.Size() > lim.MaxArchiveBytes {
		return nil, refuse("archive", ErrLimit, "larger than %d bytes (limit max_archive_bytes)", lim.MaxArchiveBytes)
	}
	// archive/zip reads the whole central directory into memory before anything can be
	// checked, and does not bound it by the count the archive declares. Every directory record
	// starts with the signature PK\x01\x02, so counting those bytes first bounds the records it
	// can find, at the price of one fast read.
	if n, err := countSignatures(f, st.Size()); err != nil {
		return nil, refuse("archive", nil, "cannot read: %v", err)
	} else if n > int64(lim.MaxEntries) {
		return nil, refuse("archive", ErrLimit, "has more than %d entries (limit max_entries)", lim.MaxEntries)
	}
	zr, err := zip.NewReader(f, st.Size())
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		// ErrInsecurePath comes with a usable reader; safeName below names the bad entry.
		return nil, refuse("archive", nil, "not a valid zip file: %v", err)
	}
	if len(zr.File) > lim.MaxEntries {
		return nil, refuse("archive", ErrLimit, "has more than %d entries (limit max_entries)", lim.MaxEntries)
	}

	// Check every name before writing anything.
	names := make([]string, len(zr.File))
	dirs := make([]bool, len(zr.File))
	for i, zf := range zr.File {
		rel, err := safeName("zip entry", zf.Name, lim)
		if err != nil {
			return nil, err
		}
		names[i] = rel
		dirs[i] = zf.Mode().IsDir()
	}
	skip, err := newSkipper(opts.Skip)
	if err != nil {
		return nil, err
	}
	w, err := newTemp(opts, FromArchiveKind)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(w.Root)
	if err != nil {
		return discard(w, err)
	}
	defer root.Close()
	x := &extractor{
		what: "zip entry", source: "archive", lim: lim, skip: skip, root: root, linkError: true, note: w.note,
		strip: commonTop(names, dirs), made: map[string]bool{},
	}
	for i, zf := range zr.File {
		mode := zf.Mode()
		e := entry{
			name:       zf.Name,
			dir:        mode.IsDir(),
			link:       mode&os.ModeSymlink != 0,
			regular:    mode.IsRegular(),
			compressed: int64(min(zf.CompressedSize64, 1<<62)),
			open:       zf.Open,
		}
		if err := x.add(ctx, e, names[i]); err != nil {
			return discard(w, err)
		}
	}
	if err := w.index(ctx, opts); err != nil {
		return discard(w, err)
	}
	return w, nil
}

var centralSig = []byte("PK\x01\x02")

// countSignatures counts central directory signatures in the first size bytes of f.
func countSignatures(f io.ReaderAt, size int64) (int64, error) {
	r := bufio.NewReaderSize(io.NewSectionReader(f, 0, size), 1<<16)
	buf := make([]byte, 1<<16)
	var n int64
	carry := 0 // bytes kept from the previous chunk, so a signature split across chunks counts
	for {
		k, err := io.ReadFull(r, buf[carry:])
		chunk := buf[:carry+k]
		n += int64(bytes.Count(chunk, centralSig))
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
		// Keep the last 3 bytes: a signature may start there. They cannot hold a whole
		// signature, so nothing is counted twice.
		carry = copy(buf, chunk[len(chunk)-3:])
	}
}
