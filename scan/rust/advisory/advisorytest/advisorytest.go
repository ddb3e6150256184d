// Package advisorytest makes advisory-database checkouts for tests.
package advisorytest

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// GitCheckout copies the advisory files (paths of real advisories, in the database's
// crates/<name>/RUSTSEC-*.md layout) into a new git repository under a temporary folder,
// commits them dated when, and returns the folder and the commit.
func GitCheckout(t *testing.T, when time.Time, advisories ...string) (string, plumbing.Hash) {
	t.Helper()
	dir := t.TempDir()
	for _, src := range advisories {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, "crates", filepath.Base(filepath.Dir(src)), filepath.Base(src))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wt.Add("crates"); err != nil {
		t.Fatal(err)
	}
	hash, err := wt.Commit("advisories", &git.CommitOptions{Author: &object.Signature{Name: "t", Email: "t@example.com", When: when}})
	if err != nil {
		t.Fatal(err)
	}
	return dir, hash
}
