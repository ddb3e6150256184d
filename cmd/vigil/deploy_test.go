package main

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"
)

// composeService is the part of a docker-compose service the checks read.
type composeService struct {
	Image       string            `yaml:"image"`
	Command     []string          `yaml:"command"`
	Environment map[string]string `yaml:"environment"`
	DependsOn   any               `yaml:"depends_on"`
	Volumes     []string          `yaml:"volumes"`
}

// TestDeployCompose checks server/deploy/docker-compose.yaml without Docker: it parses, holds
// the scaled set-up (PostgreSQL, an S3 server, two API processes, three workers, a load
// balancer), and every setting it gives `vigil serve` is a flag of this build, so that the file
// cannot drift from the command it runs.
func TestDeployCompose(t *testing.T) {
	dir := filepath.Join(repoRoot, "server", "deploy")
	raw := composeYAML(t)
	var compose struct {
		Services map[string]composeService `yaml:"services"`
		Volumes  map[string]any            `yaml:"volumes"`
	}
	if err := yaml.Unmarshal(raw, &compose); err != nil {
		t.Fatalf("docker-compose.yaml: %v", err)
	}
	flags := newServeCommand(viper.New()).Flags()
	isFlag := func(name string) bool { return flags.Lookup(name) != nil }

	roles := map[string][]string{}
	for name, svc := range compose.Services {
		for _, dep := range dependencies(svc.DependsOn) {
			if _, ok := compose.Services[dep]; !ok {
				t.Errorf("%s depends on %s, which is not a service", name, dep)
			}
		}
		if !strings.HasPrefix(svc.Image, "ghcr.io/vigil-sec/vigil:") {
			continue
		}
		// A vigil service: `serve --role R`, its flags and VIGIL_* variables this build's.
		if len(svc.Command) < 3 || svc.Command[0] != "serve" {
			t.Errorf("%s: command %q is not vigil serve", name, svc.Command)
			continue
		}
		for i, arg := range svc.Command[1:] {
			if f, ok := strings.CutPrefix(arg, "--"); ok {
				f, _, _ = strings.Cut(f, "=")
				if !isFlag(f) {
					t.Errorf("%s: --%s is not a flag of vigil serve", name, f)
				}
				if f == "role" && i+2 < len(svc.Command) {
					roles[svc.Command[i+2]] = append(roles[svc.Command[i+2]], name)
				}
			}
		}
		env := svc.Environment
		for key := range env {
			if setting, ok := strings.CutPrefix(key, "VIGIL_"); ok && !isFlag(strings.ReplaceAll(strings.ToLower(setting), "_", "-")) {
				t.Errorf("%s: %s names no flag of vigil serve", name, key)
			}
		}
		for _, key := range []string{"VIGIL_DATABASE", "VIGIL_BLOB_STORE", "VIGIL_PUBLIC_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "AWS_ENDPOINT_URL"} {
			if env[key] == "" {
				t.Errorf("%s: %s is not set", name, key)
			}
		}
		// The database and the object store are services of the file.
		for key, scheme := range map[string]string{"VIGIL_DATABASE": "postgres", "AWS_ENDPOINT_URL": "http"} {
			u, err := url.Parse(env[key])
			if err != nil || u.Scheme != scheme {
				t.Errorf("%s: %s=%q is not a %s:// URL", name, key, env[key], scheme)
				continue
			}
			if _, ok := compose.Services[u.Hostname()]; !ok {
				t.Errorf("%s: %s points at %s, which is not a service", name, key, u.Hostname())
			}
		}
		if bucket := strings.SplitN(strings.TrimPrefix(env["VIGIL_BLOB_STORE"], "s3://"), "/", 2)[0]; !strings.HasPrefix(env["VIGIL_BLOB_STORE"], "s3://") ||
			!strings.Contains(strings.Join(compose.Services["s3-bucket"].Command, " "), "--bucket "+bucket) {
			t.Errorf("%s: blob store %q is not the bucket s3-bucket creates", name, env["VIGIL_BLOB_STORE"])
		}
		if !strings.HasSuffix(env["VIGIL_LISTEN"], ":8080") {
			t.Errorf("%s: listens on %q, not the port nginx forwards to", name, env["VIGIL_LISTEN"])
		}
	}
	slices.Sort(roles["api"])
	slices.Sort(roles["worker"])
	if !slices.Equal(roles["api"], []string{"api-1", "api-2"}) || !slices.Equal(roles["worker"], []string{"worker-1", "worker-2", "worker-3"}) || len(roles) != 2 {
		t.Errorf("roles: %v; want two API processes and three workers", roles)
	}
	for _, name := range []string{"postgres", "s3", "s3-bucket", "nginx"} {
		if compose.Services[name].Image == "" {
			t.Errorf("no %s service with an image", name)
		}
	}

	// nginx spreads the API over exactly the API processes and passes the Host header on to
	// the object store (the pre-signed URLs' signature covers it).
	conf, err := os.ReadFile(filepath.Join(dir, "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	var upstream []string
	for _, m := range regexp.MustCompile(`(?m)^\s*server\s+([a-z0-9-]+):8080\b`).FindAllStringSubmatch(string(conf), -1) {
		upstream = append(upstream, m[1])
	}
	if !slices.Equal(upstream, roles["api"]) {
		t.Errorf("nginx upstream %v, API processes %v", upstream, roles["api"])
	}
	if !strings.Contains(string(conf), "proxy_pass http://s3:7070;") || strings.Count(string(conf), "proxy_set_header Host $http_host;") < 2 {
		t.Error("nginx.conf does not pass the object store's requests on with their Host header")
	}
	if !slices.Contains(compose.Services["nginx"].Volumes, "./nginx.conf:/etc/nginx/nginx.conf:ro") {
		t.Error("the nginx service does not mount nginx.conf")
	}
}

// composeYAML reads server/deploy/docker-compose.yaml with its ${NAME}, ${NAME:-default} and
// ${NAME:?message} references replaced by example.env's values, as docker compose reads it.
func composeYAML(t *testing.T) []byte {
	t.Helper()
	dir := filepath.Join(repoRoot, "server", "deploy")
	raw, err := os.ReadFile(filepath.Join(dir, "docker-compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// ${NAME}, ${NAME:-default} and ${NAME:?message} are read from .env: example.env sets them
	// all, and the file is read with its values, as docker compose does.
	example, err := os.ReadFile(filepath.Join(dir, "example.env"))
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^([A-Z0-9_]+)=(.*)$`).FindAllStringSubmatch(string(example), -1) {
		values[m[1]] = m[2]
	}
	raw = regexp.MustCompile(`\$\{([A-Z0-9_]+)(:[-?][^}]*)?\}`).ReplaceAllFunc(raw, func(ref []byte) []byte {
		name := regexp.MustCompile(`[A-Z0-9_]+`).Find(ref)
		v, ok := values[string(name)]
		if !ok {
			t.Errorf("docker-compose.yaml reads %s, which example.env does not set", ref)
		}
		return []byte(v)
	})
	return raw
}

// dependencies lists depends_on in either of its forms (a list, or a map by service).
func dependencies(v any) []string {
	var out []string
	switch d := v.(type) {
	case []any:
		for _, s := range d {
			out = append(out, s.(string))
		}
	case map[string]any:
		for s := range d {
			out = append(out, s)
		}
	}
	return out
}
