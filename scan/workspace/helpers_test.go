package workspace

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const token = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Token {
    mapping(address => uint256) public balanceOf;
}
`

// writeFiles creates files (slash path -> content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// zipEntry describes one entry of a test archive.
type zipEntry struct {
	name    string
	body    []byte
	mode    os.FileMode // 0: regular 0644
	deflate bool
}

// zipBytes builds a real zip archive with the given entries.
func zipBytes(entries []zipEntry) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Store}
		if e.deflate {
			h.Method = zip.Deflate
		}
		mode := e.mode
		if mode == 0 {
			mode = 0o644
		}
		h.SetMode(mode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(e.body); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// buildZip writes a real zip archive with the given entries and returns its path.
func buildZip(t *testing.T, entries []zipEntry) string {
	t.Helper()
	data, err := zipBytes(entries)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "upload.zip")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func paths(w *Workspace) []string {
	var out []string
	for _, f := range w.Files {
		p := f.Path
		if f.Dependency {
			p += " (dep)"
		}
		out = append(out, p)
	}
	return out
}

func wantPaths(t *testing.T, w *Workspace, want ...string) {
	t.Helper()
	got := strings.Join(paths(w), ", ")
	if got != strings.Join(want, ", ") {
		t.Errorf("files = [%s]\nwant    [%s]", got, strings.Join(want, ", "))
	}
}

// tempEntries lists what is left in dir, to prove a refused input leaves no files behind.
func tempEntries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func mustRefuse(t *testing.T, err error, kind error, mention string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want refusal (%v)", kind)
	}
	t.Logf("refused: %v", err)
	if !errors.Is(err, ErrInput) {
		t.Errorf("error %v is not ErrInput", err)
	}
	if kind != nil && !errors.Is(err, kind) {
		t.Errorf("error %v is not %v", err, kind)
	}
	if mention != "" && !strings.Contains(err.Error(), mention) {
		t.Errorf("error %q does not mention %q", err, mention)
	}
}

var bg = context.Background()

func removeAll(t *testing.T, p string) {
	t.Helper()
	if err := os.RemoveAll(p); err != nil {
		t.Fatal(err)
	}
}
