package workspace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// A local repository's revisions, read with go-git: `vigil scan --new-since REF` scans the
// merge base of REF and HEAD beside the working tree, and `vigil upgrade-check OLD NEW` takes
// revisions for either version.

// ErrShallow marks a repository whose history stops before the commit asked for (a shallow
// clone, as actions/checkout makes by default).
var ErrShallow = errors.New("shallow clone")

// Repo is a local git repository opened at a folder inside its working tree.
type Repo struct {
	repo *git.Repository
	// Sub is the folder asked for, relative to the working tree's root ("" for the root):
	// revisions are read from the same folder.
	Sub string
}

// OpenRepo opens the repository whose working tree holds dir (dir or one of its parents has
// .git; linked worktrees too).
func OpenRepo(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if resolved, err := filepath.EvalSymlinks(abs); err == nil {
		abs = resolved
	}
	repo, err := git.PlainOpenWithOptions(abs, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return nil, refuse(quote(dir), nil, "is not inside a git working tree: %v", err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		return nil, refuse(quote(dir), nil, "has no git working tree: %v", err)
	}
	top := wt.Filesystem.Root()
	if resolved, err := filepath.EvalSymlinks(top); err == nil {
		top = resolved
	}
	sub, err := filepath.Rel(top, abs)
	if err != nil || strings.HasPrefix(sub, "..") {
		return nil, refuse(quote(dir), nil, "is outside its repository's working tree")
	}
	if sub == "." {
		sub = ""
	}
	return &Repo{repo: repo, Sub: filepath.ToSlash(sub)}, nil
}

// shallow reports whether the repository is a shallow clone.
func (r *Repo) shallow() bool {
	s, err := r.repo.Storer.Shallow()
	return err == nil && len(s) > 0
}

// Resolve finds the commit a revision names: a branch (local, or remote-tracking such as
// origin/main), a tag, a full or abbreviated commit hash, or an expression git understands
// (HEAD~2).
func (r *Repo) Resolve(rev string) (*object.Commit, error) {
	rev = strings.TrimSpace(rev)
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil, refuse("revision "+quote(rev), nil, "is not a branch, tag or commit")
	}
	h, err := r.repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil && isHex(strings.ToLower(rev), 4, 39) {
		h, err = r.abbreviated(strings.ToLower(rev))
	}
	if err != nil {
		if r.shallow() {
			return nil, refuse("revision "+quote(rev), ErrShallow, "is not in this shallow clone; fetch the whole history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)")
		}
		return nil, refuse("revision "+quote(rev), nil, "is not a branch, tag or commit of this repository")
	}
	c, err := r.repo.CommitObject(*h)
	if err != nil {
		if r.shallow() {
			return nil, refuse("revision "+quote(rev), ErrShallow, "commit %s is not in this shallow clone; fetch the whole history (actions/checkout with fetch-depth: 0)", h)
		}
		return nil, err
	}
	return c, nil
}

// abbreviated finds the one commit whose hash starts with prefix.
func (r *Repo) abbreviated(prefix string) (*plumbing.Hash, error) {
	iter, err := r.repo.CommitObjects()
	if err != nil {
		return nil, err
	}
	var found *plumbing.Hash
	err = iter.ForEach(func(c *object.Commit) error {
		if strings.HasPrefix(c.Hash.String(), prefix) {
			if found != nil {
				return fmt.Errorf("abbreviated hash %s is ambiguous", prefix)
			}
			h := c.Hash
			found = &h
		}
		return nil
	})
	if err == nil && found == nil {
		err = plumbing.ErrReferenceNotFound
	}
	return found, err
}

// MergeBase returns the best common ancestor of ref and HEAD: what a pull request is compared
// against. A history cut short (a shallow clone) is an error naming fetch-depth: 0.
func (r *Repo) MergeBase(ref string) (*object.Commit, error) {
	base, err := r.Resolve(ref)
	if err != nil {
		return nil, err
	}
	head, err := r.Resolve("HEAD")
	if err != nil {
		return nil, err
	}
	bases, err := head.MergeBase(base)
	if err != nil || len(bases) == 0 {
		if r.shallow() || err != nil && errors.Is(err, plumbing.ErrObjectNotFound) {
			return nil, refuse("revision "+quote(ref), ErrShallow, "has no common ancestor with HEAD in this shallow clone; fetch the whole history (actions/checkout with fetch-depth: 0)")
		}
		if err != nil {
			return nil, err
		}
		return nil, refuse("revision "+quote(ref), nil, "has no common ancestor with HEAD")
	}
	return bases[0], nil
}

