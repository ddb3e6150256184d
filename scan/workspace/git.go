package workspace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/transport"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"

	"github.com/vigil-sec/vigil/scan/netguard"
)

// GitSource names a repository revision to scan.
type GitSource struct {
	URL    string // http or https; user information, if any, is used as basic authentication
	Branch string // branch name (or a tag, or a full refs/... name); "" for the remote HEAD
	Commit string // full or abbreviated hash; "" for the tip of Branch
}

// FromGit clones src into a temporary folder and builds a workspace from the commit's sources.
// See the package documentation for the fetch strategy and the checks made.
func FromGit(ctx context.Context, src GitSource, opts Options) (*Workspace, error) {
	lim := opts.Limits.withDefaults()
	u, err := parseGitURL(src.URL, opts.LocalGit)
	if err != nil {
		return nil, err
	}
	var auth transport.AuthMethod // ssh: the user's agent (go-git's default)
	secrets := []string{}
	if u.User != nil && u.Scheme != "ssh" {
		pass, _ := u.User.Password()
		auth = &githttp.BasicAuth{Username: u.User.Username(), Password: pass}
		secrets = append(secrets, u.User.String(), pass)
		if len(u.User.Username()) >= 12 {
			// A long user name is a token (https://TOKEN@host/...); a short one ("git") is not
			// secret, and scrubbing it would mangle the message.
			secrets = append(secrets, u.User.Username())
		}
		u.User = nil
	}
	clean := u.String()
	shown := netguard.Redact(u)
	branch := strings.TrimSpace(src.Branch)
	ref, err := branchRef(branch)
	if err != nil {
		return nil, err
	}
	commit := strings.ToLower(strings.TrimSpace(src.Commit))
	if commit != "" && !isHex(commit, 4, 40) {
		return nil, refuse("commit "+quote(src.Commit), nil, "must be a hexadecimal commit hash (4 to 40 digits)")
	}
	skip, err := newSkipper(opts.Skip)
	if err != nil {
		return nil, err
	}
	caller := ctx
	ctx, cancel := context.WithTimeout(ctx, lim.GitTimeout)
	defer cancel()
	// An early look at the host's addresses gives a clear error before any work; the dial-time
	// check in the transport is the one that counts (ssh has only this one).
	if err := opts.Network.CheckHost(ctx, u.Hostname()); err != nil {
		if caller.Err() != nil {
			return nil, caller.Err()
		}
		kind := ErrFetch // the name does not resolve
		if errors.Is(err, netguard.ErrBlocked) {
			kind = netguard.ErrBlocked
		}
		return nil, refuse("repository URL host", kind, "%s", strings.TrimPrefix(err.Error(), "netguard: "))
	}

	installGitTransport()
	st := &fetchState{rt: opts.Network.Transport(), limit: lim.MaxRepoBytes}
	defer st.rt.CloseIdleConnections()
	fctx := withFetchState(ctx, st)

	parent, err := os.MkdirTemp(opts.TempDir, "vigil-git-")
	if err != nil {
		return nil, fmt.Errorf("workspace: creating temporary folder: %w", err)
	}
	w := &Workspace{Root: filepath.Join(parent, "src"), Kind: FromGitKind, temp: parent, URL: shown}
	if err := os.Mkdir(w.Root, 0o700); err != nil {
		return discard(w, err)
	}
	store := filepath.Join(parent, "git")

	g := &gitFetch{
		ctx: fctx, url: clean, auth: auth, store: store, ref: ref, branch: branch,
		asked: branch, commit: commit, shown: shown, secrets: secrets, st: st, lim: lim,
	}
	repo, hash, err := g.fetch(commit)
	if err != nil {
		return discard(w, g.explain(caller, ctx, err))
	}
	w.Commit = hash.String()
	w.Branch = g.branch
	if err := writeTree(fctx, repo, hash, w, skip, lim); err != nil {
		return discard(w, g.explain(caller, ctx, err))
	}
	// The object store is no longer needed; free the disk before the scan runs.
	if err := os.RemoveAll(store); err != nil {
		return discard(w, err)
	}
	if err := w.index(ctx, opts); err != nil {
		return discard(w, err)
	}
	return w, nil
}

