package workspace

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
)

// loopback is the policy the git tests use: the test server lives on 127.0.0.1, which the
// default policy refuses.
var loopback = netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}

// gitServer serves bare repositories from a folder with git's own http-backend, so go-git
// speaks the real smart HTTP protocol to a real git.
type gitServer struct {
	*httptest.Server
	root string
	mu   sync.Mutex
	auth []string // Authorization headers received
}

func runGit(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_AUTHOR_NAME=Vigil Test", "GIT_AUTHOR_EMAIL=test@vigil.invalid",
		"GIT_COMMITTER_NAME=Vigil Test", "GIT_COMMITTER_EMAIL=test@vigil.invalid",
		"GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// testRepo is a repository with history: main has two commits, feature one more, and a tag.
type testRepo struct {
	first, second, feature string // commit hashes
}

func newGitServer(t *testing.T) (*gitServer, testRepo) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	execPath := runGit(t, t.TempDir(), "--exec-path")
	backend := filepath.Join(execPath, "git-http-backend")
	if _, err := os.Stat(backend); err != nil {
		t.Skipf("git-http-backend not available: %v", err)
	}

	work := t.TempDir()
	runGit(t, work, "init", "-q", "-b", "main")
	writeFiles(t, work, map[string]string{
		"foundry.toml":               "[profile.default]\nsrc = \"src\"\n",
		"src/A.sol":                  token,
		"lib/forge-std/src/Test.sol": token,
		"README.md":                  "# test repo",
	})
	if err := os.Symlink("/etc/passwd", filepath.Join(work, "src/Leak.sol")); err != nil {
		t.Fatal(err)
	}
	runGit(t, work, "add", "-A")
	runGit(t, work, "commit", "-q", "-m", "first")
	var r testRepo
	r.first = runGit(t, work, "rev-parse", "HEAD")
	writeFiles(t, work, map[string]string{"src/B.sol": token})
	runGit(t, work, "add", "-A")
	runGit(t, work, "commit", "-q", "-m", "second")
	r.second = runGit(t, work, "rev-parse", "HEAD")
	runGit(t, work, "tag", "-a", "v1.0.0", "-m", "release", r.first)
	runGit(t, work, "checkout", "-q", "-b", "feature")
	writeFiles(t, work, map[string]string{"src/C.sol": token})
	runGit(t, work, "add", "-A")
	runGit(t, work, "commit", "-q", "-m", "feature")
	r.feature = runGit(t, work, "rev-parse", "HEAD")
	runGit(t, work, "checkout", "-q", "main")

	root := t.TempDir()
	// repo.git lets clients fetch any reachable commit by hash (as GitHub does); strict.git
	// does not, which makes the client fall back to a full fetch.
	runGit(t, root, "clone", "-q", "--bare", work, "repo.git")
	runGit(t, filepath.Join(root, "repo.git"), "config", "uploadpack.allowReachableSHA1InWant", "true")
	runGit(t, root, "clone", "-q", "--bare", work, "strict.git")
	runGit(t, root, "init", "-q", "--bare", "empty.git")

	return serveRoot(t, root), r
}

// serveRoot serves the bare repositories under root with git-http-backend.
func serveRoot(t testing.TB, root string) *gitServer {
	t.Helper()
	backend := filepath.Join(runGit(t, root, "--exec-path"), "git-http-backend")
	s := &gitServer{root: root}
	cgiHandler := &cgi.Handler{
		Path:   backend,
		Stderr: io.Discard, // "Not a git repository" for the missing-repository case
		Env:    []string{"GIT_PROJECT_ROOT=" + root, "GIT_HTTP_EXPORT_ALL=1", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + root},
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		s.mu.Lock()
		if a := req.Header.Get("Authorization"); a != "" {
			s.auth = append(s.auth, a)
		}
		s.mu.Unlock()
		cgiHandler.ServeHTTP(w, req)
	}))
	t.Cleanup(s.Close)
	return s
}

// serveRepos serves a bare clone of the work repository as repo.git.
func serveRepos(t testing.TB, work string) *gitServer {
	t.Helper()
	root := filepath.Join(filepath.Dir(work), "served")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	runGit(t, root, "clone", "-q", "--bare", work, "repo.git")
	return serveRoot(t, root)
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
	s.mu.Lock()
	got := len(s.auth)
	s.mu.Unlock()
	if got == 0 {
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
