package lsp

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// A file scan reads the changed file with what it needs from the workspace, copied into a
// folder of its own at the same relative paths: its import closure (Solidity) or its crate
// (Rust), the project files above them (remappings.txt, foundry.toml, Cargo.toml, Anchor.toml,
// Cargo.lock) so that imports, dependencies and test folders are told as in the full scan, and
// the editor's unsaved buffers in place of the files on disk.

// maxContextFiles bounds a file scan's context: an import graph larger than this is cut, and
// the scan says so through its unresolved imports.
const maxContextFiles = 5000

// maxProjectFileBytes bounds a project file copied into the context (real ones are a few KB).
const maxProjectFileBytes = 1 << 20

// contextFiles lists the workspace files a scan of rel reads.
func contextFiles(ws *workspace.Workspace, rel string, read func(string) ([]byte, error)) []string {
	if strings.HasSuffix(rel, ".rs") {
		return crateFiles(ws, rel)
	}
	return importClosure(ws, rel, read)
}

// importClosure follows the Solidity imports of rel, transitively, as the workspace resolves
// them (remappings, node_modules, lib/).
func importClosure(ws *workspace.Workspace, rel string, read func(string) ([]byte, error)) []string {
	return ws.ImportClosure([]string{rel}, read, maxContextFiles)
}

// crateFiles lists the Rust files of the crate holding rel: those under the nearest folder
// with a Cargo.toml. A file in no crate is scanned alone.
func crateFiles(ws *workspace.Workspace, rel string) []string {
	for dir := path.Dir(rel); ; dir = path.Dir(dir) {
		if f, err := ws.Open(path.Join(dir, "Cargo.toml")); err == nil {
			f.Close()
			out := []string{rel}
			for _, wf := range ws.Files {
				if wf.Lang == workspace.Rust && wf.Path != rel && (dir == "." || strings.HasPrefix(wf.Path, dir+"/")) && len(out) < maxContextFiles {
					out = append(out, wf.Path)
				}
			}
			return out
		}
		if dir == "." || dir == "/" {
			return []string{rel}
		}
	}
}

// projectFileNames are the files that say how sources fit together, copied from every folder
// above a context file.
var projectFileNames = []string{"remappings.txt", "foundry.toml", "Cargo.toml", "Anchor.toml", "Cargo.lock"}

// writeContext copies the files into dst at their relative paths, with the project files of
// the folders above them. The first file must be copied; others that cannot be read are left
// out (the scan reports their imports as unresolved).
func writeContext(ws *workspace.Workspace, files []string, read func(string) ([]byte, error), dst string) error {
	dirs := map[string]bool{}
	for i, rel := range files {
		data, err := read(rel)
		if err != nil {
			if i == 0 {
				return err
			}
			continue
		}
		if err := writeFile(dst, rel, data); err != nil {
			return err
		}
		for dir := path.Dir(rel); !dirs[dir]; dir = path.Dir(dir) {
			dirs[dir] = true
			if dir == "." || dir == "/" {
				break
			}
		}
	}
	for dir := range dirs {
		for _, name := range projectFileNames {
			rel := path.Join(dir, name)
			f, err := ws.Open(rel)
			if err != nil {
				continue
			}
			data, err := io.ReadAll(io.LimitReader(f, maxProjectFileBytes+1))
			f.Close()
			if err != nil || len(data) > maxProjectFileBytes {
				continue
			}
			if err := writeFile(dst, rel, data); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFile writes data at the slash path rel under dir; rel comes from the workspace index,
// which never holds a path leaving its root, and is checked again here.
func writeFile(dir, rel string, data []byte) error {
	clean := path.Clean("/" + rel)[1:]
	if clean == "" || clean != rel {
		return fmt.Errorf("refusing the path %q", rel)
	}
	p := filepath.Join(dir, filepath.FromSlash(clean))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
