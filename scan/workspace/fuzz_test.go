package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// safeName never returns a path that could leave the destination folder.
func FuzzSafeName(f *testing.F) {
	for _, s := range []string{"a/b.sol", "../x", "/abs", `C:\x`, "a/../../b", "./a//b/", `..\..\x`, "a\x00b", "", ".", "...", "a/.../b"} {
		f.Add(s)
	}
	lim := DefaultLimits()
	f.Fuzz(func(t *testing.T, name string) {
		rel, err := safeName("entry", name, lim)
		if err != nil {
			return
		}
		if strings.HasPrefix(rel, "/") || rel == ".." || strings.HasPrefix(rel, "../") || strings.Contains(rel, "/../") || strings.HasSuffix(rel, "/..") {
			t.Fatalf("safeName(%q) = %q", name, rel)
		}
		if filepath.IsAbs(rel) || !filepath.IsLocal(filepath.FromSlash(rel)) && rel != "" {
			t.Fatalf("safeName(%q) = %q is not local", name, rel)
		}
	})
}

// Arbitrary bytes given as an archive are refused or extracted, never a panic, and nothing is
// left in the temporary folder after Close.
func FuzzFromArchive(f *testing.F) {
	for _, entries := range [][]zipEntry{
		{{name: "top/src/A.sol", body: []byte(token), deflate: true}, {name: "top/foundry.toml", body: []byte("[profile.default]\n")}},
		{{name: "../evil.sol", body: []byte(token)}},
		{{name: "l.sol", body: []byte("/etc/passwd"), mode: os.ModeSymlink | 0o777}},
	} {
		data, err := zipBytes(entries)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("PK\x05\x06" + strings.Repeat("\x00", 18)))
	f.Add([]byte("not a zip"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		p := filepath.Join(dir, "in.zip")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		tmp := filepath.Join(dir, "tmp")
		os.Mkdir(tmp, 0o700)
		w, err := FromArchive(bg, p, Options{TempDir: tmp})
		if err == nil {
			w.Close()
		}
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Fatalf("left %v", left)
		}
	})
}
