package advisory

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/go-git/go-git/v5"
)

// DefaultRepository is where `vigil advisories update` fetches from when not told otherwise.
const DefaultRepository = "https://github.com/rustsec/advisory-db.git"

// FromCheckout loads the advisories of a local checkout of the advisory database. When the
// folder is a git repository, its HEAD commit names the source and its date counts towards
// the snapshot's date.
func FromCheckout(dir string) (*DB, error) {
	if info, err := os.Stat(dir); err != nil {
		return nil, err
	} else if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a folder", dir)
	}
	db, err := Load(os.DirFS(dir))
	if err != nil {
		return nil, err
	}
	if db.Len() == 0 {
		return nil, fmt.Errorf("%s: no RUSTSEC-*.md advisories (is it a checkout of rustsec/advisory-db?)", dir)
	}
	db.Source = dir
	if repo, err := git.PlainOpen(dir); err == nil {
		stamp(db, repo, dir)
	}
	return db, nil
}

// FromRepository clones url (shallow, default branch) into a temporary folder and loads it.
func FromRepository(ctx context.Context, url string) (*DB, error) {
	tmp, err := os.MkdirTemp("", "vigil-advisory-db-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	repo, err := git.PlainCloneContext(ctx, tmp, false, &git.CloneOptions{URL: url, Depth: 1, SingleBranch: true})
	if err != nil {
		return nil, fmt.Errorf("cloning %s: %w", url, err)
	}
	db, err := Load(os.DirFS(tmp))
	if err != nil {
		return nil, err
	}
	if db.Len() == 0 {
		return nil, fmt.Errorf("%s: no RUSTSEC-*.md advisories (is it rustsec/advisory-db?)", url)
	}
	stamp(db, repo, url)
	return db, nil
}

// IsRepositoryURL tells a git URL from a folder for `--from`.
func IsRepositoryURL(s string) bool {
	return strings.Contains(s, "://") || strings.HasPrefix(s, "git@")
}

// stamp names the source by its commit and moves the date to the commit's when later.
func stamp(db *DB, repo *git.Repository, where string) {
	head, err := repo.Head()
	if err != nil {
		return
	}
	db.Source = fmt.Sprintf("%s at %s", where, head.Hash().String()[:12])
	if c, err := repo.CommitObject(head.Hash()); err == nil {
		if d := c.Committer.When.UTC().Format("2006-01-02"); d > db.Date {
			db.Date = d
		}
	}
}
