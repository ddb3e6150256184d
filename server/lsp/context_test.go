package lsp

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := writeFile(dir, name, []byte(content)); err != nil {
			t.Fatal(err)
		}
	}
}

// A Solidity file's context is its import closure through remappings, with the project files
// above it, so that the copy tells dependencies as the workspace does; a Rust file's is its
// crate. Open buffers replace the files on disk.
func TestContextFiles(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"remappings.txt":      "@oz/=lib/oz/src/\n",
		"src/A.sol":           "import \"@oz/B.sol\";\ncontract A {}\n",
		"src/D.sol":           "contract D {}\n",
		"lib/oz/src/B.sol":    "import \"./C.sol\";\ncontract B {}\n",
		"lib/oz/src/C.sol":    "contract C {}\n",
		"lib/oz/foundry.toml": "[profile.default]\n",
		"prog/Cargo.toml":     "[package]\nname = \"p\"\n",
		"prog/src/lib.rs":     "mod m;\n",
		"prog/src/m.rs":       "fn f() {}\n",
		"other/Cargo.toml":    "[package]\nname = \"o\"\n",
		"other/src/lib.rs":    "fn g() {}\n",
	})
	ws, err := workspace.FromFolder(context.Background(), root, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	overlay := map[string][]byte{"src/A.sol": []byte("import \"@oz/B.sol\";\nimport \"./D.sol\";\ncontract A {}\n")}
	read := func(p string) ([]byte, error) {
		if data, ok := overlay[p]; ok {
			return data, nil
		}
		return ws.ReadFile(p)
	}
	if got, want := contextFiles(ws, "src/A.sol", read), []string{"src/A.sol", "lib/oz/src/B.sol", "src/D.sol", "lib/oz/src/C.sol"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Solidity context %v, want %v", got, want)
	}
	if got, want := contextFiles(ws, "prog/src/m.rs", read), []string{"prog/src/m.rs", "prog/src/lib.rs"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Rust context %v, want %v", got, want)
	}

	dst := t.TempDir()
	if err := writeContext(ws, contextFiles(ws, "src/A.sol", read), read, dst); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dst, "src/A.sol")); err != nil || string(data) != string(overlay["src/A.sol"]) {
		t.Errorf("the buffer was not used: %q %v", data, err)
	}
	for _, p := range []string{"remappings.txt", "lib/oz/foundry.toml"} {
		if _, err := os.Stat(filepath.Join(dst, p)); err != nil {
			t.Errorf("project file %s not copied: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dst, "other")); err == nil {
		t.Error("an unrelated crate was copied")
	}
	sub, err := workspace.FromFolder(context.Background(), dst, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Close()
	if f, ok := sub.File("lib/oz/src/B.sol"); !ok || !f.Dependency {
		t.Errorf("the copied dependency is %+v, %v", f, ok)
	}
	if err := writeFile(dst, "../x.sol", nil); err == nil {
		t.Error("a path leaving the folder was written")
	}
}
