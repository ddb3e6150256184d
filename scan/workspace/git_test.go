package workspace

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// loopback is the policy the git tests use: the test server lives on 127.0.0.1, which the
// default policy refuses.
var loopback = netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}

// testRepo is a repository with history: main has two commits, feature one more, and a tag.
type testRepo struct {
	first, second, feature string // commit hashes
}

// newGitServer serves, with git's own http-backend: repo.git (which allows fetching commits
// by hash, as GitHub does), strict.git (the same history, which does not: clients fall back to
// a full fetch) and empty.git.
func newGitServer(t *testing.T) (*gittest.Server, testRepo) {
	t.Helper()
	s := gittest.NewServer(t)
	repo := s.NewRepo(t, "repo")
	repo.Symlink(t, "/etc/passwd", "src/Leak.sol")
	var r testRepo
	r.first = repo.Commit(t, "first", map[string]string{
		"foundry.toml":               "[profile.default]\nsrc = \"src\"\n",
		"src/A.sol":                  token,
		"lib/forge-std/src/Test.sol": token,
		"README.md":                  "# test repo",
	})
	r.second = repo.Commit(t, "second", map[string]string{"src/B.sol": token})
	repo.Tag(t, "v1.0.0", r.first)
	repo.Branch(t, "feature")
	r.feature = repo.Commit(t, "feature", map[string]string{"src/C.sol": token})
	repo.AllowFetchByHash(t)
	gittest.Git(t, s.Root, "clone", "-q", "--bare", repo.Bare, "strict.git")
	s.NewRepo(t, "empty")
	return s, r
}

func TestFromGitDefaultBranch(t *testing.T) {
	s, r := newGitServer(t)
	tmp := t.TempDir()
	w, err := FromGit(bg, GitSource{URL: s.URL + "/repo.git"}, Options{Network: loopback, TempDir: tmp})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "lib/forge-std/src/Test.sol (dep)", "src/A.sol", "src/B.sol")
	if w.Commit != r.second || w.Branch != "main" || w.Kind != FromGitKind {
		t.Errorf("commit %s branch %q kind %q; want %s main git", w.Commit, w.Branch, w.Kind, r.second)
	}
	found := false
	for _, n := range w.Notes {
		found = found || (n.Path == "src/Leak.sol" && strings.Contains(n.Reason, "symbolic link"))
	}
	if !found {
		t.Errorf("symbolic link not noted: %v", w.Notes)
	}
	if _, err := os.Stat(w.Path("README.md")); !os.IsNotExist(err) {
		t.Errorf("non-source file written: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("Close left %v", left)
	}
}

func TestFromGitBranchTagAndSkip(t *testing.T) {
	s, r := newGitServer(t)
	w, err := FromGit(bg, GitSource{URL: s.URL + "/repo.git", Branch: "feature"}, Options{Network: loopback, Skip: []string{"B.sol"}})
	if err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "lib/forge-std/src/Test.sol (dep)", "src/A.sol", "src/C.sol")
	if w.Commit != r.feature || w.Branch != "feature" {
		t.Errorf("commit %s branch %q", w.Commit, w.Branch)
	}
	w.Close()

	// A tag given as the branch is found too; an annotated tag resolves to its commit.
	w, err = FromGit(bg, GitSource{URL: s.URL + "/repo.git", Branch: "v1.0.0"}, Options{Network: loopback})
	if err != nil {
		t.Fatal(err)
	}
	if w.Commit != r.first {
		t.Errorf("tag gave commit %s, want %s", w.Commit, r.first)
	}
	w.Close()
}

func TestFromGitCommit(t *testing.T) {
	s, r := newGitServer(t)
	cases := []struct {
		name, repo, branch, commit, want string
	}{
		{"by hash, depth 1", "repo.git", "", r.first, r.first},
		{"server refuses hash, full fetch", "strict.git", "", r.first, r.first},
		{"abbreviated", "repo.git", "", r.first[:8], r.first},
		{"on a branch", "strict.git", "feature", r.feature[:12], r.feature},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := FromGit(bg, GitSource{URL: s.URL + "/" + c.repo, Branch: c.branch, Commit: c.commit}, Options{Network: loopback})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			if w.Commit != c.want {
				t.Errorf("commit %s, want %s", w.Commit, c.want)
			}
			if c.want == r.first {
				wantPaths(t, w, "lib/forge-std/src/Test.sol (dep)", "src/A.sol")
			}
		})
	}
}

