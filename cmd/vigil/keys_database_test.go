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
