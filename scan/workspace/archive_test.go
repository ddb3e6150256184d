package workspace

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestFromArchive(t *testing.T) {
	p := buildZip(t, []zipEntry{
		{name: "proj-main/", mode: os.ModeDir | 0o755},
		{name: "proj-main/src/Token.sol", body: []byte(token), deflate: true},
		{name: "proj-main/lib/forge-std/src/Test.sol", body: []byte(token)},
		{name: "proj-main/README.md", body: []byte("# readme")},
		{name: "proj-main/docs/logo.png", body: []byte("\x89PNG\x00\x00")},
		{name: `proj-main\windows\Path.sol`, body: []byte(token)},
		{name: "proj-main/src/Bin.sol", body: []byte("\x00\x00")},
	})
	tmp := t.TempDir()
	w, err := FromArchive(bg, p, Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "lib/forge-std/src/Test.sol (dep)", "src/Token.sol", "windows/Path.sol")
	if w.Kind != FromArchiveKind {
		t.Errorf("kind = %q", w.Kind)
	}
	if len(w.Notes) != 1 || w.Notes[0].Path != "src/Bin.sol" {
		t.Errorf("notes = %v", w.Notes)
	}
	// Only sources and project files are written to disk.
	if _, err := os.Stat(w.Path("README.md")); !os.IsNotExist(err) {
		t.Errorf("README.md extracted: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("Close left %v", left)
	}
}

// Every hostile archive is refused as a whole, names the entry, and leaves nothing on disk.
func TestFromArchiveRefusesHostileEntries(t *testing.T) {
	cases := []struct {
		name    string
		entries []zipEntry
		lim     Limits
		kind    error
		mention string
	}{
		{"traversal", []zipEntry{{name: "src/A.sol", body: []byte(token)}, {name: "../../evil.sol", body: []byte(token)}}, Limits{}, ErrUnsafePath, `"../../evil.sol"`},
		{"hidden traversal", []zipEntry{{name: "src/../../evil.sol", body: []byte(token)}}, Limits{}, ErrUnsafePath, "traversal"},
		{"backslash traversal", []zipEntry{{name: `..\evil.sol`, body: []byte(token)}}, Limits{}, ErrUnsafePath, "traversal"},
		{"absolute", []zipEntry{{name: "/etc/cron.d/evil.sol", body: []byte(token)}}, Limits{}, ErrUnsafePath, "absolute"},
		{"drive letter", []zipEntry{{name: `C:\evil.sol`, body: []byte(token)}}, Limits{}, ErrUnsafePath, "absolute"},
		{"control characters", []zipEntry{{name: "a\x00b.sol", body: []byte(token)}}, Limits{}, ErrUnsafePath, "control"},
		{"symlink", []zipEntry{{name: "src/link.sol", body: []byte("/etc/passwd"), mode: os.ModeSymlink | 0o777}}, Limits{}, ErrSymlink, `"src/link.sol"`},
		{"symlink to folder", []zipEntry{{name: "lib", body: []byte("/"), mode: os.ModeSymlink | 0o777}, {name: "lib/x.sol", body: []byte(token)}}, Limits{}, ErrSymlink, `"lib"`},
		{"device", []zipEntry{{name: "dev.sol", mode: os.ModeDevice | 0o644}}, Limits{}, ErrUnsafePath, "special"},
		{"duplicate", []zipEntry{{name: "a/A.sol", body: []byte(token)}, {name: "a/./A.sol", body: []byte("contract Evil {}")}}, Limits{}, ErrUnsafePath, "duplicate"},
		{"too many entries", []zipEntry{{name: "a.sol"}, {name: "b.md"}, {name: "c.md"}}, Limits{MaxEntries: 2}, ErrLimit, "max_entries"},
		{"too many sources", []zipEntry{{name: "a.sol", body: []byte(token)}, {name: "b.sol", body: []byte(token)}}, Limits{MaxFiles: 1}, ErrLimit, "max_files"},
		{"file too large", []zipEntry{{name: "a.sol", body: bytes.Repeat([]byte("a"), 2000), deflate: true}}, Limits{MaxFileBytes: 1000}, ErrLimit, "max_file_bytes"},
		{"total too large", []zipEntry{{name: "a.sol", body: []byte(token)}, {name: "b.sol", body: []byte(token)}}, Limits{MaxTotalBytes: int64(len(token)) + 10}, ErrLimit, "max_total_bytes"},
		{"archive too large", []zipEntry{{name: "a.sol", body: []byte(token)}}, Limits{MaxArchiveBytes: 50}, ErrLimit, "max_archive_bytes"},
		{"too deep", []zipEntry{{name: strings.Repeat("d/", 10) + "a.sol", body: []byte(token)}}, Limits{MaxPathDepth: 5}, ErrUnsafePath, "max_path_depth"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			_, err := FromArchive(bg, buildZip(t, c.entries), Options{TempDir: tmp, Limits: c.lim})
			mustRefuse(t, err, c.kind, c.mention)
			if left := tempEntries(t, tmp); len(left) != 0 {
				t.Errorf("refused archive left %v", left)
			}
		})
	}
}

