package workspace

import (
	"context"
	"os"
	"path/filepath"
	"strings"
)

// Target is what a user names on the command line: a folder, a .zip, a source file, or a git
// URL, with an optional branch and commit for URLs.
type Target struct {
	Location string
	Branch   string
	Commit   string
}

// Open recognises what t.Location is and builds the workspace with the matching constructor:
// an http(s) URL is cloned (FromGit), an existing folder is used in place (FromFolder), a .zip
// is extracted (FromArchive) and a .sol or .rs file is copied (FromFiles). Anything else is
// refused with an error saying what was expected.
func Open(ctx context.Context, t Target, opts Options) (*Workspace, error) {
	loc := strings.TrimSpace(t.Location)
	if loc == "" {
		return nil, refuse("target", nil, "is empty; give a folder, a .zip, a .sol or .rs file, or an http(s) git URL")
	}
	lower := strings.ToLower(loc)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") {
		return FromGit(ctx, GitSource{URL: loc, Branch: t.Branch, Commit: t.Commit}, opts)
	}
	if opts.LocalGit && strings.HasPrefix(lower, "file://") {
		dir, err := filePath(loc)
		if err != nil {
			return nil, err
		}
		return FromLocalGit(ctx, dir, t.Branch, t.Commit, opts)
	}
	st, statErr := os.Stat(loc)
	if opts.LocalGit && statErr != nil && isSSHURL(loc) {
		return FromGit(ctx, GitSource{URL: loc, Branch: t.Branch, Commit: t.Commit}, opts)
	}
	if statErr == nil && (t.Branch != "" || t.Commit != "") {
		if opts.LocalGit && st.IsDir() {
			return FromLocalGit(ctx, loc, t.Branch, t.Commit, opts)
		}
		return nil, refuse("branch and commit", nil, "apply to git URLs only; %s is a local path", quote(loc))
	}
	switch {
	case statErr == nil && st.IsDir():
		return FromFolder(ctx, loc, opts)
	case statErr == nil && strings.EqualFold(filepath.Ext(loc), ".zip"):
		return FromArchive(ctx, loc, opts)
	case statErr == nil && langOf(loc) != Unknown:
		return FromFiles(ctx, []string{loc}, opts)
	case statErr == nil:
		return nil, refuse(quote(loc), nil, "is not a folder, .zip, .sol or .rs file")
	case strings.Contains(loc, "://") || strings.HasPrefix(lower, "git@"):
		if opts.LocalGit {
			return nil, refuse("repository URL", ErrUnsafePath, "git URLs are http(s)://, ssh://, user@host:path or file://")
		}
		return nil, refuse("repository URL", ErrUnsafePath, "only http and https git URLs are supported")
	}
	return nil, refuse(quote(loc), nil, "no such file or folder")
}
