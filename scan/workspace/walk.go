package workspace

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/source"
)

// maxProjectFileBytes bounds the project files read for remappings; real ones are a few KB.
const maxProjectFileBytes = 1 << 20

// FromFolder builds a workspace over an existing folder, in place: nothing is copied and Close
// leaves the folder alone. Symbolic links are never followed; links are skipped with a note
// (those pointing outside the folder say so). Files other than sources and project files are not
// read.
func FromFolder(ctx context.Context, dir string, opts Options) (*Workspace, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, refuse(quote(dir), nil, "cannot resolve folder: %v", err)
	}
	// The folder the user named may itself be a link (for example /tmp on macOS); resolve it
	// once, then never follow a link below it.
	abs, err = filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, refuse(quote(dir), nil, "cannot open folder: %v", unwrapPath(err))
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, refuse(quote(dir), nil, "cannot open folder: %v", unwrapPath(err))
	}
	if !st.IsDir() {
		return nil, refuse(quote(dir), nil, "is not a folder")
	}
	w := &Workspace{Root: abs, Kind: FromFolderKind}
	if err := w.index(ctx, opts); err != nil {
		return discard(w, err)
	}
	return w, nil
}

// index walks Root and fills Files, Language, totals, remappings and notes, enforcing opts'
// limits. It is the last step of every constructor: archives and clones are first written to a
// temporary folder, then indexed like a user's folder.
func (w *Workspace) index(ctx context.Context, opts Options) error {
	lim := opts.Limits.withDefaults()
	skip, err := newSkipper(opts.Skip)
	if err != nil {
		return err
	}
	root, err := os.OpenRoot(w.Root)
	if err != nil {
		return refuse(quote(w.Root), nil, "cannot open folder: %v", unwrapPath(err))
	}
	w.root = root
	w.skipPatterns = opts.Skip

	configs := map[string][]byte{}
	entries := 0
	err = filepath.WalkDir(w.Root, func(p string, d fs.DirEntry, walkErr error) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, rerr := filepath.Rel(w.Root, p)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return walkErr
		}
		if walkErr != nil {
			// An unreadable sub-folder is noted, not fatal: the rest can still be scanned.
			w.note(rel, "cannot be read; skipped")
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		entries++
		if entries > lim.MaxEntries {
			return refuse("folder", ErrLimit, "has more than %d entries (limit max_entries)", lim.MaxEntries)
		}
		typ := d.Type()
		switch {
		case typ&fs.ModeSymlink != 0:
			w.noteLink(p, rel)
			return nil
		case d.IsDir():
			if d.Name() == ".git" || skip.match(rel, true) {
				return fs.SkipDir
			}
			if d.Name() == "target" && isFile(filepath.Join(filepath.Dir(p), "Cargo.toml")) {
				// Cargo's build output: generated code and copies of crates, not the project.
				w.note(rel, "Cargo build output; skipped")
				return fs.SkipDir
			}
			if strings.Count(rel, "/")+1 > lim.MaxPathDepth {
				w.note(rel, fmt.Sprintf("nested deeper than %d folders (limit max_path_depth); skipped", lim.MaxPathDepth))
				return fs.SkipDir
			}
			return nil
		case !typ.IsRegular():
			return nil // devices, pipes, sockets: never opened (a FIFO would block the read)
		case !wanted(rel) || skip.match(rel, false):
			return nil
		}
		info, err := d.Info()
		if err != nil {
			w.note(rel, "cannot be read; skipped")
			return nil
		}
		if projectFiles[path.Base(rel)] && langOf(rel) == Unknown {
			if info.Size() <= maxProjectFileBytes {
				if data, err := readLimited(root, rel, maxProjectFileBytes); err == nil {
					configs[rel] = data
				}
			}
			return nil
		}
		return w.addSource(root, rel, info.Size(), lim)
	})
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		var r *refusal
		if errors.As(err, &r) {
			return err
		}
		return refuse(quote(w.Root), nil, "cannot walk folder: %v", unwrapPath(err))
	}
	return w.finishIndex(configs)
}

