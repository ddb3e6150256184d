package workspace

import (
	"path"
	"strings"
)

// ResolveImport finds the workspace file that a Solidity import names, the way solc with
// Foundry or Hardhat settings would, and reports whether it found one. from is the slash path
// of the importing file, imp the import path as written. The order:
//
//  1. relative imports ("./", "../") from the importing file's folder;
//  2. remappings (solc's rule: the longest matching context, then the longest prefix), first
//     those of the nearest project folder above from, then any other project's;
//  3. the path from the workspace root and from each project folder above from;
//  4. node_modules folders from the importing file's folder up to the root (Node's lookup);
//  5. Foundry's automatic lib remappings: "name/x" in lib/name/src/x or lib/name/x.
//
// Only files of the workspace (Files) are found, and never a path outside the root.
func (w *Workspace) ResolveImport(from, imp string) (string, bool) {
	imp = strings.TrimSpace(imp)
	if imp == "" || strings.HasPrefix(imp, "/") {
		return "", false
	}
	dir := dirOf(from)
	if strings.HasPrefix(imp, "./") || strings.HasPrefix(imp, "../") {
		return w.existing(dir + "/" + imp)
	}
	if p, ok := w.remap(from, imp, true); ok {
		return p, true
	}
	if p, ok := w.remap(from, imp, false); ok {
		return p, true
	}
	for d := dir; ; d = dirOf(d) {
		if p, ok := w.existing(d + "/" + imp); ok {
			return p, true
		}
		if p, ok := w.existing(d + "/node_modules/" + imp); ok {
			return p, true
		}
		if d == "" {
			break
		}
	}
	name, rest, ok := strings.Cut(imp, "/")
	if ok && strings.HasPrefix(name, "@") { // "@scope/pkg/x": the folder is usually named pkg
		if n2, r2, ok2 := strings.Cut(rest, "/"); ok2 {
			name, rest = n2, r2
		}
	}
	if ok {
		for _, cand := range []string{"lib/" + name + "/src/" + rest, "lib/" + name + "/" + rest} {
			if p, ok := w.existing(cand); ok {
				return p, true
			}
		}
	}
	return "", false
}

// remap applies the remappings that match from; with nearest, only those declared by the
// closest project folder above from (solc sees one project's remappings at a time).
func (w *Workspace) remap(from, imp string, nearest bool) (string, bool) {
	project := ""
	if nearest {
		for _, r := range w.Remappings {
			if under(from, r.Project) && len(r.Project) >= len(project) {
				project = r.Project
			}
		}
	}
	var best *Remapping
	for i := range w.Remappings {
		r := &w.Remappings[i]
		if nearest && r.Project != project {
			continue
		}
		if !strings.HasPrefix(imp, r.Prefix) || (r.Context != "" && !under(from, r.Context)) {
			continue
		}
		if best == nil || len(r.Context) > len(best.Context) ||
			(len(r.Context) == len(best.Context) && len(r.Prefix) > len(best.Prefix)) {
			best = r
		}
	}
	if best == nil {
		return "", false
	}
	return w.existing(best.Target + strings.TrimPrefix(imp, best.Prefix))
}

// existing cleans p and returns it if it is a file of the workspace.
func (w *Workspace) existing(p string) (string, bool) {
	p = path.Clean(strings.TrimPrefix(p, "/"))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	if w.byPath == nil {
		return "", false
	}
	_, ok := w.byPath[p]
	return p, ok
}

// under reports whether the slash path p is dir or inside it ("" is the root: everything).
func under(p, dir string) bool {
	dir = strings.TrimSuffix(dir, "/")
	return dir == "" || p == dir || strings.HasPrefix(p, dir+"/")
}

// File returns the workspace file at the slash path rel.
func (w *Workspace) File(rel string) (File, bool) {
	i, ok := w.byPath[rel]
	if !ok {
		return File{}, false
	}
	return w.Files[i], true
}
