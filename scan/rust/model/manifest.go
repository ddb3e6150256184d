package model

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// Manifest is the part of a Cargo.toml that analyses use.
type Manifest struct {
	Path    string
	Package *Package // nil for a virtual workspace manifest
	Lib     *Target

	Dependencies    map[string]Dependency
	DevDependencies map[string]Dependency
	Features        map[string][]string

	// Workspace is set for a workspace root.
	Workspace *WorkspaceSection
	// Profiles by name ("release", "dev"); only root manifests' profiles
	// take effect in Cargo.
	Profiles map[string]Profile
}

// Package is [package].
type Package struct {
	Name    string
	Version string
	Edition string
}

// Target is [lib].
type Target struct {
	Name      string
	CrateType []string
}

// WorkspaceSection is [workspace].
type WorkspaceSection struct {
	Members      []string
	Exclude      []string
	Dependencies map[string]Dependency
}

// Profile is one [profile.NAME] table.
type Profile struct {
	// OverflowChecks is nil when the manifest does not set it.
	OverflowChecks *bool
}

// Dependency is one entry of a dependencies table, whether written as a
// version string or as a table.
type Dependency struct {
	Name      string // the key in the table
	Package   string // the real crate name when renamed; else Name
	Version   string
	Path      string
	Git       string
	Branch    string
	Tag       string
	Rev       string
	Features  []string
	Optional  bool
	Workspace bool // version = { workspace = true }
}

// rawManifest mirrors Cargo.toml for decoding; dependency values stay
// untyped because Cargo allows both strings and tables.
type rawManifest struct {
	Package *struct {
		Name    string `toml:"name"`
		Version any    `toml:"version"`
		Edition any    `toml:"edition"`
	} `toml:"package"`
	Lib *struct {
		Name      string   `toml:"name"`
		CrateType []string `toml:"crate-type"`
	} `toml:"lib"`
	Dependencies    map[string]any      `toml:"dependencies"`
	DevDependencies map[string]any      `toml:"dev-dependencies"`
	Features        map[string][]string `toml:"features"`
	Workspace       *struct {
		Members      []string       `toml:"members"`
		Exclude      []string       `toml:"exclude"`
		Dependencies map[string]any `toml:"dependencies"`
	} `toml:"workspace"`
	Profile map[string]map[string]any `toml:"profile"`
}

// ParseManifest parses Cargo.toml content. path is used in errors, which
// name the line and column (for TOML syntax errors) or the field.
func ParseManifest(path string, data []byte) (*Manifest, error) {
	var raw rawManifest
	if err := toml.Unmarshal(data, &raw); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s:%d:%d: %s", path, row, col, de.Error())
		}
		var se *toml.StrictMissingError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("%s: %s", path, se.Error())
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	m := &Manifest{Path: path, Features: raw.Features, Profiles: map[string]Profile{}}
	if raw.Package != nil {
		m.Package = &Package{Name: raw.Package.Name, Version: stringOrWorkspace(raw.Package.Version), Edition: stringOrWorkspace(raw.Package.Edition)}
		if m.Package.Name == "" {
			return nil, fmt.Errorf("%s: package.name is missing", path)
		}
	}
	if raw.Lib != nil {
		m.Lib = &Target{Name: raw.Lib.Name, CrateType: raw.Lib.CrateType}
	}
	var err error
	if m.Dependencies, err = parseDeps(path, "dependencies", raw.Dependencies); err != nil {
		return nil, err
	}
	if m.DevDependencies, err = parseDeps(path, "dev-dependencies", raw.DevDependencies); err != nil {
		return nil, err
	}
	if raw.Workspace != nil {
		m.Workspace = &WorkspaceSection{Members: raw.Workspace.Members, Exclude: raw.Workspace.Exclude}
		if m.Workspace.Dependencies, err = parseDeps(path, "workspace.dependencies", raw.Workspace.Dependencies); err != nil {
			return nil, err
		}
	}
	for name, table := range raw.Profile {
		var prof Profile
		if v, ok := table["overflow-checks"]; ok {
			b, ok := v.(bool)
			if !ok {
				return nil, fmt.Errorf("%s: profile.%s.overflow-checks must be true or false", path, name)
			}
			prof.OverflowChecks = &b
		}
		m.Profiles[name] = prof
	}
	return m, nil
}