// A zip bomb: a small archive whose entry inflates far past its compressed size. It is caught
// on the bytes produced, with a limit that its header cannot talk its way around.
func TestFromArchiveRefusesBombs(t *testing.T) {
	zeros := bytes.Repeat([]byte{'\n'}, 8<<20) // 8 MiB of newlines: valid text, deflates ~1000x
	p := buildZip(t, []zipEntry{{name: "bomb.sol", body: zeros, deflate: true}})
	st, _ := os.Stat(p)
	if st.Size() > 64<<10 {
		t.Fatalf("test archive not compressed enough: %d bytes", st.Size())
	}
	tmp := t.TempDir()
	_, err := FromArchive(bg, p, Options{TempDir: tmp, Limits: Limits{MaxFileBytes: 16 << 20}})
	mustRefuse(t, err, ErrLimit, "max_ratio")
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("refused archive left %v", left)
	}

	// With the default file limit the same entry stops at 4 MiB, whatever its header says.
	_, err = FromArchive(bg, p, Options{TempDir: tmp})
	mustRefuse(t, err, ErrLimit, "max_file_bytes")

	// A header that lies about the uncompressed size changes nothing: rewrite the sizes.
	lying := lieAboutSizes(t, p)
	_, err = FromArchive(bg, lying, Options{TempDir: tmp})
	if err == nil {
		t.Fatal("lying archive accepted")
	}
	t.Logf("lying archive: %v", err)
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("refused archive left %v", left)
	}
}

// lieAboutSizes rewrites every uncompressed-size field of the archive at p to 100 bytes.
func lieAboutSizes(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	put := func(off int) { data[off], data[off+1], data[off+2], data[off+3] = 100, 0, 0, 0 }
	for i := 0; i+4 <= len(data); i++ {
		switch string(data[i : i+4]) {
		case "PK\x03\x04":
			put(i + 22)
		case "PK\x01\x02":
			put(i + 24)
		case "PK\x07\x08":
			put(i + 12)
		}
	}
	out := p + ".lying.zip"
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestFromArchiveRefusesGarbage(t *testing.T) {
	p := t.TempDir() + "/x.zip"
	os.WriteFile(p, []byte("this is not a zip"), 0o644)
	_, err := FromArchive(bg, p, Options{})
	mustRefuse(t, err, nil, "not a valid zip")
}

func TestCountSignatures(t *testing.T) {
	data := append(bytes.Repeat([]byte("x"), (1<<16)-2), []byte("PK\x01\x02 PK\x01\x02")...)
	n, err := countSignatures(bytes.NewReader(data), int64(len(data)))
	if err != nil || n != 2 {
		t.Fatalf("count across chunk boundary = %d, %v", n, err)
	}
}

func TestFromUpload(t *testing.T) {
	tmp := t.TempDir()
	w, err := FromUpload(bg, "Vault.sol", strings.NewReader(token), Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "Vault.sol")
	w.Close()

	data, _ := os.ReadFile(buildZip(t, []zipEntry{{name: "a/B.sol", body: []byte(token)}}))
	w, err = FromUpload(bg, "project.ZIP", bytes.NewReader(data), Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "B.sol")
	w.Close()

	_, err = FromUpload(bg, "notes.txt", strings.NewReader("x"), Options{TempDir: tmp})
	mustRefuse(t, err, nil, "not a valid file type")

	_, err = FromUpload(bg, "Big.sol", strings.NewReader(strings.Repeat("a", 2000)), Options{TempDir: tmp, Limits: Limits{MaxFileBytes: 1000}})
	mustRefuse(t, err, ErrLimit, "max_file_bytes")

	_, err = FromUpload(bg, "big.zip", bytes.NewReader(data), Options{TempDir: tmp, Limits: Limits{MaxArchiveBytes: 10}})
	mustRefuse(t, err, ErrLimit, "max_archive_bytes")

	_, err = FromUpload(bg, "Bin.sol", strings.NewReader("\x00\x01"), Options{TempDir: tmp})
	mustRefuse(t, err, ErrNoSources, "binary")

	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("uploads left %v", left)
	}
}

func TestFromFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a/A.sol": token, "b/B.sol": token, "c/A.sol": token, "x.txt": "x"})
	w, err := FromFiles(bg, []string{dir + "/a/A.sol", dir + "/b/B.sol"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "A.sol", "B.sol")
	if w.Root != "" {
		t.Errorf("files named one by one were copied to %s; they are read into memory", w.Root)
	}
	w.Close()
	_, err = FromFiles(bg, []string{dir + "/a/A.sol", dir + "/c/A.sol"}, Options{})
	mustRefuse(t, err, nil, "given twice")
	_, err = FromFiles(bg, []string{dir + "/x.txt"}, Options{})
	mustRefuse(t, err, nil, "not a .sol")
}
