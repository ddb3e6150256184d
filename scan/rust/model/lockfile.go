package model

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// LockPackage is one [[package]] of Cargo.lock.
type LockPackage struct {
	Name         string   `toml:"name"`
	Version      string   `toml:"version"`
	Source       string   `toml:"source"`
	Checksum     string   `toml:"checksum"`
	Dependencies []string `toml:"dependencies"`
	// Line is the line of the package's version entry in Cargo.lock, for
	// findings about the locked version.
	Line int `toml:"-"`
}

// Lockfile is a parsed Cargo.lock.
type Lockfile struct {
	Path     string
	Version  int
	Packages []LockPackage
}

// ParseLockfile parses Cargo.lock content; errors name the file and line.
func ParseLockfile(path string, data []byte) (*Lockfile, error) {
	var raw struct {
		Version  int           `toml:"version"`
		Packages []LockPackage `toml:"package"`
	}
	if err := toml.Unmarshal(data, &raw); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("%s:%d:%d: %s", path, row, col, de.Error())
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i, p := range raw.Packages {
		if p.Name == "" || p.Version == "" {
			return nil, fmt.Errorf("%s: package %d has no name or version", path, i+1)
		}
	}
	markLines(data, raw.Packages)
	return &Lockfile{Path: path, Version: raw.Version, Packages: raw.Packages}, nil
}

// markLines finds each package's version line by a scan of the text:
// [[package]] tables list name before version, as Cargo writes them.
func markLines(data []byte, pkgs []LockPackage) {
	lines := strings.Split(string(data), "\n")
	i := 0
	for n := 0; n < len(lines) && i < len(pkgs); n++ {
		line := strings.TrimSpace(lines[n])
		if strings.HasPrefix(line, "version") && strings.Contains(line, `"`+pkgs[i].Version+`"`) {
			pkgs[i].Line = n + 1
			i++
		}
	}
}

// Find returns the locked packages named name (several versions may be
// locked at once).
func (l *Lockfile) Find(name string) []LockPackage {
	if l == nil {
		return nil
	}
	var out []LockPackage
	for _, p := range l.Packages {
		if p.Name == name {
			out = append(out, p)
		}
	}
	return out
}

// Reachable returns the locked packages ("name version") that the given
// crates depend on, directly or through other locked packages. Cargo.lock
// lists the dependencies of each package as "name" (when one version is
// locked) or "name version" (when several are).
func (l *Lockfile) Reachable(roots []string) map[string]bool {
	return l.ReachableExcept(roots, nil)
}

// ReachableExcept is Reachable without the packages skip names, nor what is reachable only
// through them.
func (l *Lockfile) ReachableExcept(roots []string, skip func(name string) bool) map[string]bool {
	out := map[string]bool{}
	if l == nil {
		return out
	}
	byName := map[string][]*LockPackage{}
	for i := range l.Packages {
		p := &l.Packages[i]
		byName[p.Name] = append(byName[p.Name], p)
	}
	var queue []*LockPackage
	visit := func(name, version string) {
		if skip != nil && skip(name) {
			return
		}
		for _, p := range byName[name] {
			if version != "" && p.Version != version {
				continue
			}
			key := p.Name + " " + p.Version
			if !out[key] {
				out[key] = true
				queue = append(queue, p)
			}
		}
	}
	for _, r := range roots {
		visit(r, "")
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range p.Dependencies {
			fields := strings.Fields(d)
			version := ""
			if len(fields) > 1 {
				version = fields[1]
			}
			if len(fields) > 0 {
				visit(fields[0], version)
			}
		}
	}
	return out
}
