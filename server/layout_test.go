package server_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The shape issue 32 gave the server, kept: the root package is the composition only (a
// dozen files at most) and nothing below it imports it, so that every dependency points from
// the composition down to the doors and parts. Tests may import it: they build whole servers.
func TestLayoutRootIsTheCompositionOnly(t *testing.T) {
	const root = "github.com/vigil-sec/vigil/server"
	rootFiles := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		dir := filepath.Dir(path)
		if dir == "." {
			rootFiles++
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == root {
				t.Errorf("%s imports the root package %s", path, root)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if rootFiles > 12 {
		t.Errorf("the root package has %d non-test files; it holds the composition only (at most 12)", rootFiles)
	}
}