func TestFromGitRefusals(t *testing.T) {
	s, r := newGitServer(t)
	tmp := t.TempDir()
	cases := []struct {
		name    string
		src     GitSource
		opts    Options
		kind    error
		mention string
	}{
		{"loopback without permission", GitSource{URL: s.URL + "/repo.git"}, Options{}, netguard.ErrBlocked, "loopback"},
		{"localhost name", GitSource{URL: strings.Replace(s.URL, "127.0.0.1", "localhost", 1) + "/repo.git"}, Options{}, netguard.ErrBlocked, "loopback"},
		{"ssh URL", GitSource{URL: "ssh://git@github.com/a/b.git"}, Options{Network: loopback}, nil, "scheme"},
		{"file URL", GitSource{URL: "file:///etc"}, Options{Network: loopback}, nil, "scheme"},
		{"scp-like", GitSource{URL: "git@github.com:a/b.git"}, Options{Network: loopback}, nil, "repository URL"},
		{"missing branch", GitSource{URL: s.URL + "/repo.git", Branch: "nope"}, Options{Network: loopback}, ErrFetch, `branch "nope"`},
		{"bad branch name", GitSource{URL: s.URL + "/repo.git", Branch: "--upload-pack=evil"}, Options{Network: loopback}, nil, "branch"},
		{"bad commit", GitSource{URL: s.URL + "/repo.git", Commit: "HEAD~1"}, Options{Network: loopback}, nil, "hexadecimal"},
		{"unknown commit", GitSource{URL: s.URL + "/strict.git", Commit: strings.Repeat("ab", 20)}, Options{Network: loopback}, ErrFetch, "not found"},
		{"missing repository", GitSource{URL: s.URL + "/missing.git"}, Options{Network: loopback}, ErrFetch, "repository"},
		{"empty repository", GitSource{URL: s.URL + "/empty.git"}, Options{Network: loopback}, ErrNoSources, "empty"},
		{"download too large", GitSource{URL: s.URL + "/repo.git"}, Options{Network: loopback, Limits: Limits{MaxRepoBytes: 600}}, ErrLimit, "max_repo_bytes"},
		{"too many files", GitSource{URL: s.URL + "/repo.git"}, Options{Network: loopback, Limits: Limits{MaxFiles: 1}}, ErrLimit, "max_files"},
	}
	_ = r
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.opts.TempDir = tmp
			_, err := FromGit(bg, c.src, c.opts)
			mustRefuse(t, err, c.kind, c.mention)
			if left := tempEntries(t, tmp); len(left) != 0 {
				t.Errorf("refused clone left %v", left)
			}
		})
	}
}

// Credentials in the URL are sent as basic authentication and appear nowhere else.
func TestFromGitCredentials(t *testing.T) {
	s, _ := newGitServer(t)
	const secret = "ghp_SECRET1234567890"
	withCreds := strings.Replace(s.URL, "http://", "http://x-access-token:"+secret+"@", 1)
	w, err := FromGit(bg, GitSource{URL: withCreds + "/repo.git"}, Options{Network: loopback})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if strings.Contains(w.URL, secret) || strings.Contains(w.URL, "x-access-token") {
		t.Errorf("URL keeps credentials: %s", w.URL)
	}
	if len(s.Authorizations()) == 0 {
		t.Error("server saw no Authorization header")
	}
	_, err = FromGit(bg, GitSource{URL: withCreds + "/repo.git", Branch: "missing"}, Options{Network: loopback})
	if err == nil || strings.Contains(err.Error(), secret) {
		t.Errorf("error leaks or is missing: %v", err)
	}
	_, err = FromGit(bg, GitSource{URL: "ftp://user:" + secret + "@example.com/x"}, Options{})
	if err == nil || strings.Contains(err.Error(), secret) {
		t.Errorf("error leaks or is missing: %v", err)
	}
}

// A server that never answers is abandoned at git_timeout (or the caller's deadline).
func TestFromGitTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	tmp := t.TempDir()
	_, err := FromGit(bg, GitSource{URL: srv.URL + "/slow.git"}, Options{Network: loopback, TempDir: tmp, Limits: Limits{GitTimeout: 300 * time.Millisecond}})
	mustRefuse(t, err, ErrLimit, "git_timeout")
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("timed-out clone left %v", left)
	}

	ctx, cancel := context.WithCancel(bg)
	cancel()
	_, err = FromGit(ctx, GitSource{URL: srv.URL + "/slow.git"}, Options{Network: loopback, TempDir: tmp})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: %v", err)
	}
}
