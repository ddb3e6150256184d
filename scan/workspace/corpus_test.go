package workspace

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// corpusDir is the shared corpus of real projects, present on the development machine only.
func corpusDir(tb testing.TB, name string) string {
	tb.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "corpus", name)
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("corpus %s not available: %v", name, err)
	}
	return dir
}

// The clean corpus indexes completely, without notes: every .sol file in it is a workspace file.
func TestCorpusClean(t *testing.T) {
	w, err := FromFolder(bg, corpusDir(t, "clean"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	deps := len(w.Files) - len(w.Sources(false))
	t.Logf("%d files (%d dependencies), %d lines, %d bytes, language %s, %d notes", len(w.Files), deps, w.TotalLines, w.TotalBytes, w.Language, len(w.Notes))
	for _, n := range w.Notes {
		t.Logf("note: %s: %s", n.Path, n.Reason)
	}
	if want := countSol(t, corpusDir(t, "clean")); len(w.Files) != want {
		t.Errorf("%d files, want the %d .sol files of the corpus", len(w.Files), want)
	}
}

// countSol counts the .sol files under dir with a plain walk, independently of the workspace code.
func countSol(tb testing.TB, dir string) int {
	n := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".sol" {
			n++
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

func BenchmarkFromFolderClean(b *testing.B) {
	dir := corpusDir(b, "clean")
	for b.Loop() {
		w, err := FromFolder(bg, dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		w.Close()
	}
}

func BenchmarkFromFolderSolcTests(b *testing.B) {
	dir := corpusDir(b, "solc-tests")
	for b.Loop() {
		w, err := FromFolder(bg, dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		w.Close()
	}
}

// BenchmarkFromGitSolcTests clones a repository holding the solc test corpus (thousands of
// small .sol files) over smart HTTP from git-http-backend on loopback.
func BenchmarkFromGitSolcTests(b *testing.B) {
	src := corpusDir(b, "solc-tests")
	srv := gittest.NewServer(b)
	repo := srv.NewRepo(b, "repo")
	if err := os.CopyFS(filepath.Join(repo.Work, "corpus"), os.DirFS(src)); err != nil {
		b.Fatal(err)
	}
	repo.Commit(b, "corpus", nil)
	b.ResetTimer()
	for b.Loop() {
		w, err := FromGit(bg, GitSource{URL: srv.URL + "/repo.git"}, Options{Network: loopback, Limits: Limits{MaxFiles: 100000}})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(w.Files)), "files")
		w.Close()
	}
}
