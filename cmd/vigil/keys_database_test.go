package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/store/pgtest"
)

// The key commands act on the database the configuration names: with VIGIL_DATABASE a
// postgres:// URL, the key is in PostgreSQL and the data folder gets no SQLite file.
func TestKeysOnConfiguredPostgres(t *testing.T) {
	url := pgtest.URL(t)
	data := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(vigilBin, args...)
		cmd.Env = append(os.Environ(), "VIGIL_DATA_DIR="+data, "VIGIL_DATABASE="+url)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("vigil %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("keys", "create", "--name", "pg-client")
	if out := run("keys", "list", "--json"); !strings.Contains(out, "pg-client") {
		t.Fatalf("keys list does not show the key: %s", out)
	}
	if _, err := os.Stat(filepath.Join(data, store.FileName)); err == nil {
		t.Fatal("a SQLite file was created although the database is PostgreSQL")
	}
	// The flag names the database as well as the variable does.
	cmd := exec.Command(vigilBin, "keys", "list", "--json", "--database", url, "--data-dir", data)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "pg-client") {
		t.Fatalf("keys list --database: %v\n%s", err, out)
	}
}

// vigil keys quota sets a key's shares of the queue and of the workers, on SQLite and on
// PostgreSQL; keys list shows them; a wrong id or a negative share is a usage error.
func TestKeysQuota(t *testing.T) {
	for _, database := range []string{"", "postgres"} {
		t.Run(map[string]string{"": "sqlite", "postgres": "postgres"}[database], func(t *testing.T) {
			env := []string{"VIGIL_DATA_DIR=" + t.TempDir()}
			if database != "" {
				env = append(env, "VIGIL_DATABASE="+pgtest.URL(t))
			}
			run := func(args ...string) (string, int) {
				t.Helper()
				cmd := exec.Command(vigilBin, args...)
				cmd.Env = append(os.Environ(), env...)
				out, err := cmd.CombinedOutput()
				code := 0
				if exit, ok := err.(*exec.ExitError); ok {
					code = exit.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}
				return string(out), code
			}
			if out, code := run("keys", "create", "--name", "ci", "--max-queued", "5"); code != 0 {
				t.Fatalf("create: %d %s", code, out)
			}
			if out, code := run("keys", "quota", "1", "--max-running", "2", "--max-queued", "7"); code != 0 {
				t.Fatalf("quota: %d %s", code, out)
			}
			if out, _ := run("keys", "list", "--json"); !strings.Contains(out, `"max_queued": 7`) || !strings.Contains(out, `"max_running": 2`) {
				t.Fatalf("keys list: %s", out)
			}
			if out, _ := run("keys", "list"); !strings.Contains(out, "7/2") {
				t.Fatalf("keys list (table): %s", out)
			}
			if _, code := run("keys", "quota", "99", "--max-running", "1"); code != 2 {
				t.Fatalf("quota of a missing key: exit %d", code)
			}
			if _, code := run("keys", "quota", "1", "--max-running", "-1"); code != 2 {
				t.Fatalf("a negative share: exit %d", code)
			}
		})
	}
}