// Snapshot is a commit's source and project files (the repository's folder Sub of it), known
// by blob hash and read only on demand: a diff-aware scan compares them with the working tree
// and writes out only what it scans again.
type Snapshot struct {
	tree  *object.Tree
	lim   Limits
	Blobs map[string]plumbing.Hash // by path relative to Sub
}

// Snapshot lists the files of commit c.
func (r *Repo) Snapshot(c *object.Commit) (*Snapshot, error) {
	tree, err := r.subtree(c)
	if err != nil {
		return nil, err
	}
	s := &Snapshot{tree: tree, lim: DefaultLimits(), Blobs: map[string]plumbing.Hash{}}
	walker := object.NewTreeWalker(tree, true, nil)
	defer walker.Close()
	for {
		name, te, err := walker.Next()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, shallowOr(r, err)
		}
		if len(s.Blobs) > s.lim.MaxEntries {
			return nil, refuse("repository", ErrLimit, "has more than %d files (limit max_entries)", s.lim.MaxEntries)
		}
		if te.Mode.IsFile() && te.Mode != filemode.Symlink && wanted(name) {
			s.Blobs[name] = te.Hash
		}
	}
}

// Read returns a file of the snapshot (at most the max_file_bytes limit).
func (s *Snapshot) Read(path string) ([]byte, error) {
	f, err := s.tree.File(path)
	if err != nil {
		return nil, err
	}
	if f.Size > s.lim.MaxFileBytes {
		return nil, refuse(quote(path), ErrLimit, "is larger than %d bytes (limit max_file_bytes)", s.lim.MaxFileBytes)
	}
	text, err := f.Contents()
	return []byte(text), err
}

// SameBlob reports whether data is the content of blob h (git's hash of it).
func SameBlob(h plumbing.Hash, data []byte) bool {
	return plumbing.ComputeHash(plumbing.BlobObject, data) == h
}

// subtree is the tree of commit c at the folder Sub.
func (r *Repo) subtree(c *object.Commit) (*object.Tree, error) {
	tree, err := c.Tree()
	if err != nil {
		return nil, shallowOr(r, err)
	}
	if r.Sub != "" {
		if tree, err = tree.Tree(r.Sub); err != nil {
			return nil, refuse(quote(r.Sub), nil, "does not exist at commit %s", c.Hash.String()[:12])
		}
	}
	return tree, nil
}

// Checkout writes the sources of a commit's tree (the repository's folder Sub of it) into a
// temporary workspace, with the same checks as a clone's; keep, when set, chooses the source
// files written (project files, such as remappings.txt, always are).
func (r *Repo) Checkout(ctx context.Context, c *object.Commit, opts Options, keep func(path string) bool) (*Workspace, error) {
	lim := opts.Limits.withDefaults()
	skip, err := newSkipper(opts.Skip)
	if err != nil {
		return nil, err
	}
	tree, err := r.subtree(c)
	if err != nil {
		return nil, err
	}
	w, err := newTemp(opts, FromGitKind)
	if err != nil {
		return nil, err
	}
	w.Commit = c.Hash.String()
	if err := writeObjectTree(ctx, r.repo, tree, w, skip, lim, keep); err != nil {
		return discard(w, shallowOr(r, err))
	}
	if err := w.index(ctx, opts); err != nil {
		return discard(w, err)
	}
	return w, nil
}

// shallowOr names a missing object of a shallow clone for what it is.
func shallowOr(r *Repo, err error) error {
	if errors.Is(err, plumbing.ErrObjectNotFound) && r.shallow() {
		return refuse("repository", ErrShallow, "misses objects of this shallow clone; fetch the whole history (actions/checkout with fetch-depth: 0)")
	}
	return err
}