// gitFetch holds one clone's parameters.
type gitFetch struct {
	ctx    context.Context
	url    string
	auth   transport.AuthMethod
	store  string
	ref    plumbing.ReferenceName // "" for the remote HEAD
	branch string                 // reported branch; filled from HEAD when not given

	// For error messages.
	asked, commit string   // branch and commit as asked
	shown         string   // the URL as it may be shown
	secrets       []string // credentials to scrub from any text
	st            *fetchState
	lim           Limits
}

// fetch gets the commit to scan into a bare repository at g.store.
func (g *gitFetch) fetch(commit string) (*git.Repository, plumbing.Hash, error) {
	if commit == "" {
		return g.tip()
	}
	if len(commit) == 40 {
		repo, hash, err := g.exact(plumbing.NewHash(commit))
		if err == nil || !fallbackWorthy(err) {
			return repo, hash, err
		}
	}
	return g.full(commit)
}

// tip clones the branch (or the remote HEAD) with depth 1.
func (g *gitFetch) tip() (*git.Repository, plumbing.Hash, error) {
	repo, err := git.PlainCloneContext(g.ctx, g.store, true, &git.CloneOptions{
		URL: g.url, Auth: g.auth, ReferenceName: g.ref, SingleBranch: true, Depth: 1,
		Tags: git.NoTags, NoCheckout: true,
	})
	if err != nil && g.ref.IsBranch() && errors.Is(err, git.NoMatchingRefSpecError{}) {
		// The name may be a tag: "v1.2.0" is what people paste as a branch.
		if rerr := os.RemoveAll(g.store); rerr != nil {
			return nil, plumbing.ZeroHash, rerr
		}
		tag := plumbing.NewTagReferenceName(g.ref.Short())
		repo, err = git.PlainCloneContext(g.ctx, g.store, true, &git.CloneOptions{
			URL: g.url, Auth: g.auth, ReferenceName: tag, SingleBranch: true, Depth: 1,
			Tags: git.NoTags, NoCheckout: true,
		})
	}
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	head, err := repo.Head()
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	if g.branch == "" && head.Name().IsBranch() {
		g.branch = head.Name().Short()
	}
	hash := head.Hash()
	// An annotated tag points at a tag object; scan the commit it names.
	if t, err := repo.TagObject(hash); err == nil {
		c, err := t.Commit()
		if err != nil {
			return nil, plumbing.ZeroHash, err
		}
		hash = c.Hash
	}
	return repo, hash, nil
}

// exact fetches one commit by hash with depth 1. Servers refuse this unless configured to
// allow it (GitHub does); go-git then reports ErrExactSHA1NotSupported and full() takes over.
func (g *gitFetch) exact(hash plumbing.Hash) (*git.Repository, plumbing.Hash, error) {
	repo, err := g.initStore()
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	err = repo.FetchContext(g.ctx, &git.FetchOptions{
		RemoteName: "origin", Auth: g.auth, Depth: 1, Tags: git.NoTags,
		RefSpecs: []config.RefSpec{config.RefSpec(hash.String() + ":refs/heads/vigil-scan")},
	})
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	if _, err := repo.CommitObject(hash); err != nil {
		return nil, plumbing.ZeroHash, err
	}
	return repo, hash, nil
}

// full fetches the whole history of the branch (or of every branch) and looks the commit up.
func (g *gitFetch) full(commit string) (*git.Repository, plumbing.Hash, error) {
	repo, err := g.initStore()
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	spec := config.RefSpec("+refs/heads/*:refs/remotes/origin/*")
	if g.ref != "" {
		spec = config.RefSpec("+" + g.ref.String() + ":refs/remotes/origin/" + g.ref.Short())
	}
	err = repo.FetchContext(g.ctx, &git.FetchOptions{
		RemoteName: "origin", Auth: g.auth, Tags: git.NoTags, RefSpecs: []config.RefSpec{spec},
	})
	if err != nil && !errors.Is(err, git.NoErrAlreadyUpToDate) {
		return nil, plumbing.ZeroHash, err
	}
	hash, err := findCommit(repo, commit)
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	return repo, hash, nil
}

func (g *gitFetch) initStore() (*git.Repository, error) {
	if err := os.RemoveAll(g.store); err != nil {
		return nil, err
	}
	repo, err := git.PlainInit(g.store, true)
	if err != nil {
		return nil, err
	}
	if _, err := repo.CreateRemote(&config.RemoteConfig{Name: "origin", URLs: []string{g.url}}); err != nil {
		return nil, err
	}
	return repo, nil
}

