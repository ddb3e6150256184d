package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFromFolderFoundryProject(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"foundry.toml": `[profile.default]
src = "src"
libs = ["lib"]
remappings = ["@oz/=lib/openzeppelin-contracts/contracts/"]
`,
		"remappings.txt":                             "forge-std/=lib/forge-std/src/\n@src/=src/\nsolady/=vendored/solady/src/\n",
		"src/Token.sol":                              token,
		"src/lib/Math.sol":                           token, // the project's own lib folder is not a dependency
		"test/Token.t.sol":                           token,
		"lib/forge-std/src/Test.sol":                 token,
		"lib/openzeppelin-contracts/contracts/A.sol": token,
		"vendored/solady/src/LibString.sol":          token,
		"node_modules/@openzeppelin/contracts/B.sol": token,
		"README.md":                                  "# not scanned",
		"out/Token.json":                             "{}",
		".git/objects/x.sol":                         token,
	})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w,
		"lib/forge-std/src/Test.sol (dep)",
		"lib/openzeppelin-contracts/contracts/A.sol (dep)",
		"node_modules/@openzeppelin/contracts/B.sol (dep)",
		"src/Token.sol",
		"src/lib/Math.sol",
		"test/Token.t.sol",
		"vendored/solady/src/LibString.sol (dep)",
	)
	if w.Language != Solidity || w.Kind != FromFolderKind {
		t.Errorf("language %q kind %q", w.Language, w.Kind)
	}
	if w.TotalLines != 7*6 || w.TotalBytes != int64(7*len(token)) {
		t.Errorf("totals: %d lines, %d bytes", w.TotalLines, w.TotalBytes)
	}
	if got := len(w.Sources(false)); got != 3 {
		t.Errorf("Sources(false) = %d files, want 3", got)
	}
	remaps := map[string]string{}
	for _, r := range w.Remappings {
		remaps[r.Prefix] = r.Target
	}
	if remaps["@oz/"] != "lib/openzeppelin-contracts/contracts/" || remaps["forge-std/"] != "lib/forge-std/src/" || remaps["@src/"] != "src/" {
		t.Errorf("remappings = %v", remaps)
	}
	data, err := w.ReadFile("src/Token.sol")
	if err != nil || string(data) != token {
		t.Errorf("ReadFile: %v", err)
	}
	if _, err := w.ReadFile("../../etc/passwd"); err == nil {
		t.Error("ReadFile left the root")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "src/Token.sol")); err != nil {
		t.Errorf("Close removed the user's folder: %v", err)
	}
}

func TestFromFolderSymlinksNeverFollowed(t *testing.T) {
	outside := t.TempDir()
	writeFiles(t, outside, map[string]string{"Secret.sol": token, "deep/Other.sol": token})
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"src/A.sol": token})
	links := map[string]string{
		"src/Leak.sol":     filepath.Join(outside, "Secret.sol"),
		"src/outsidedir":   filepath.Join(outside, "deep"),
		"src/Alias.sol":    filepath.Join(dir, "src/A.sol"),
		"src/loop":         filepath.Join(dir, "src"),
		"src/Dangling.sol": filepath.Join(dir, "missing.sol"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w, "src/A.sol")
	notes := map[string]string{}
	for _, n := range w.Notes {
		notes[n.Path] = n.Reason
	}
	for _, leaving := range []string{"src/Leak.sol", "src/outsidedir", "src/Dangling.sol"} {
		if !strings.Contains(notes[leaving], "leaving the workspace") {
			t.Errorf("note for %s = %q", leaving, notes[leaving])
		}
	}
	if !strings.Contains(notes["src/Alias.sol"], "not followed") {
		t.Errorf("note for alias = %q", notes["src/Alias.sol"])
	}
	// Reading through a link that leaves the root is refused even when asked for by name.
	if _, err := w.ReadFile("src/Leak.sol"); err == nil {
		t.Error("ReadFile followed a link out of the workspace")
	}
}

func TestFromFolderSkipsBinaryAndNonUTF8(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"src/A.sol":      token,
		"src/Bin.sol":    "pragma\x00\x01\x02",
		"src/Latin1.sol": "// caf\xe9\ncontract C {}\n",
		"src/empty.rs":   "",
	})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w, "src/A.sol", "src/empty.rs")
	if w.Language != Both {
		t.Errorf("language = %q", w.Language)
	}
	reasons := ""
	for _, n := range w.Notes {
		reasons += n.Path + ": " + n.Reason + "\n"
	}
	if !strings.Contains(reasons, "src/Bin.sol: binary") || !strings.Contains(reasons, "src/Latin1.sol: not valid UTF-8") {
		t.Errorf("notes:\n%s", reasons)
	}
}

func TestFromFolderSkipPaths(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"src/A.sol":               token,
		"src/legacy/Old.sol":      token,
		"src/mocks/M.sol":         token,
		"test/T.t.sol":            token,
		"src/B.t.sol":             token,
		"script/Deploy.s.sol":     token,
		"contracts/x/mocks/N.sol": token,
		"programs/p/src/lib.rs":   "fn main() {}\n",
	})
	w, err := FromFolder(bg, dir, Options{Skip: []string{
		"/src/legacy/", // anchored folder
		"mocks",        // a name at any depth
		"*.t.sol",      // a glob on names
		"./script",     // ./ is dropped
		"programs/**/*.rs",
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w, "src/A.sol")
}

func TestSkipPatternErrors(t *testing.T) {
	for _, bad := range []string{"../etc", "src/[", "/", "."} {
		_, err := FromFolder(bg, t.TempDir(), Options{Skip: []string{bad}})
		mustRefuse(t, err, nil, "skip path")
	}
}

func TestFromFolderLimits(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.sol": token, "b.sol": token, "c.sol": token, "big.sol": strings.Repeat("// x\n", 1000)})

	_, err := FromFolder(bg, dir, Options{Limits: Limits{MaxFiles: 2}})
	mustRefuse(t, err, ErrLimit, "max_files")

	_, err = FromFolder(bg, dir, Options{Limits: Limits{MaxTotalBytes: int64(2 * len(token))}})
	mustRefuse(t, err, ErrLimit, "max_total_bytes")

	_, err = FromFolder(bg, dir, Options{Limits: Limits{MaxEntries: 3}})
	mustRefuse(t, err, ErrLimit, "max_entries")

	w, err := FromFolder(bg, dir, Options{Limits: Limits{MaxFileBytes: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w, "a.sol", "b.sol", "c.sol")
	if len(w.Notes) != 1 || !strings.Contains(w.Notes[0].Reason, "max_file_bytes") {
		t.Errorf("notes = %v", w.Notes)
	}
}

func TestFromFolderErrors(t *testing.T) {
	_, err := FromFolder(bg, filepath.Join(t.TempDir(), "missing"), Options{})
	mustRefuse(t, err, nil, "cannot open folder")

	empty := t.TempDir()
	writeFiles(t, empty, map[string]string{"README.md": "hi", "x.sol": "\x00"})
	_, err = FromFolder(bg, empty, Options{})
	mustRefuse(t, err, ErrNoSources, "binary")
}

func TestFromFolderFIFOIsNotOpened(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"a.sol": token})
	if err := mkfifo(filepath.Join(dir, "pipe.sol")); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wantPaths(t, w, "a.sol")
}
