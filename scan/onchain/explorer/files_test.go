package explorer

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	src := &Source{Files: map[string]string{"contracts/A.sol": "contract A {}", "@oz/token/B.sol": "contract B {}"}}
	if err := src.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "@oz", "token", "B.sol"))
	if err != nil || string(b) != "contract B {}" {
		t.Fatalf("%q %v", b, err)
	}
	// Writing again does not overwrite.
	if err := src.WriteFiles(dir); err == nil {
		t.Error("overwrote existing files")
	}
	for _, bad := range []string{"../x.sol", "/abs.sol", "a/../../x.sol"} {
		if err := (&Source{Files: map[string]string{bad: "x"}}).WriteFiles(t.TempDir()); err == nil {
			t.Errorf("wrote %q", bad)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "x.sol")); err == nil {
		t.Error("a file escaped the folder")
	}
}