// errCommitNotFound and errCommitAmbiguous describe a commit that the fetched history does not
// single out.
var (
	errCommitNotFound  = errors.New("commit not found")
	errCommitAmbiguous = errors.New("abbreviated commit hash is ambiguous")
)

// findCommit resolves a full or abbreviated hash among the fetched commits.
func findCommit(repo *git.Repository, commit string) (plumbing.Hash, error) {
	if len(commit) == 40 {
		c, err := repo.CommitObject(plumbing.NewHash(commit))
		if err != nil {
			return plumbing.ZeroHash, errCommitNotFound
		}
		return c.Hash, nil
	}
	iter, err := repo.CommitObjects()
	if err != nil {
		return plumbing.ZeroHash, err
	}
	defer iter.Close()
	var found plumbing.Hash
	n := 0
	err = iter.ForEach(func(c *object.Commit) error {
		if strings.HasPrefix(c.Hash.String(), commit) {
			found = c.Hash
			n++
		}
		return nil
	})
	switch {
	case err != nil:
		return plumbing.ZeroHash, err
	case n == 0:
		return plumbing.ZeroHash, errCommitNotFound
	case n > 1:
		return plumbing.ZeroHash, errCommitAmbiguous
	}
	return found, nil
}

// fallbackWorthy reports whether a failed fetch by hash should be retried as a full fetch:
// the server does not allow it or does not know the hash as a tip. Refusals of the network
// policy, budgets and deadlines are final.
func fallbackWorthy(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, transport.ErrAuthenticationRequired) || errors.Is(err, transport.ErrAuthorizationFailed) ||
		errors.Is(err, transport.ErrRepositoryNotFound) || errors.Is(err, errTooBig) {
		return false
	}
	return !strings.Contains(err.Error(), "netguard")
}

// writeTree writes the sources of the commit's tree into w.Root through the archive checks.
func writeTree(ctx context.Context, repo *git.Repository, hash plumbing.Hash, w *Workspace, skip *skipper, lim Limits) error {
	c, err := repo.CommitObject(hash)
	if err != nil {
		return err
	}
	tree, err := c.Tree()
	if err != nil {
		return err
	}
	return writeObjectTree(ctx, repo, tree, w, skip, lim, nil)
}

// writeObjectTree writes the sources of a git tree into w.Root through the archive checks; keep,
// when set, chooses the source files written (project files are always).
func writeObjectTree(ctx context.Context, repo *git.Repository, tree *object.Tree, w *Workspace, skip *skipper, lim Limits, keep func(string) bool) error {
	root, err := os.OpenRoot(w.Root)
	if err != nil {
		return err
	}
	defer root.Close()
	x := &extractor{what: "tree entry", source: "repository", lim: lim, skip: skip, root: root, note: w.note, made: map[string]bool{}}
	walker := object.NewTreeWalker(tree, true, nil)
	defer walker.Close()
	entries := 0
	for {
		name, te, err := walker.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		entries++
		if entries > lim.MaxEntries {
			return refuse("repository", ErrLimit, "has more than %d entries (limit max_entries)", lim.MaxEntries)
		}
		// A hostile server can send any tree; names get the same checks as archive entries.
		rel, err := safeName("tree entry", name, lim)
		if err != nil {
			return err
		}
		e := entry{name: name, compressed: -1}
		switch te.Mode {
		case filemode.Dir:
			e.dir = true
		case filemode.Symlink:
			e.link = true
		case filemode.Submodule:
			if !skip.skipped(rel) {
				w.note(rel, "git submodule; not fetched")
			}
			continue
		case filemode.Regular, filemode.Executable, filemode.Deprecated:
			if keep != nil && langOf(rel) != Unknown && !keep(rel) {
				continue
			}
			e.regular = true
			blob, err := repo.BlobObject(te.Hash)
			if err != nil {
				return err
			}
			if wanted(rel) && !skip.skipped(rel) && blob.Size > lim.MaxFileBytes {
				w.note(rel, fmt.Sprintf("larger than %d bytes (limit max_file_bytes); skipped", lim.MaxFileBytes))
				continue
			}
			e.open = blob.Reader
		}
		if err := x.add(ctx, e, rel); err != nil {
			return err
		}
	}
}