// finishIndex completes Files once the sources are listed: dependency and test marks from the
// project files (configs, by path), path order, the index by path and the language.
func (w *Workspace) finishIndex(configs map[string][]byte) error {
	deps := newDepRules(configs, w.note)
	w.Remappings = deps.remaps
	w.deps = deps
	hasSol, hasRust := false, false
	for i := range w.Files {
		f := &w.Files[i]
		f.Dependency = deps.isDependency(f.Path)
		f.Test = f.Lang == Solidity && w.Kind != FromFilesKind && !f.Dependency && deps.isTest(f.Path)
		hasSol = hasSol || f.Lang == Solidity
		hasRust = hasRust || f.Lang == Rust
	}
	sort.Slice(w.Files, func(i, j int) bool { return w.Files[i].Path < w.Files[j].Path })
	w.byPath = make(map[string]int, len(w.Files))
	for i, f := range w.Files {
		w.byPath[f.Path] = i
	}
	switch {
	case hasSol && hasRust:
		w.Language = Both
	case hasSol:
		w.Language = Solidity
	case hasRust:
		w.Language = Rust
	default:
		return w.noSources()
	}
	return nil
}

// addSource reads one source file, checks it and records it.
func (w *Workspace) addSource(root *os.Root, rel string, size int64, lim Limits) error {
	if size > lim.MaxFileBytes {
		w.note(rel, fmt.Sprintf("larger than %d bytes (limit max_file_bytes); skipped", lim.MaxFileBytes))
		return nil
	}
	// The size from the directory entry is a hint; the read below is what is enforced, in case
	// the file grows in between.
	data, err := readLimited(root, rel, lim.MaxFileBytes)
	if err != nil {
		if errors.Is(err, ErrLimit) {
			w.note(rel, fmt.Sprintf("larger than %d bytes (limit max_file_bytes); skipped", lim.MaxFileBytes))
		} else {
			w.note(rel, "cannot be read; skipped")
		}
		return nil
	}
	return w.addData(rel, data, lim)
}

// addData checks the text of a source file and records it.
func (w *Workspace) addData(rel string, data []byte, lim Limits) error {
	if why := textProblem(data); why != "" {
		w.note(rel, why)
		return nil
	}
	if len(w.Files) >= lim.MaxFiles {
		return refuse("", ErrLimit, "has more than %d source files (limit max_files)", lim.MaxFiles)
	}
	if w.TotalBytes+int64(len(data)) > lim.MaxTotalBytes {
		return refuse("", ErrLimit, "source files exceed %d bytes in total (limit max_total_bytes)", lim.MaxTotalBytes)
	}
	lines := countLines(data)
	w.Files = append(w.Files, File{Path: rel, Lang: langOf(rel), Size: int64(len(data)), Lines: lines})
	w.TotalBytes += int64(len(data))
	w.TotalLines += lines
	return nil
}

// noteLink records a skipped symbolic link, saying whether it points outside the workspace.
func (w *Workspace) noteLink(abs, rel string) {
	target, err := filepath.EvalSymlinks(abs)
	inside := err == nil && (target == w.Root || strings.HasPrefix(target, w.Root+string(filepath.Separator)))
	if inside {
		w.note(rel, "symbolic link; not followed (its target is scanned at its own path)")
		return
	}
	w.note(rel, "symbolic link leaving the workspace (or dangling); not followed")
}

// noSources builds the error for a workspace without sources, with the first notes as hints.
func (w *Workspace) noSources() error {
	msg := "no .sol or .rs files found"
	if n := len(w.Notes) + w.Omitted; n > 0 {
		var parts []string
		for i, nt := range w.Notes {
			if i == 3 {
				break
			}
			parts = append(parts, quote(nt.Path)+" "+nt.Reason)
		}
		msg += fmt.Sprintf(" (%d left out: %s", n, strings.Join(parts, "; "))
		if n > 3 {
			msg += "; ..."
		}
		msg += ")"
	}
	if len(w.skipPatterns) > 0 {
		msg += fmt.Sprintf("; the skip settings (--skip, vigil.yaml exclude) left out %s", quoteAll(w.skipPatterns))
	}
	return refuse("", ErrNoSources, "%s", msg)
}

// quoteAll quotes patterns for a message: "a", "b".
func quoteAll(patterns []string) string {
	q := make([]string, len(patterns))
	for i, p := range patterns {
		q[i] = quote(p)
	}
	return strings.Join(q, ", ")
}

// readLimited reads rel under root, failing with ErrLimit when it holds more than max bytes.
func readLimited(root *os.Root, rel string, max int64) ([]byte, error) {
	f, err := root.Open(filepath.FromSlash(rel))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := source.ReadAtMost(f, max)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, ErrLimit
	}
	return data, nil
}

// unwrapPath drops the path from a *fs.PathError, for messages that already name the item.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func isFile(p string) bool {
	st, err := os.Lstat(p)
	return err == nil && st.Mode().IsRegular()
}
