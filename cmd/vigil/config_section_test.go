package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

// configViper returns a viper set up as loadConfig sets it, reading the given vigil.yaml.
func configViper(t *testing.T, yaml string) *viper.Viper {
	t.Helper()
	v := viper.New()
	setEnvLookup(v)
	if yaml != "" {
		file := filepath.Join(t.TempDir(), "vigil.yaml")
		if err := os.WriteFile(file, []byte(yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		v.SetConfigFile(file)
		if err := v.ReadInConfig(); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// Every key of a config section can also be given by its VIGIL_* variable, which wins over
// the file; keys set nowhere stay zero (their defaults are applied by the consumer).
func TestConfigSectionFromEnvironment(t *testing.T) {
	v := configViper(t, "limits:\n  git_timeout: 2m\n  max_files: 7\n  max_ratio: 9\n")
	t.Setenv("VIGIL_LIMITS_GIT_TIMEOUT", "1h")
	t.Setenv("VIGIL_LIMITS_MAX_FILES", "12")
	var lim workspace.Limits
	if err := unmarshalSection(v, "limits", &lim); err != nil {
		t.Fatal(err)
	}
	want := workspace.Limits{GitTimeout: time.Hour, MaxFiles: 12, MaxRatio: 9}
	if lim != want {
		t.Errorf("limits = %+v, want %+v", lim, want)
	}

	// Sections without mapstructure tags take the field names, nested structs included.
	t.Setenv("VIGIL_TOKEN_API_ANONYMOUS_REQUESTS", "3")
	t.Setenv("VIGIL_TOKEN_API_CACHETTL", "5s")
	var tok tokenapi.Config
	if err := unmarshalSection(v, "token_api", &tok); err != nil {
		t.Fatal(err)
	}
	if tok.Anonymous.Requests != 3 || tok.CacheTTL != 5*time.Second {
		t.Errorf("token_api = %+v", tok)
	}

	// Lists from the environment are comma-separated.
	t.Setenv("VIGIL_REPO_API_ORIGIN_PATTERNS", "a.example,b.example")
	var repo repoapi.Config
	if err := unmarshalSection(v, "repo_api", &repo); err != nil {
		t.Fatal(err)
	}
	if len(repo.OriginPatterns) != 2 || repo.OriginPatterns[1] != "b.example" {
		t.Errorf("repo_api origin_patterns = %q", repo.OriginPatterns)
	}
}

// A malformed value names its key.
func TestConfigSectionBadValue(t *testing.T) {
	v := configViper(t, "")
	t.Setenv("VIGIL_LIMITS_GIT_TIMEOUT", "soon")
	var lim workspace.Limits
	err := unmarshalSection(v, "limits", &lim)
	if err == nil || !strings.Contains(err.Error(), "git_timeout") {
		t.Fatalf("git_timeout=soon: error %v, want one naming the key", err)
	}
}
