package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// The workers' memory limit of the compose file holds what a worker can use (the sizing rule of
// server/deploy/README.md): Go's heap up to 1.25 x max_memory (the process's budget; Go's soft
// limit is 25% above it), the /tmp tmpfs its scans' workspaces live on (its pages count against
// the same limit), at least workers x (max_repo_bytes + max_total_bytes), and 512 MiB for the
// runtime.
func TestComposeWorkerMemoryFits(t *testing.T) {
	var compose struct {
		Services map[string]struct {
			Command     []string          `yaml:"command"`
			Environment map[string]string `yaml:"environment"`
			Tmpfs       []string          `yaml:"tmpfs"`
			Deploy      struct {
				Resources struct {
					Limits struct{ Memory string } `yaml:"limits"`
				} `yaml:"resources"`
			} `yaml:"deploy"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal(composeYAML(t), &compose); err != nil {
		t.Fatal(err)
	}
	lim := workspace.DefaultLimits()
	workers := 0
	for name, svc := range compose.Services {
		if !strings.Contains(strings.Join(svc.Command, " "), "--role worker") {
			continue
		}
		workers++
		env := svc.Environment
		n := 2 // vigil serve's default --workers
		fmt.Sscan(env["VIGIL_WORKERS"], &n)
		budget, err := parseBytes(orDefault(env["VIGIL_MAX_MEMORY"], defaultMaxMemory))
		if err != nil || budget == 0 {
			t.Errorf("%s: max_memory %q: an unbounded worker fits no limit (%v)", name, env["VIGIL_MAX_MEMORY"], err)
			continue
		}
		limit, err := parseBytes(strings.TrimSuffix(svc.Deploy.Resources.Limits.Memory, "b"))
		if err != nil || limit == 0 {
			t.Errorf("%s: no memory limit (%q)", name, svc.Deploy.Resources.Limits.Memory)
			continue
		}
		var tmpfs uint64
		for _, m := range svc.Tmpfs {
			if path, opts, _ := strings.Cut(m, ":"); path == "/tmp" {
				if size := regexp.MustCompile(`size=([0-9a-zA-Z.]+)`).FindStringSubmatch(opts); size != nil {
					tmpfs, _ = parseBytes(size[1])
				}
			}
		}
		workspaces := uint64(n) * uint64(lim.MaxRepoBytes+lim.MaxTotalBytes)
		if tmpfs == 0 || tmpfs < workspaces {
			t.Errorf("%s: /tmp tmpfs of %d bytes (0: unbounded), but %d scans' workspaces take up to %d", name, tmpfs, n, workspaces)
		}
		if need := budget + budget/4 + tmpfs + 512<<20; limit < need {
			t.Errorf("%s: memory limit %d bytes < 1.25 x max_memory (%d) + tmpfs (%d) + 512 MiB = %d", name, limit, budget, tmpfs, need)
		}
	}
	if workers == 0 {
		t.Fatal("no worker in the compose file")
	}
}

// nginx as the compose file configures it (Debian's nginx runs server/deploy/nginx.conf, its
// upstreams pointed at local stand-ins) lets the dashboard's upload form through up to the
// archive size the app accepts, and still refuses large bodies elsewhere on the API port; the
// object store's port takes an upload of that size too.
func TestComposeNginxLimitsAgree(t *testing.T) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		nginx = "/usr/sbin/nginx"
		if _, err := os.Stat(nginx); err != nil {
			if os.Getenv("VIGIL_CI") == "1" {
				t.Fatal("nginx is not installed (.ci/run installs it)")
			}
			t.Skip("nginx is not installed (apt-get install nginx-light)")
		}
	}
	var mu sync.Mutex
	received := map[string]int64{}
	backend := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		mu.Lock()
		received[r.URL.Path] = n
		mu.Unlock()
		w.WriteHeader(http.StatusOK)
	}))
	defer backend.Close()
	stub := strings.TrimPrefix(backend.URL, "http://")

	conf, err := os.ReadFile(filepath.Join(repoRoot, "server", "deploy", "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	apiPort, s3Port := freePort(t), freePort(t)
	prefix := t.TempDir()
	text := string(conf)
	text = regexp.MustCompile(`server api-\d:8080[^;]*;`).ReplaceAllString(text, "server "+stub+";")
	text = strings.ReplaceAll(text, "http://s3:7070", "http://"+stub)
	text = strings.Replace(text, "listen 8080;", fmt.Sprintf("listen 127.0.0.1:%d;", apiPort), 1)
	text = strings.Replace(text, "listen 9000;", fmt.Sprintf("listen 127.0.0.1:%d;", s3Port), 1)
	// Local paths for what the image keeps in its own folders.
	text = strings.Replace(text, "http {", fmt.Sprintf("http {\n  client_body_temp_path %[1]s/body;\n  proxy_temp_path %[1]s/proxy;\n"+
		"  access_log off;\n  error_log %[1]s/error.log;\n", prefix), 1)
	text = fmt.Sprintf("pid %[1]s/nginx.pid;\nerror_log %[1]s/error.log;\n", prefix) + text
	confPath := filepath.Join(prefix, "nginx.conf")
	os.WriteFile(confPath, []byte(text), 0o644)
	cmd := exec.Command(nginx, "-p", prefix, "-c", confPath, "-g", "daemon off; user root;")
	// A file, not a pipe: the workers inherit it, and a pipe would keep Wait waiting on them.
	logFile, err := os.Create(filepath.Join(prefix, "stderr.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// SIGTERM: the master stops its workers, then itself.
	defer func() { cmd.Process.Signal(syscall.SIGTERM); cmd.Wait() }()
	logs := func() string {
		a, _ := os.ReadFile(filepath.Join(prefix, "stderr.log"))
		b, _ := os.ReadFile(filepath.Join(prefix, "error.log"))
		return string(a) + string(b)
	}
	waitPort(t, apiPort, logs)

	archive := int64(workspace.DefaultLimits().MaxArchiveBytes)
	post := func(port int, method, path string, size int64) int {
		t.Helper()
		req, _ := http.NewRequest(method, fmt.Sprintf("http://127.0.0.1:%d%s", port, path), io.LimitReader(zeros{}, size))
		req.ContentLength = size
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", method, path, err, logs())
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	// An upload form of a full-size archive and the form's own bytes.
	code := post(apiPort, http.MethodPost, "/projects/upload", archive+512<<10)
	mu.Lock()
	got := received["/projects/upload"]
	mu.Unlock()
	if code != http.StatusOK || got != archive+512<<10 {
		t.Errorf("dashboard upload of %d bytes: %d, %d bytes passed on", archive+512<<10, code, got)
	}
	if code := post(apiPort, http.MethodPost, "/private/api-project-scan/", 3<<20); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a 3 MiB JSON request: %d, want 413", code)
	}
	if code := post(s3Port, http.MethodPut, "/vigil/data/uploads/x", archive); code != http.StatusOK {
		t.Errorf("an object store upload of %d bytes: %d", archive, code)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func waitPort(t *testing.T, port int, logs func() string) {
	for range 200 {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("nginx did not start:\n%s", logs())
}

// Each Neovim snippet of the README's Editors section says which Neovim it needs (vim.lsp.config
// and vim.lsp.enable are 0.11's; vim.lsp.start with vim.fs.root works from 0.10).
func TestReadmeNeovimSnippetsNameTheirVersion(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(readme), "```lua\n")
	if len(parts) < 3 {
		t.Fatalf("README has %d Neovim snippets, want 2", len(parts)-1)
	}
	version := regexp.MustCompile(`(Neovim|on) 0\.\d+`)
	for i := 1; i < len(parts); i++ {
		before := parts[i-1]
		if j := strings.LastIndex(before, "```\n"); j >= 0 {
			before = before[j:]
		}
		snippet, _, _ := strings.Cut(parts[i], "```")
		if !version.MatchString(before) {
			t.Errorf("the Neovim snippet %q is not preceded by the version it needs", snippet[:min(40, len(snippet))])
		}
		if strings.Contains(snippet, "vim.lsp.enable") && !strings.Contains(before, "0.11") {
			t.Errorf("vim.lsp.enable needs Neovim 0.11, which the text before it does not say")
		}
	}
}
