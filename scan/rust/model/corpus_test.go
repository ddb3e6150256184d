package model

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// auditedCorpora are the audited Solana programs of the shared corpus (see each SOURCE.txt):
// the front end must take every file of them.
var auditedCorpora = []string{"../../../../shared/corpus/audited-solana", "../../../../shared/corpus/solana-clean"}

// gitSymlink matches the whole content of a file that git checked out from a symbolic link
// without following it: one relative path. It holds no Rust to parse.
var gitSymlink = regexp.MustCompile(`^(\.\./|\./)?[\w./-]+\.rs\n?$`)

// TestAuditedCorporaParse loads every project of the audited corpora as a scan does and fails
// on any Rust file with a syntax error, any #[account(...)] attribute that could not be read,
// and any Rust file no crate took.
func TestAuditedCorporaParse(t *testing.T) {
	for _, corpus := range auditedCorpora {
		projects, err := os.ReadDir(corpus)
		if err != nil {
			t.Skipf("corpus not available: %v", err)
		}
		for _, p := range projects {
			if !p.IsDir() {
				continue
			}
			dir := filepath.Join(corpus, p.Name())
			t.Run(filepath.Base(corpus)+"/"+p.Name(), func(t *testing.T) { checkParsed(t, dir) })
		}
	}
}

func checkParsed(t *testing.T, dir string) {
	ws, err := LoadWorkspace(dir, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	taken := map[string]bool{}
	for _, c := range ws.Crates {
		for _, e := range c.Errors {
			if symlinkStub(filepath.Join(dir, e.Pos.Filename)) {
				t.Logf("%s: a symbolic link git stored as text, no Rust to parse (the scan reports it not parsed)", e.Pos.Filename)
				continue
			}
			t.Errorf("%s: %s", e.Pos, e.Msg)
		}
		for _, f := range c.Files {
			taken[f.Path] = true
		}
		for _, as := range AnalyzeCrate(ws.Fset, c).Accounts {
			for _, e := range as.Errors {
				t.Errorf("%s: %v", as.Name, e)
			}
		}
	}
	for _, s := range ws.Skipped {
		t.Errorf("skipped: %s", s)
	}
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rs") {
			return err
		}
		n++
		rel, _ := filepath.Rel(dir, path)
		if taken[filepath.ToSlash(rel)] {
			return nil
		}
		if symlinkStub(path) {
			return nil
		}
		t.Errorf("%s: no crate took it", rel)
		return nil
	})
	t.Logf("%d Rust files", n)
}

// symlinkStub reports a file git checked out from a symbolic link without following it.
func symlinkStub(path string) bool {
	src, err := os.ReadFile(path)
	return err == nil && gitSymlink.Match(src)
}
