package gittest

import (
	"os"
	"path/filepath"
	"testing"
)

// The git command line itself clones what the server serves, branch by branch.
func TestServerServesCommits(t *testing.T) {
	srv := NewServer(t)
	repo := srv.NewRepo(t, "demo")
	first := repo.Commit(t, "first", map[string]string{"src/A.sol": "contract A {}\n"})
	repo.Branch(t, "feature")
	second := repo.Commit(t, "second", map[string]string{"src/A.sol": "", "src/B.sol": "contract B {}\n"})
	repo.Tag(t, "v1", first)

	dir := t.TempDir()
	Git(t, dir, "clone", "-q", "--branch", "feature", repo.URL, "out")
	if got := Git(t, filepath.Join(dir, "out"), "rev-parse", "HEAD"); got != second {
		t.Errorf("feature is at %s, want %s", got, second)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "src", "A.sol")); !os.IsNotExist(err) {
		t.Errorf("removed file still present: %v", err)
	}
	Git(t, dir, "clone", "-q", repo.URL, "main")
	if got := Git(t, filepath.Join(dir, "main"), "rev-parse", "HEAD"); got != first {
		t.Errorf("main is at %s, want %s", got, first)
	}
	if got := Git(t, filepath.Join(dir, "main"), "rev-parse", "v1^{commit}"); got != first {
		t.Errorf("tag v1 is at %s", got)
	}
}