// explain turns a clone failure into an error for the user: what went wrong in words, the
// right sentinels for errors.Is, and no credentials.
func (g *gitFetch) explain(caller, ctx context.Context, err error) error {
	st, lim, branch, commit := g.st, g.lim, g.asked, g.commit
	var r *refusal
	if errors.As(err, &r) {
		return err
	}
	if caller.Err() != nil {
		return caller.Err() // the caller gave up (or its own deadline passed): not the input's fault
	}
	over, blocked := st.status()
	switch {
	case blocked != nil:
		return refuse("repository URL host", netguard.ErrBlocked, "%s", strings.TrimPrefix(blocked.Error(), "netguard: "))
	case over || errors.Is(err, errTooBig):
		return refuse("repository", ErrLimit, "download passed %d bytes (limit max_repo_bytes)", lim.MaxRepoBytes)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return refuse("repository", ErrLimit, "clone did not finish within %s (limit git_timeout)", lim.GitTimeout)
	case errors.Is(err, transport.ErrAuthenticationRequired), errors.Is(err, transport.ErrAuthorizationFailed):
		return refuse("repository", ErrFetch, "not found or not accessible with the credentials given")
	case errors.Is(err, transport.ErrRepositoryNotFound):
		return refuse("repository", ErrFetch, "not found")
	case errors.Is(err, transport.ErrEmptyRemoteRepository):
		return refuse("repository", ErrNoSources, "is empty")
	case errors.Is(err, git.NoMatchingRefSpecError{}), errors.Is(err, plumbing.ErrReferenceNotFound):
		if branch == "" {
			return refuse("repository", ErrFetch, "has no default branch")
		}
		return missingBranch(branch, g.remoteBranches())
	case errors.Is(err, errCommitNotFound):
		where := "the repository"
		if branch != "" {
			where = "branch " + quote(branch)
		}
		return refuse("commit "+quote(commit), ErrFetch, "not found in %s", where)
	case errors.Is(err, errCommitAmbiguous):
		return refuse("commit "+quote(commit), ErrFetch, "abbreviation matches several commits; give more digits")
	}
	msg := err.Error()
	if strings.Contains(msg, "invalid path") {
		// go-git's own tree path validation (internal, so matched by text) got there first.
		return refuse("repository", ErrUnsafePath, "tree entry with an unsafe path: %s", msg)
	}
	if g.url != g.shown {
		msg = strings.ReplaceAll(msg, g.url, g.shown)
	}
	for _, s := range g.secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "REDACTED")
		}
	}
	return refuse("repository", ErrFetch, "fetch failed: %s", msg)
}

// parseGitURL checks a repository URL: http or https, or (localGit: the command line) ssh://
// and git's scp-like user@host:path form, which go-git reaches with the user's ssh agent.
func parseGitURL(raw string, localGit bool) (*url.URL, error) {
	if localGit && isSSHURL(raw) {
		u, err := url.Parse(sshURL(raw))
		if err != nil || u.Hostname() == "" || strings.ContainsAny(raw, " \t\r\n\x00") {
			return nil, refuse("repository URL", ErrUnsafePath, "an ssh URL is ssh://user@host/path or user@host:path")
		}
		if _, hasPassword := u.User.Password(); hasPassword {
			return nil, refuse("repository URL", ErrUnsafePath, "an ssh URL carries no password: Vigil uses your ssh agent")
		}
		return u, nil
	}
	u, err := netguard.ParseURL(raw)
	if err != nil {
		return nil, refuse("repository URL", ErrUnsafePath, "%s", strings.TrimPrefix(err.Error(), "netguard: "))
	}
	return u, nil
}

// branchRef turns a user's branch into a reference name, refusing names git would refuse
// (they would otherwise reach the server or the refspec parser).
func branchRef(branch string) (plumbing.ReferenceName, error) {
	if branch == "" {
		return "", nil
	}
	ref := plumbing.NewBranchReferenceName(branch)
	if strings.HasPrefix(branch, "refs/") {
		ref = plumbing.ReferenceName(branch)
	}
	if strings.HasPrefix(branch, "-") || strings.ContainsAny(branch, "*:") || ref.Validate() != nil {
		return "", refuse("branch "+quote(branch), nil, "is not a valid git branch name")
	}
	return ref, nil
}

func isHex(s string, minLen, maxLen int) bool {
	if len(s) < minLen || len(s) > maxLen {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
