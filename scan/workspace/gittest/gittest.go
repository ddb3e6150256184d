package gittest

import (
	"io"
	"net/http"
	"net/http/cgi"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Server serves every bare repository under Root at URL + "/<name>.git".
type Server struct {
	*httptest.Server
	Root string // folder of the bare repositories

	mu   sync.Mutex
	auth []string
}

// NewServer starts a server; it is closed when the test ends. The test is skipped when git or
// git-http-backend is not installed.
func NewServer(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	backend := filepath.Join(Git(t, root, "--exec-path"), "git-http-backend")
	if _, err := os.Stat(backend); err != nil {
		t.Skipf("git-http-backend not available: %v", err)
	}
	s := &Server{Root: root}
	h := &cgi.Handler{
		Path:   backend,
		Stderr: io.Discard, // "Not a git repository" and the like; the HTTP status tells the client
		Env:    []string{"GIT_PROJECT_ROOT=" + root, "GIT_HTTP_EXPORT_ALL=1", "GIT_CONFIG_NOSYSTEM=1", "HOME=" + root},
	}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get("Authorization"); a != "" {
			s.mu.Lock()
			s.auth = append(s.auth, a)
			s.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// Authorizations returns the Authorization headers the server has received, to check that
// credentials were sent (and where).
func (s *Server) Authorizations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.auth...)
}

// Repo is a served repository with a working copy used to make commits.
type Repo struct {
	URL  string // clone URL
	Bare string // the served bare repository
	Work string // the working copy commits are made in
}

// NewRepo creates an empty repository served as name.git, whose default branch is main.
func (s *Server) NewRepo(t testing.TB, name string) *Repo {
	t.Helper()
	r := &Repo{
		URL:  s.URL + "/" + name + ".git",
		Bare: filepath.Join(s.Root, name+".git"),
		Work: filepath.Join(t.TempDir(), name),
	}
	Git(t, s.Root, "init", "-q", "--bare", "--initial-branch=main", r.Bare)
	Git(t, filepath.Dir(r.Work), "init", "-q", "--initial-branch=main", r.Work)
	Git(t, r.Work, "remote", "add", "origin", r.Bare)
	return r
}

// Commit writes files (slash path to content; an empty content removes the file) on the current
// branch, commits them, pushes, and returns the commit hash.
func (r *Repo) Commit(t testing.TB, message string, files map[string]string) string {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(r.Work, filepath.FromSlash(p))
		if content == "" {
			if err := os.Remove(full); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	Git(t, r.Work, "add", "-A")
	Git(t, r.Work, "commit", "-q", "--allow-empty", "-m", message)
	Git(t, r.Work, "push", "-q", "origin", "HEAD")
	return Git(t, r.Work, "rev-parse", "HEAD")
}

// Symlink adds a symbolic link to the working copy (committed by the next Commit).
func (r *Repo) Symlink(t testing.TB, target, name string) {
	t.Helper()
	full := filepath.Join(r.Work, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, full); err != nil {
		t.Fatal(err)
	}
}

// Branch creates a branch at the current commit and switches to it; commits then go there.
func (r *Repo) Branch(t testing.TB, name string) {
	t.Helper()
	Git(t, r.Work, "checkout", "-q", "-b", name)
	Git(t, r.Work, "push", "-q", "origin", name)
}

// Checkout switches the working copy to an existing branch.
func (r *Repo) Checkout(t testing.TB, name string) {
	t.Helper()
	Git(t, r.Work, "checkout", "-q", name)
}

// Tag creates an annotated tag on rev and pushes it.
func (r *Repo) Tag(t testing.TB, name, rev string) {
	t.Helper()
	Git(t, r.Work, "tag", "-a", name, "-m", name, rev)
	Git(t, r.Work, "push", "-q", "origin", name)
}

// AllowFetchByHash lets clients fetch any reachable commit by its hash, as GitHub does
// (uploadpack.allowReachableSHA1InWant). Without it, a client asking for a commit must fetch
// branches and look for it.
func (r *Repo) AllowFetchByHash(t testing.TB) {
	t.Helper()
	Git(t, r.Bare, "config", "uploadpack.allowReachableSHA1InWant", "true")
}

// Git runs the git command line in dir with a fixed identity and no user or system
// configuration, and returns its trimmed output; a failure fails the test.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"GIT_AUTHOR_NAME=Vigil Test", "GIT_AUTHOR_EMAIL=test@vigil.invalid",
		"GIT_COMMITTER_NAME=Vigil Test", "GIT_COMMITTER_EMAIL=test@vigil.invalid",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}
