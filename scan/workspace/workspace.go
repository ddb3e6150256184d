package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/source"
)

// Language is the guess of what a workspace or file is written in.
type Language string

// Languages Vigil scans.
const (
	Unknown  Language = ""
	Solidity Language = "solidity"
	Rust     Language = "rust"
	Both     Language = "both" // a workspace holding both (for example a bridge project)
)

// Kind names where a workspace came from.
type Kind string

// Workspace sources.
const (
	FromFolderKind  Kind = "folder"
	FromArchiveKind Kind = "archive"
	FromFilesKind   Kind = "files"
	FromGitKind     Kind = "git"
)

// File is one source file of a workspace.
type File struct {
	Path       string   // slash-separated, relative to the workspace root, never starting with / or ..
	Lang       Language // Solidity or Rust
	Size       int64    // bytes
	Lines      int      // number of lines (a final line without newline counts)
	Dependency bool     // under lib/, node_modules/, vendor/, dependencies/, a remapped package
	// Test marks Solidity test and script code (test/, tests/ and script/ folders, the test and
	// script folders foundry.toml names, *.t.sol and *.s.sol) of a scanned folder, archive or
	// repository: analysed for context like dependencies, reported only on request. Files
	// named one by one are never marked.
	Test bool
}

// Note records something left out of the workspace and why (a symbolic link, a binary file, a
// file over the size limit). Notes are for the user; they are not errors.
type Note struct {
	Path   string
	Reason string
}

// Workspace is a folder of source files that a scan reads: on disk, or in memory for loose
// files (FromUpload of a source file, FromUploads, FromFiles). Build one with FromFolder,
// FromArchive, FromUpload, FromFiles, FromGit or Open, read files with ReadFile, Open or FS
// (never through Root: an in-memory workspace has none), and Close it when the scan is over.
type Workspace struct {
	Root     string   // absolute path of the folder on disk; "" for a workspace in memory
	Kind     Kind     // where it came from
	Files    []File   // source files, sorted by Path
	Language Language // Solidity, Rust, Both or Unknown

	TotalBytes int64 // sum of Files[i].Size
	TotalLines int   // sum of Files[i].Lines

	// Remappings are the Solidity import remappings found in remappings.txt and foundry.toml
	// files, with targets made relative to Root, for import resolution.
	Remappings []Remapping
	// deps decides which paths are dependencies (nil for workspaces of loose files).
	deps *depRules

	Notes []Note // what was left out, capped at maxNotes (see Omitted)
	// Omitted counts notes dropped after the cap.
	Omitted int

	// Git sources only.
	URL    string // repository URL without credentials
	Branch string // branch asked for, or the remote HEAD's branch
	Commit string // full hash of the commit checked out

	skipPatterns []string // Options.Skip, named when they leave no source to scan

	temp   string // folder to remove on Close; empty for a user's own folder
	root   *os.Root
	mem    *memFS         // the files of a workspace in memory (root is nil)
	byPath map[string]int // index into Files, built once by index
}

// Options configures how a workspace is built. The zero value is usable: default limits, no
// skip paths, strict network policy, temporary folders in os.TempDir.
type Options struct {
	Limits Limits
	// Skip lists paths to leave out: the request's skip_file_paths and the configuration's
	// exclude list. See the package documentation for the pattern syntax.
	Skip []string
	// Network is the policy for git clones; the zero value refuses loopback and private hosts.
	Network netguard.Policy
	// TempDir is the parent of temporary folders (extracted archives, clones); "" means
	// os.TempDir().
	TempDir string
	// LocalGit lets Open take git repositories on this machine (a path with a branch or
	// commit, a file:// URL) and ssh URLs (localgit.go): for the command line only, never for
	// a server, whose requests must not reach its disk or keys.
	LocalGit bool
}

// Close releases the workspace. Folders Vigil created (extracted archives, clones) are removed;
// a user's own folder is left as it was.
func (w *Workspace) Close() error {
	if w == nil {
		return nil
	}
	var err error
	w.mem = nil
	if w.root != nil {
		err = w.root.Close()
		w.root = nil
	}
	if w.temp != "" {
		if rerr := os.RemoveAll(w.temp); rerr != nil && err == nil {
			err = rerr
		}
		w.temp = ""
	}
	return err
}

