package workspace

import (
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// Loose uploads are held in memory: nothing is written to the temporary folder, the files read
// back as uploaded (ReadFile without a copy, but with no room to append into), the tree is a
// conforming fs.FS, and after Close nothing can be read.
func TestUploadsInMemory(t *testing.T) {
	tmp := t.TempDir()
	rust := "pub fn f() {}\n"
	w, err := FromUploads(bg, []Upload{upload("A.sol", token), upload("lib.rs", rust)}, Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	if left := tempEntries(t, tmp); len(left) != 0 || w.Root != "" {
		t.Errorf("an in-memory workspace made %v (root %q)", left, w.Root)
	}
	if err := fstest.TestFS(w.FS(), "A.sol", "lib.rs"); err != nil {
		t.Error(err)
	}
	data, err := w.ReadFile("A.sol")
	if err != nil || string(data) != token {
		t.Fatalf("ReadFile: %q %v", data, err)
	}
	if cap(data) != len(data) {
		t.Errorf("ReadFile's slice has room for %d more bytes: an append would write into the workspace's file", cap(data)-len(data))
	}
	if again, _ := w.ReadFile("/./A.sol"); string(again) != token {
		t.Errorf("a second read gave %q", again)
	}
	for _, missing := range []string{"B.sol", "", "A.sol/x", "."} {
		if _, err := w.ReadFile(missing); err == nil {
			t.Errorf("ReadFile(%q) read something", missing)
		}
	}
	if f, err := w.Open("lib.rs"); err != nil {
		t.Error(err)
	} else {
		b, _ := io.ReadAll(f)
		f.Close()
		if string(b) != rust {
			t.Errorf("Open read %q", b)
		}
	}
	w.Close()
	if _, err := w.ReadFile("A.sol"); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("ReadFile after Close: %v", err)
	}
	if _, err := fs.Stat(w.FS(), "A.sol"); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("FS after Close: %v", err)
	}
}

// The checks of the disk workspace hold in memory: size while reading, text, skip patterns,
// the file and byte limits, hostile names.
func TestUploadsInMemoryChecks(t *testing.T) {
	tmp := t.TempDir()
	_, err := FromUploads(bg, []Upload{upload("Big.sol", strings.Repeat("a", 2000))}, Options{TempDir: tmp, Limits: Limits{MaxFileBytes: 1000}})
	mustRefuse(t, err, ErrLimit, "max_file_bytes")
	_, err = FromUploads(bg, []Upload{upload("A.sol", token), upload("B.sol", token), upload("C.sol", token)}, Options{TempDir: tmp, Limits: Limits{MaxFiles: 2}})
	mustRefuse(t, err, ErrLimit, "max_files")
	_, err = FromUploads(bg, []Upload{upload("A.sol", token), upload("B.sol", token)}, Options{TempDir: tmp, Limits: Limits{MaxTotalBytes: int64(len(token)) + 1}})
	mustRefuse(t, err, ErrLimit, "max_total_bytes")
	_, err = FromUploads(bg, []Upload{upload("A.sol", token), upload("B.sol", token)}, Options{TempDir: tmp, Limits: Limits{MaxEntries: 1}})
	mustRefuse(t, err, ErrLimit, "max_entries")
	_, err = FromUploads(bg, []Upload{upload("N\x00.sol", token)}, Options{TempDir: tmp})
	mustRefuse(t, err, ErrUnsafePath, "not a file name")
	_, err = FromUploads(bg, []Upload{upload("Bin.sol", "\x00\x01"), upload("Latin1.sol", "caf\xe9")}, Options{TempDir: tmp})
	mustRefuse(t, err, ErrNoSources, "binary")

	w, err := FromUploads(bg, []Upload{upload("A.sol", token), upload("A.t.sol", token), upload("Bin.sol", "\x00")}, Options{TempDir: tmp, Skip: []string{"*.t.sol"}})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "A.sol")
	if len(w.Notes) != 1 || w.Notes[0].Path != "Bin.sol" {
		t.Errorf("notes %+v", w.Notes)
	}
	w.Close()

	// A hostile name keeps its base name only, as on disk.
	w, err = FromUploads(bg, []Upload{upload("../../etc/X.sol", token), upload(`..\..\Y.sol`, token)}, Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "X.sol", "Y.sol")
	w.Close()
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("uploads left %v", left)
	}
}

func upload(name, body string) Upload {
	return Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(body)), nil }}
}
