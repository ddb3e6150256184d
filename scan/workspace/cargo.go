package workspace

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// Rust crates that are in the folder but are not the project's own code are dependencies:
//
//   - a crate as published on a registry (cargo vendor leaves .cargo-checksum.json beside it,
//     cargo package leaves .cargo_vcs_info.json and Cargo.toml.orig), wherever it was copied;
//   - a crate another crate names with path = "..." (in its dependencies, dev- or
//     build-dependencies, target tables or [patch]) that is not a member of that crate's
//     workspace. Cargo makes every path dependency under the workspace root a member, so what
//     this leaves is a crate outside the workspace (or, without a workspace, outside the crate
//     that uses it): a copy of someone else's code the build pulls in. A Solana program
//     (crate-type cdylib) stays in scope even then: a repository of several programs that use
//     one another is a set of programs to scan, not one program and its dependencies.
//
// Crates under vendor/ are dependencies by the general folder rule.

// cargoMarkers are the files a registry leaves in a published crate's folder.
var cargoMarkers = map[string]bool{".cargo-checksum.json": true, ".cargo_vcs_info.json": true, "Cargo.toml.orig": true}

// cargoManifest holds the Cargo.toml keys that say where crates come from.
type cargoManifest struct {
	Lib *struct {
		CrateType []string `toml:"crate-type"`
	} `toml:"lib"`
	Workspace *struct {
		Exclude []string `toml:"exclude"`
	} `toml:"workspace"`
	Dependencies      map[string]any `toml:"dependencies"`
	DevDependencies   map[string]any `toml:"dev-dependencies"`
	BuildDependencies map[string]any `toml:"build-dependencies"`
	Target            map[string]struct {
		Dependencies      map[string]any `toml:"dependencies"`
		DevDependencies   map[string]any `toml:"dev-dependencies"`
		BuildDependencies map[string]any `toml:"build-dependencies"`
	} `toml:"target"`
	Patch map[string]map[string]any `toml:"patch"`
}

// pathDependencies returns the path = "..." values of every dependency table.
func (m *cargoManifest) pathDependencies() []string {
	tables := []map[string]any{m.Dependencies, m.DevDependencies, m.BuildDependencies}
	for _, t := range m.Target {
		tables = append(tables, t.Dependencies, t.DevDependencies, t.BuildDependencies)
	}
	for _, t := range m.Patch {
		tables = append(tables, t)
	}
	var out []string
	for _, t := range tables {
		for _, v := range t {
			if spec, ok := v.(map[string]any); ok {
				if p, ok := spec["path"].(string); ok && p != "" {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// cargoDependencyRoots returns the folders of the dependency crates among the project files.
// A Cargo.toml that does not parse is the Rust model's to report; here it names nothing.
func cargoDependencyRoots(configs map[string][]byte) []string {
	roots := map[string]bool{}
	manifests := map[string]*cargoManifest{}
	for p, data := range configs {
		switch name := path.Base(p); {
		case cargoMarkers[name]:
			roots[dirOf(p)] = true
		case name == "Cargo.toml":
			m := &cargoManifest{}
			if toml.Unmarshal(data, m) == nil {
				manifests[dirOf(p)] = m
			}
		}
	}
	for dir, m := range manifests {
		for _, dep := range m.pathDependencies() {
			target := join(dir, dep)
			if target == ".." || strings.HasPrefix(target, "../") || manifests[target] == nil {
				continue // outside the folder, or not a crate here
			}
			if manifests[target].isProgram() {
				continue
			}
			if ws, ok := workspaceOf(dir, manifests); ok {
				if within(target, ws) && !excluded(target, ws, manifests[ws]) {
					continue // a member of the same workspace: the project's own crate
				}
			} else if within(target, dir) {
				continue // a crate nested in the one that uses it
			}
			roots[target] = true
		}
	}
	out := make([]string, 0, len(roots))
	for r := range roots {
		out = append(out, r)
	}
	sort.Strings(out)
	return out
}

// workspaceOf finds the workspace root governing the crate in dir, as Cargo does: the nearest
// manifest with a [workspace] table at or above it.
func workspaceOf(dir string, manifests map[string]*cargoManifest) (string, bool) {
	for d := dir; ; d = dirOf(d) {
		if m := manifests[d]; m != nil && m.Workspace != nil {
			return d, true
		}
		if d == "" {
			return "", false
		}
	}
}

// within reports whether the folder p is dir or under it ("" is the root).
func within(p, dir string) bool {
	return dir == "" || p == dir || strings.HasPrefix(p, dir+"/")
}

// excluded reports whether the workspace at ws lists p in its exclude.
func excluded(p, ws string, m *cargoManifest) bool {
	for _, e := range m.Workspace.Exclude {
		if within(p, join(ws, e)) {
			return true
		}
	}
	return false
}

// isProgram reports whether the crate builds a shared object (crate-type cdylib): on Solana,
// a deployable program.
func (m *cargoManifest) isProgram() bool {
	return m.Lib != nil && slices.Contains(m.Lib.CrateType, "cdylib")
}
