package workspace

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenRecognisesTargets(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"proj/src/A.sol": token, "Solo.sol": token, "notes.txt": "x"})
	zipPath := buildZip(t, []zipEntry{{name: "src/Z.sol", body: []byte(token)}})

	cases := []struct {
		target Target
		kind   Kind
		files  string
	}{
		{Target{Location: filepath.Join(dir, "proj")}, FromFolderKind, "src/A.sol"},
		{Target{Location: zipPath}, FromArchiveKind, "Z.sol"},
		{Target{Location: filepath.Join(dir, "Solo.sol")}, FromFilesKind, "Solo.sol"},
	}
	for _, c := range cases {
		w, err := Open(bg, c.target, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.target.Location, err)
		}
		if w.Kind != c.kind || strings.Join(paths(w), ",") != c.files {
			t.Errorf("%s: kind %q files %v", c.target.Location, w.Kind, paths(w))
		}
		w.Close()
	}

	refusals := []struct {
		target  Target
		mention string
	}{
		{Target{}, "empty"},
		{Target{Location: filepath.Join(dir, "notes.txt")}, "not a folder"},
		{Target{Location: filepath.Join(dir, "missing")}, "no such file"},
		{Target{Location: "git@github.com:a/b.git"}, "http and https"},
		{Target{Location: "ssh://github.com/a/b"}, "http and https"},
		{Target{Location: filepath.Join(dir, "proj"), Branch: "main"}, "git URLs only"},
		{Target{Location: "https://127.0.0.1/x.git"}, "loopback"},
	}
	for _, c := range refusals {
		_, err := Open(bg, c.target, Options{})
		mustRefuse(t, err, nil, c.mention)
	}
}

func TestFromUploads(t *testing.T) {
	up := func(name, body string) Upload {
		return Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(body)), nil }}
	}
	tmp := t.TempDir()
	w, err := FromUploads(bg, []Upload{up("A.sol", token), up(`C:\Users\x\B.sol`, token), up("lib.rs", "fn f() {}\n")}, Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "A.sol", "B.sol", "lib.rs")
	if w.Language != Both {
		t.Errorf("language %q", w.Language)
	}
	w.Close()

	zipData, _ := os.ReadFile(buildZip(t, []zipEntry{{name: "x/Y.sol", body: []byte(token)}}))
	w, err = FromUploads(bg, []Upload{{Name: "p.zip", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(zipData)), nil }}}, Options{TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "Y.sol")
	w.Close()

	for _, c := range []struct {
		ups     []Upload
		mention string
	}{
		{nil, "no files"},
		{[]Upload{up("A.sol", token), up("dir/A.sol", token)}, "given twice"},
		{[]Upload{up("A.sol", token), up("p.zip", "")}, "only file"},
		{[]Upload{up("run.sh", "rm -rf /")}, "not a valid file type"},
	} {
		_, err := FromUploads(bg, c.ups, Options{TempDir: tmp})
		mustRefuse(t, err, nil, c.mention)
	}
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("uploads left %v", left)
	}
}

func TestFromFolderSkipsCargoTarget(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"programs/vault/Cargo.toml":                    "[package]\nname = \"vault\"\n",
		"programs/vault/src/lib.rs":                    "pub fn f() {}\n",
		"programs/vault/target/debug/build/out/gen.rs": "pub fn g() {}\n",
		"vendor/anchor-lang/src/lib.rs":                "pub fn h() {}\n",
		"Cargo.toml":                                   "[workspace]\n",
		"src/target/keep.rs":                           "pub fn k() {}\n", // no Cargo.toml beside it
	})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w, "programs/vault/src/lib.rs", "src/target/keep.rs", "vendor/anchor-lang/src/lib.rs (dep)")
	if w.Language != Rust {
		t.Errorf("language %q", w.Language)
	}
}
