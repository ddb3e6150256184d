package model

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/semver"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/source"
)

// Limits bound what LoadWorkspace reads from an untrusted folder.
type Limits struct {
	MaxFiles    int   // Rust files parsed in all (default 5000)
	MaxFileSize int64 // bytes per file (default 2 MiB)
	MaxTotal    int64 // bytes of Rust source in all (default 64 MiB)
}

func (l Limits) withDefaults() Limits {
	if l.MaxFiles <= 0 {
		l.MaxFiles = 5000
	}
	if l.MaxFileSize <= 0 {
		l.MaxFileSize = 2 << 20
	}
	if l.MaxTotal <= 0 {
		l.MaxTotal = 64 << 20
	}
	return l
}

// ErrLimit is wrapped by errors that stop loading at a Limits bound.
var ErrLimit = errors.New("workspace limit reached")

// Workspace is every crate found under a folder.
type Workspace struct {
	Fset   *token.FileSet
	Root   *Manifest // the top-most Cargo.toml with [workspace], or nil
	Crates []*Crate
	// Skipped lists files not parsed, with the reason (too large, unreadable).
	Skipped []string
}

// Crate is one Cargo package with its parsed sources.
type Crate struct {
	Dir      string // slash-separated, relative to the workspace folder
	Manifest *Manifest
	Lock     *Lockfile // nearest Cargo.lock at or above Dir, or nil
	Files    []*File
	// Errors holds syntax errors of the crate's files; files with errors
	// are still analysed as far as they parsed.
	Errors scanner.ErrorList
	// Root is the manifest whose profiles apply (the workspace root, or the
	// crate's own manifest).
	Root *Manifest
	// pending holds the sources read by LoadSourcesFS and not parsed yet (see Parse).
	pending []parseJob
}

// File is one parsed source file.
type File struct {
	Path   string // slash-separated, relative to the workspace folder
	Module string // module path inside the crate: "crate", "crate::state"
	AST    *ast.File
	Src    []byte
	// imports is filled by Analyze (see Imports).
	imports map[string]string
}

// Name returns the crate's package name.
func (c *Crate) Name() string {
	if c.Manifest != nil && c.Manifest.Package != nil {
		return c.Manifest.Package.Name
	}
	return path.Base(c.Dir)
}

// AnchorVersion returns the anchor-lang version requirement of the crate
// ("0.30.1"), following workspace inheritance, or "" for non-Anchor crates.
func (c *Crate) AnchorVersion() string {
	if c.Manifest == nil {
		return ""
	}
	d, ok := c.Manifest.Dependency("anchor-lang")
	if !ok {
		return ""
	}
	if d.Workspace && c.Root != nil {
		if wd, ok := c.Root.Dependency("anchor-lang"); ok {
			return CleanVersion(wd.Version)
		}
	}
	return CleanVersion(d.Version)
}

// DependencyVersion returns the version of a package the crate builds
// with: the lowest version Cargo.lock pins for it when the crate has a lock
// file that holds it (direct or not), otherwise the version its Cargo.toml requirement
// starts from ("3.1.1" for "^3.1.1"), or "" when the crate does not
// depend on it or the version cannot be told.
func (c *Crate) DependencyVersion(pkg string) string {
	if locked := c.Lock.Find(pkg); len(locked) > 0 {
		low := locked[0].Version
		for _, l := range locked[1:] {
			if !semver.AtLeast(l.Version, low) {
				low = l.Version
			}
		}
		return low
	}
	if c.Manifest == nil {
		return ""
	}
	d, ok := c.Manifest.Dependency(pkg)
	if !ok {
		return ""
	}
	if d.Workspace && c.Root != nil {
		if wd, ok := c.Root.Dependency(pkg); ok {
			return CleanVersion(wd.Version)
		}
	}
	return CleanVersion(d.Version)
}

