package parser

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// BenchmarkParseCorpus parses every file of the clean corpus (real, commented code) on one core
// and reports MB/s and allocations:
//
//	go test -run - -bench ParseCorpus -benchmem ./scan/solidity/parser
func BenchmarkParseCorpus(b *testing.B) {
	var srcs [][]byte
	var total int64
	root := filepath.Join(corpusDir, "clean")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sol") {
			return err
		}
		src, err := os.ReadFile(path)
		srcs = append(srcs, src)
		total += int64(len(src))
		return err
	})
	if err != nil {
		b.Skipf("corpus not available: %v", err)
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fset := token.NewFileSet()
		for _, src := range srcs {
			ParseFile(fset, "bench.sol", src)
		}
	}
}