// ReadFile reads the file at the slash path rel, relative to Root. It never leaves Root: paths
// with .. and symbolic links pointing outside are refused by the operating system through
// os.Root. The buffer is sized from the file's size (one allocation, not io.ReadAll's doubling):
// a scan keeps every source it reads until its end. A workspace in memory returns its own
// bytes instead of a copy, for the same reason (a copy would hold an upload twice): the caller
// must not change them (appending is safe: the slice has no room to grow in place).
func (w *Workspace) ReadFile(rel string) ([]byte, error) {
	if w.mem != nil {
		data, err := w.mem.lookup("read", confined(rel))
		return data[:len(data):len(data)], err
	}
	f, err := w.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return source.ReadAtMost(f, 1<<62)
}

// Open opens the file at the slash path rel for reading, confined to Root like ReadFile. It is
// safe for concurrent use until Close.
func (w *Workspace) Open(rel string) (fs.File, error) {
	rel = confined(rel)
	switch {
	case rel == "":
		return nil, &fs.PathError{Op: "open", Path: rel, Err: fs.ErrInvalid}
	case w.mem != nil:
		return w.mem.Open(rel)
	case w.root == nil:
		return nil, &fs.PathError{Op: "open", Path: rel, Err: fs.ErrClosed}
	}
	return w.root.Open(filepath.FromSlash(rel))
}

// confined makes a slash path relative to the root, without .. leaving it ("" for the root).
func confined(rel string) string {
	return strings.TrimPrefix(path.Clean("/"+rel), "/")
}

// FS returns the workspace's tree (sources, project files and whatever else it holds) as a
// read-only file system, confined to it like Open: for loaders that walk folders, such as the
// Rust model. It is safe for concurrent use. After Close, FS returns a tree on which every
// operation fails; a tree taken before Close of a folder fails too, one of a workspace in
// memory goes on reading the files it holds (they are only dropped with it).
func (w *Workspace) FS() fs.FS {
	switch {
	case w.mem != nil:
		return w.mem
	case w.root != nil:
		return w.root.FS()
	}
	return closedFS{}
}

// closedFS is the tree of a closed workspace.
type closedFS struct{}

func (closedFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrClosed}
}

// Path returns the absolute path on disk of the slash path rel (relative for a workspace in
// memory, which has no folder).
func (w *Workspace) Path(rel string) string {
	return filepath.Join(w.Root, filepath.FromSlash(rel))
}

// Sources returns the files a scan should report on: all of them when includeDeps is true,
// otherwise only those that are not dependencies. Dependencies are still there for context
// (import resolution, inheritance) through Files.
func (w *Workspace) Sources(includeDeps bool) []File {
	if includeDeps {
		return w.Files
	}
	out := make([]File, 0, len(w.Files))
	for _, f := range w.Files {
		if !f.Dependency {
			out = append(out, f)
		}
	}
	return out
}

// maxNotes caps the notes kept, so a folder of 100 000 symbolic links does not make a report of
// 100 000 lines.
const maxNotes = 200

func (w *Workspace) note(p, reason string) {
	if len(w.Notes) >= maxNotes {
		w.Omitted++
		return
	}
	w.Notes = append(w.Notes, Note{Path: p, Reason: reason})
}

// discard removes a half-built workspace after an error, so a refused input leaves no files.
func discard(w *Workspace, err error) (*Workspace, error) {
	if w != nil {
		err = errors.Join(err, w.Close())
	}
	return nil, err
}

// InDependency reports whether the slash path rel (any file, not only a source) lies in a
// dependency folder: a vendored or installed library, a Rust crate copied from a registry or
// used through a path outside its workspace. Sources carry the answer as File.Dependency.
func (w *Workspace) InDependency(rel string) bool {
	return w.deps != nil && w.deps.isDependency(rel)
}

// WhyLeftOut names the setting or convention that makes the file at rel a dependency or test
// and script code (foundry.toml test = "src", a remapping, a folder named test, ...), "" when
// none does: what a message shows when such rules leave nothing to report.
func (w *Workspace) WhyLeftOut(rel string) string {
	if w.deps == nil {
		return ""
	}
	if why := w.deps.whyDependency(rel); why != "" {
		return why
	}
	return w.deps.whyTest(rel)
}