// BuildDependencies returns the package names of the crate's normal
// dependencies (not dev-dependencies), following workspace inheritance
// and renames: what ends up in the deployed program. Optional dependencies
// count only when the default features enable them: a feature-gated
// client SDK is not built into the program.
func (c *Crate) BuildDependencies() []string {
	if c.Manifest == nil {
		return nil
	}
	enabled := c.Manifest.defaultDependencies()
	var out []string
	for key, d := range c.Manifest.Dependencies {
		if d.Optional && !enabled[key] {
			continue
		}
		name := d.Package
		if name == "" {
			name = d.Name
		}
		if d.Workspace && c.Root != nil {
			if wd, ok := c.Root.Dependency(d.Name); ok && wd.Package != "" {
				name = wd.Package
			}
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// IsAnchor reports whether the crate depends on anchor-lang.
func (c *Crate) IsAnchor() bool {
	if c.Manifest == nil {
		return false
	}
	_, ok := c.Manifest.Dependency("anchor-lang")
	return ok
}

// OverflowChecks reports whether release builds trap on integer overflow:
// profile.release.overflow-checks of the root manifest (Cargo ignores
// member profiles), false when unset, as in Cargo.
func (c *Crate) OverflowChecks() (on, set bool) {
	if c.Root != nil {
		if on, set := c.Root.OverflowChecks(); set {
			return on, true
		}
	}
	if c.Manifest != nil {
		return c.Manifest.OverflowChecks()
	}
	return false, false
}

// skipDir reports folders never scanned for crates or sources.
func skipDir(name string) bool {
	switch name {
	case "target", "node_modules", ".git", ".anchor":
		return true
	}
	return strings.HasPrefix(name, ".") && name != "."
}

// LoadWorkspace finds every Cargo.toml under dir, parses the crates'
// Rust sources and lock files. Malformed manifests stop loading with an
// error naming the file; syntax errors in sources are kept per crate.
func LoadWorkspace(dir string, lim Limits) (*Workspace, error) {
	return LoadWorkspaceFS(os.DirFS(dir), lim)
}

// LoadWorkspaceFS is LoadWorkspace over any file system.
func LoadWorkspaceFS(fsys fs.FS, lim Limits) (*Workspace, error) {
	ws, err := LoadSourcesFS(fsys, lim)
	if ws == nil {
		return nil, err
	}
	var jobs []parseJob
	for _, c := range ws.Crates {
		jobs = append(jobs, c.pending...)
		c.pending = nil
	}
	parseAll(jobs)
	return ws, err
}

// LoadSourcesFS reads what LoadWorkspaceFS reads (manifests, lock files, the crates' sources,
// within the limits) but leaves each crate's sources unparsed until its Parse is called, so
// that a caller analysing one crate at a time holds one crate's syntax trees at a time.
// Positions are the same as LoadWorkspaceFS's: files are added to the file set here.
func LoadSourcesFS(fsys fs.FS, lim Limits) (*Workspace, error) {
	lim = lim.withDefaults()
	ws := &Workspace{Fset: token.NewFileSet()}
	var manifests []string
	locks := map[string]bool{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			// Symlinks could point outside the tree being scanned.
			return nil
		}
		switch d.Name() {
		case "Cargo.toml":
			manifests = append(manifests, p)
		case "Cargo.lock":
			locks[path.Dir(p)] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(manifests)
	parsed := map[string]*Manifest{}
	for _, mp := range manifests {
		data, err := readLimited(fsys, mp, 1<<20)
		if err != nil {
			return nil, err
		}
		m, err := ParseManifest(mp, data)
		if err != nil {
			return nil, err
		}
		parsed[path.Dir(mp)] = m
		if m.Workspace != nil && (ws.Root == nil || len(path.Dir(mp)) < len(path.Dir(ws.Root.Path))) {
			ws.Root = m
		}
	}
	lockCache := map[string]*Lockfile{}
	// Crate folders, longest first, so that each source file belongs to
	// its innermost crate.
	var crateDirs []string
	for dir, m := range parsed {
		if m.Package != nil {
			crateDirs = append(crateDirs, dir)
		}
	}
	sort.Strings(crateDirs)
	files, total := 0, int64(0)
	for _, dir := range crateDirs {
		c := &Crate{Dir: dir, Manifest: parsed[dir], Root: rootFor(parsed, dir)}
		if c.Root == nil {
			c.Root = c.Manifest
		}
		if lp := nearestLock(locks, dir); lp != "" {
			if l, ok := lockCache[lp]; ok {
				c.Lock = l
			} else {
				data, err := readLimited(fsys, path.Join(lp, "Cargo.lock"), 16<<20)
				if err != nil {
					return nil, err
				}
				l, err := ParseLockfile(path.Join(lp, "Cargo.lock"), data)
				if err != nil {
					return nil, err
				}
				lockCache[lp] = l
				c.Lock = l
			}
		}
		ws.Crates = append(ws.Crates, c)
		srcs, err := crateSources(fsys, dir, crateDirs)
		if err != nil {
			return nil, err
		}
		for _, sp := range srcs {
			if files >= lim.MaxFiles {
				return ws, fmt.Errorf("%w: more than %d Rust files", ErrLimit, lim.MaxFiles)
			}
			info, err := fs.Stat(fsys, sp)
			if err != nil {
				ws.Skipped = append(ws.Skipped, sp+": "+err.Error())
				continue
			}
			if info.Size() > lim.MaxFileSize {
				ws.Skipped = append(ws.Skipped, fmt.Sprintf("%s: larger than %d bytes", sp, lim.MaxFileSize))
				continue
			}
			if total+info.Size() > lim.MaxTotal {
				return ws, fmt.Errorf("%w: more than %d bytes of Rust source", ErrLimit, lim.MaxTotal)
			}
			src, err := readLimited(fsys, sp, lim.MaxFileSize)
			if err != nil {
				ws.Skipped = append(ws.Skipped, sp+": "+err.Error())
				continue
			}
			files++
			total += int64(len(src))
			c.pending = append(c.pending, parseJob{crate: c, path: sp, src: src, file: ws.Fset.AddFile(sp, len(src))})
		}
	}
	return ws, nil
}

func readLimited(fsys fs.FS, name string, max int64) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf, err := source.ReadAtMost(f, max)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if int64(len(buf)) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes", name, max)
	}
	return buf, nil
}

// rootFor finds the workspace manifest governing dir: the nearest
// manifest at or above dir that has a [workspace] section.
func rootFor(parsed map[string]*Manifest, dir string) *Manifest {
	for d := dir; ; d = path.Dir(d) {
		if m := parsed[d]; m != nil && m.Workspace != nil {
			return m
		}
		if d == "." || d == "/" || d == "" {
			return nil
		}
	}
}

func nearestLock(locks map[string]bool, dir string) string {
	for d := dir; ; d = path.Dir(d) {
		if locks[d] {
			return d
		}
		if d == "." || d == "/" || d == "" {
			return ""
		}
	}
}

// crateSources lists .rs files under dir/src (and dir/programs-less
// layouts with lib.rs at the top), leaving out nested crates.
func crateSources(fsys fs.FS, dir string, crateDirs []string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (skipDir(d.Name()) || isOtherCrate(p, crateDirs)) {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".rs") && d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

func isOtherCrate(p string, crateDirs []string) bool {
	for _, d := range crateDirs {
		if d == p {
			return true
		}
	}
	return false
}

// modulePath derives a file's module path from its place under src/:
// src/lib.rs is "crate", src/state.rs and src/state/mod.rs are
// "crate::state". Files outside src/ (tests, examples, build.rs) are named
// after their path.
func modulePath(crateDir, file string) string {
	rel := strings.TrimPrefix(file, crateDir+"/")
	if crateDir == "." {
		rel = file
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, "src/") {
		return strings.TrimSuffix(rel, ".rs")
	}
	rel = strings.TrimSuffix(strings.TrimPrefix(rel, "src/"), ".rs")
	switch rel {
	case "lib", "main":
		return "crate"
	}
	rel = strings.TrimSuffix(rel, "/mod")
	if strings.HasPrefix(rel, "bin/") {
		return rel
	}
	return "crate::" + strings.ReplaceAll(rel, "/", "::")
}

// ExternCrate returns the dependency that a crate name written in source refers to (its key
// in [dependencies], '-' read as '_'), with what the workspace root gives an inherited one
// (package, path, git, version), and false when the crate declares none by that name:
// `use vendored_spl_token as spl_token` names the dependency vendored_spl_token, whatever
// package it is.
func (c *Crate) ExternCrate(name string) (Dependency, bool) {
	if c.Manifest == nil {
		return Dependency{}, false
	}
	for key, d := range c.Manifest.Dependencies {
		if strings.ReplaceAll(key, "-", "_") != name {
			continue
		}
		if d.Workspace && c.Root != nil {
			if wd, ok := c.Root.workspaceDeps()[key]; ok {
				if d.Package == d.Name && wd.Package != "" {
					d.Package = wd.Package
				}
				d.Version, d.Path, d.Git = wd.Version, wd.Path, wd.Git
			}
		}
		return d, true
	}
	return Dependency{}, false
}
