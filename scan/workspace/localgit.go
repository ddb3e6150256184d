package workspace

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/storage/memory"
)

// Git repositories on this machine and over ssh
//
// The command line scans what its user can reach (Options.LocalGit): a revision of a repository
// on disk, named by its path or a file:// URL, read in place with go-git (nothing is cloned, and
// the working tree's uncommitted changes are not looked at), and ssh:// or scp-like
// (git@host:org/repo.git) URLs, authenticated by the user's ssh agent and checked against the
// user's known_hosts. The server never takes them: a scan request must not read the server's
// own disk or use its keys.

// isSSHURL reports whether loc is an ssh:// URL or git's scp-like form user@host:path.
func isSSHURL(loc string) bool {
	if strings.HasPrefix(strings.ToLower(loc), "ssh://") {
		return true
	}
	at, colon := strings.Index(loc, "@"), strings.Index(loc, ":")
	return !strings.Contains(loc, "://") && at > 0 && colon > at+1 && !strings.ContainsAny(loc[:at], "/\\")
}

// sshURL turns git's scp-like form (git@github.com:org/repo.git) into an ssh:// URL.
func sshURL(loc string) string {
	if strings.HasPrefix(strings.ToLower(loc), "ssh://") {
		return loc
	}
	userHost, path, _ := strings.Cut(loc, ":")
	return "ssh://" + userHost + "/" + strings.TrimPrefix(path, "/")
}

// filePath is the folder a file:// URL names.
func filePath(loc string) (string, error) {
	u, err := url.Parse(loc)
	if err != nil || u.Host != "" && u.Host != "localhost" || u.Path == "" {
		return "", refuse("repository URL", ErrUnsafePath, "a file URL is file:///path/to/repository")
	}
	return filepath.FromSlash(u.Path), nil
}

// FromLocalGit builds a workspace from a revision of the git repository at dir (a working copy,
// or a bare repository): the tip of branch (a branch, a remote-tracking branch of origin, or a
// tag), a commit, or HEAD when neither is given. Its tree is written through the checks of a
// clone's.
func FromLocalGit(ctx context.Context, dir, branch, commit string, opts Options) (*Workspace, error) {
	lim := opts.Limits.withDefaults()
	skip, err := newSkipper(opts.Skip)
	if err != nil {
		return nil, err
	}
	if _, err := branchRef(strings.TrimSpace(branch)); err != nil {
		return nil, err
	}
	commit = strings.ToLower(strings.TrimSpace(commit))
	if commit != "" && !isHex(commit, 4, 40) {
		return nil, refuse("commit "+quote(commit), nil, "must be a hexadecimal commit hash (4 to 40 digits)")
	}
	repo, err := git.PlainOpen(dir) // a bare repository, or the top of a working copy
	if err != nil {
		repo, err = git.PlainOpenWithOptions(dir, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	}
	if err != nil {
		return nil, refuse(quote(dir), ErrFetch, "is not a git repository (%v)", err)
	}
	hash, name, err := localRevision(repo, strings.TrimSpace(branch), commit)
	if err != nil {
		return nil, err
	}
	parent, err := os.MkdirTemp(opts.TempDir, "vigil-git-")
	if err != nil {
		return nil, fmt.Errorf("workspace: creating temporary folder: %w", err)
	}
	w := &Workspace{Root: filepath.Join(parent, "src"), Kind: FromGitKind, temp: parent, Branch: name, Commit: hash.String()}
	if err := os.Mkdir(w.Root, 0o700); err != nil {
		return discard(w, err)
	}
	if err := writeTree(ctx, repo, hash, w, skip, lim); err != nil {
		return discard(w, err)
	}
	if err := w.index(ctx, opts); err != nil {
		return discard(w, err)
	}
	return w, nil
}

// localRevision finds the commit to scan in a local repository, and the branch it is on.
func localRevision(repo *git.Repository, branch, commit string) (plumbing.Hash, string, error) {
	if commit != "" {
		h, err := repo.ResolveRevision(plumbing.Revision(commit))
		if err != nil {
			return plumbing.ZeroHash, "", refuse("commit "+quote(commit), ErrFetch, "not found in the repository")
		}
		return *h, branch, nil
	}
	if branch == "" {
		head, err := repo.Head()
		if err != nil {
			return plumbing.ZeroHash, "", refuse("repository", ErrNoSources, "has no commit checked out (HEAD)")
		}
		name := ""
		if head.Name().IsBranch() {
			name = head.Name().Short()
		}
		return peel(repo, head.Hash()), name, nil
	}
	for _, ref := range []plumbing.ReferenceName{plumbing.NewBranchReferenceName(branch),
		plumbing.NewRemoteReferenceName("origin", branch), plumbing.NewTagReferenceName(branch), plumbing.ReferenceName(branch)} {
		if r, err := repo.Reference(ref, true); err == nil {
			return peel(repo, r.Hash()), branch, nil
		}
	}
	var names []string
	if iter, err := repo.Branches(); err == nil {
		iter.ForEach(func(r *plumbing.Reference) error {
			names = append(names, r.Name().Short())
			return nil
		})
	}
	return plumbing.ZeroHash, "", missingBranch(branch, names)
}

// peel returns the commit an annotated tag names, or hash itself.
func peel(repo *git.Repository, hash plumbing.Hash) plumbing.Hash {
	if t, err := repo.TagObject(hash); err == nil {
		if c, err := t.Commit(); err == nil {
			return c.Hash
		}
	}
	return hash
}

// maxListedBranches bounds the branches a message lists.
const maxListedBranches = 20

// missingBranch is the error for a branch the repository does not have, listing those it has.
func missingBranch(branch string, names []string) error {
	sort.Strings(names)
	if len(names) == 0 { // none, or they could not be listed
		return refuse("branch "+quote(branch), ErrFetch, "not found in the repository")
	}
	list := strings.Join(names[:min(len(names), maxListedBranches)], ", ")
	if len(names) > maxListedBranches {
		list += fmt.Sprintf(" and %d more", len(names)-maxListedBranches)
	}
	return refuse("branch "+quote(branch), ErrFetch, "not found in the repository; its branches: %s", list)
}

// remoteBranches lists the branches of the clone's remote (git ls-remote), through the clone's
// own transport, credentials and budgets; nil when they cannot be listed.
func (g *gitFetch) remoteBranches() []string {
	remote := git.NewRemote(memory.NewStorage(), &config.RemoteConfig{Name: "origin", URLs: []string{g.url}})
	refs, err := remote.ListContext(g.ctx, &git.ListOptions{Auth: g.auth})
	if err != nil {
		return nil
	}
	var names []string
	for _, r := range refs {
		if r.Name().IsBranch() {
			names = append(names, r.Name().Short())
		}
	}
	return names
}
