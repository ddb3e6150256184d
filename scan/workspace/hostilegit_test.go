package workspace

import (
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// makeHostileRepo writes, object by object, a bare repository that the git CLI would never
// create: its root tree has an entry called dirName (for example "..") holding evil.sol. A
// hostile server can send exactly this.
func makeHostileRepo(t *testing.T, dir, dirName string) {
	t.Helper()
	repo, err := git.PlainInit(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	put := func(enc interface {
		Encode(plumbing.EncodedObject) error
	}) plumbing.Hash {
		obj := repo.Storer.NewEncodedObject()
		if err := enc.Encode(obj); err != nil {
			t.Fatal(err)
		}
		h, err := repo.Storer.SetEncodedObject(obj)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	blob := repo.Storer.NewEncodedObject()
	blob.SetType(plumbing.BlobObject)
	wr, _ := blob.Writer()
	wr.Write([]byte(token))
	wr.Close()
	blobHash, err := repo.Storer.SetEncodedObject(blob)
	if err != nil {
		t.Fatal(err)
	}
	inner := put(&object.Tree{Entries: []object.TreeEntry{{Name: "evil.sol", Mode: filemode.Regular, Hash: blobHash}}})
	outer := put(&object.Tree{Entries: []object.TreeEntry{{Name: dirName, Mode: filemode.Dir, Hash: inner}}})
	sig := object.Signature{Name: "x", Email: "x@x.invalid", When: time.Unix(1700000000, 0)}
	commit := put(&object.Commit{Author: sig, Committer: sig, Message: "hostile\n", TreeHash: outer})
	if err := repo.Storer.SetReference(plumbing.NewHashReference("refs/heads/main", commit)); err != nil {
		t.Fatal(err)
	}
	if err := repo.Storer.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, "refs/heads/main")); err != nil {
		t.Fatal(err)
	}
}

// A tree entry escaping the workspace is refused like the same entry in an archive.
func TestFromGitRefusesHostileTree(t *testing.T) {
	s, _ := newGitServer(t)
	for _, name := range []string{"..", "/tmp"} {
		makeHostileRepo(t, s.Root+"/hostile.git", name)
		tmp := t.TempDir()
		_, err := FromGit(bg, GitSource{URL: s.URL + "/hostile.git"}, Options{Network: loopback, TempDir: tmp})
		mustRefuse(t, err, ErrUnsafePath, "tree entry")
		if left := tempEntries(t, tmp); len(left) != 0 {
			t.Errorf("refused clone left %v", left)
		}
		removeAll(t, s.Root+"/hostile.git")
	}
}