func stringOrWorkspace(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case map[string]any:
		if w, _ := v["workspace"].(bool); w {
			return "workspace"
		}
	}
	return ""
}

func parseDeps(path, table string, raw map[string]any) (map[string]Dependency, error) {
	deps := make(map[string]Dependency, len(raw))
	for name, v := range raw {
		d := Dependency{Name: name, Package: name}
		field := table + "." + name
		switch v := v.(type) {
		case string:
			d.Version = v
		case map[string]any:
			var err error
			str := func(key string) string {
				x, ok := v[key]
				if !ok || err != nil {
					return ""
				}
				s, ok := x.(string)
				if !ok {
					err = fmt.Errorf("%s: %s.%s must be a string", path, field, key)
				}
				return s
			}
			d.Version, d.Path, d.Git = str("version"), str("path"), str("git")
			d.Branch, d.Tag, d.Rev = str("branch"), str("tag"), str("rev")
			if pkg := str("package"); pkg != "" {
				d.Package = pkg
			}
			if err != nil {
				return nil, err
			}
			d.Optional, _ = v["optional"].(bool)
			d.Workspace, _ = v["workspace"].(bool)
			if fs, ok := v["features"].([]any); ok {
				for _, f := range fs {
					if s, ok := f.(string); ok {
						d.Features = append(d.Features, s)
					}
				}
			}
		default:
			return nil, fmt.Errorf("%s: %s must be a version string or a table", path, field)
		}
		deps[name] = d
	}
	return deps, nil
}

// Dependency returns the dependency on the crate named pkg (following
// renames), from [dependencies], then [workspace.dependencies].
func (m *Manifest) Dependency(pkg string) (Dependency, bool) {
	for _, table := range []map[string]Dependency{m.Dependencies, m.workspaceDeps()} {
		names := make([]string, 0, len(table))
		for n := range table {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if d := table[n]; d.Package == pkg {
				return d, true
			}
		}
	}
	return Dependency{}, false
}

func (m *Manifest) workspaceDeps() map[string]Dependency {
	if m.Workspace == nil {
		return nil
	}
	return m.Workspace.Dependencies
}

// OverflowChecks reports profile.release.overflow-checks and whether the
// manifest sets it.
func (m *Manifest) OverflowChecks() (on, set bool) {
	if p, ok := m.Profiles["release"]; ok && p.OverflowChecks != nil {
		return *p.OverflowChecks, true
	}
	return false, false
}

// CleanVersion strips Cargo requirement operators: "=0.29.0" and "^0.29"
// give "0.29.0" and "0.29".
func CleanVersion(req string) string {
	req = strings.TrimSpace(req)
	if i := strings.IndexByte(req, ','); i >= 0 {
		req = req[:i]
	}
	return strings.TrimSpace(strings.TrimLeft(req, "=^~<>* "))
}

// defaultDependencies returns the keys of the optional dependencies the default features
// enable, following features that enable features: "dep:x", "x" naming the dependency
// itself, and "x/feat" all enable x ("x?/feat" does not).
func (m *Manifest) defaultDependencies() map[string]bool {
	enabled := map[string]bool{}
	seen := map[string]bool{}
	var visit func(feature string)
	visit = func(feature string) {
		if seen[feature] {
			return
		}
		seen[feature] = true
		for _, f := range m.Features[feature] {
			switch name, _, hasSlash := strings.Cut(f, "/"); {
			case strings.HasPrefix(f, "dep:"):
				enabled[strings.TrimPrefix(f, "dep:")] = true
			case hasSlash && !strings.HasSuffix(name, "?"):
				enabled[name] = true
			case hasSlash:
			case m.Features[f] != nil:
				visit(f)
			default:
				enabled[f] = true // an optional dependency used as a feature name
			}
		}
	}
	visit("default")
	return enabled
}
