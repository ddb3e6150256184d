package workspace

import (
	"context"
	"os"
	"path/filepath"
)

// Files named one by one
//
// `vigil scan path/File.sol` and the pre-commit hook (which names the staged files) scan the
// named files, but a file's imports hold code it inherits and calls: read alone, a bug inherited
// from ./Base.sol is missed and every import is unresolved. So the named files are read in their
// project: the nearest folder above them holding a project file (projectMarkers) is indexed as
// a folder, then narrowed to the named files and the files they import, transitively. The
// report covers the named files; the imported ones are analysed for context only.

// projectMarkers are the files that mark the root of a Solidity project.
var projectMarkers = []string{"foundry.toml", "remappings.txt", "hardhat.config.js", "hardhat.config.ts",
	"hardhat.config.cjs", "hardhat.config.mjs", "truffle-config.js", "package.json", ".git"}

// maxNamedContext bounds the files read for the context of named files.
const maxNamedContext = 5000

// FromNamedFiles builds the workspace of Solidity files named on the command line, with their
// imports read from disk (see above), and returns the named files' slash paths in it. Files the
// skip list leaves out are not named. When the files are not in one project, or their project
// cannot be indexed within the limits, they are read alone (FromFiles) and a note says why.
func FromNamedFiles(ctx context.Context, paths []string, opts Options) (*Workspace, []string, error) {
	alone := func(why string) (*Workspace, []string, error) {
		w, err := FromFiles(ctx, paths, opts)
		if err != nil {
			return nil, nil, err
		}
		named := make([]string, 0, len(w.Files))
		for _, f := range w.Files {
			named = append(named, f.Path)
		}
		if why != "" {
			w.note("", "imports not read: "+why+"; the named files were scanned alone")
		}
		return w, named, nil
	}
	root := ""
	abs := make([]string, len(paths))
	for i, p := range paths {
		a, err := filepath.Abs(p)
		if err == nil {
			a, err = filepath.EvalSymlinks(a)
		}
		if err != nil || langOf(p) != Solidity {
			return alone("") // FromFiles refuses what it must, with its own words
		}
		abs[i] = a
		r := projectRoot(filepath.Dir(a))
		if root != "" && r != root {
			return alone("the files are in different projects (" + root + ", " + r + ")")
		}
		root = r
	}
	w, err := FromFolder(ctx, root, opts)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, err
		}
		return alone("their project " + root + " could not be read: " + err.Error())
	}
	var named []string
	for _, a := range abs {
		rel, err := filepath.Rel(root, a)
		if err != nil {
			w.Close()
			return alone("")
		}
		rel = filepath.ToSlash(rel)
		if i, ok := w.byPath[rel]; ok {
			// A file named one by one is the user's own code, wherever it lies.
			w.Files[i].Test, w.Files[i].Dependency = false, false
			named = append(named, rel)
		}
	}
	w.keep(w.ImportClosure(named, w.ReadFile, maxNamedContext))
	return w, named, nil
}

// projectRoot is the nearest folder from dir up holding a project marker, else dir.
func projectRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		for _, m := range projectMarkers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return d
			}
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// keep narrows the workspace to the files at paths, and its notes to those about them.
func (w *Workspace) keep(paths []string) {
	want := make(map[string]bool, len(paths))
	for _, p := range paths {
		want[p] = true
	}
	kept := w.Files[:0]
	w.TotalBytes, w.TotalLines = 0, 0
	for _, f := range w.Files {
		if want[f.Path] {
			kept = append(kept, f)
			w.TotalBytes += f.Size
			w.TotalLines += f.Lines
		}
	}
	w.Files = kept
	w.byPath = make(map[string]int, len(w.Files))
	for i, f := range w.Files {
		w.byPath[f.Path] = i
	}
	notes := w.Notes[:0]
	for _, n := range w.Notes {
		if want[n.Path] {
			notes = append(notes, n)
		}
	}
	w.Notes = notes
	w.Language = Solidity
}
