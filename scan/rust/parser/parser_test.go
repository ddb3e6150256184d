package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/token"
)

// rustFiles lists every .rs file under the shared testdata folder.
func rustFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("../testdata", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".rs") && !strings.Contains(path, "bad") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no Rust files in testdata")
	}
	return files
}

func TestParseTestdataWithoutErrors(t *testing.T) {
	for _, path := range rustFiles(t) {
		t.Run(path, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := ParseFile(fset, path, nil, AllErrors)
			if err != nil {
				t.Fatalf("parse error: %v", err)
			}
			if f == nil || (len(f.Items) == 0 && len(f.Attrs) == 0) {
				t.Fatalf("no items parsed")
			}
		})
	}
}
