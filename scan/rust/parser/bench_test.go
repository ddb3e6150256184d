package parser

import (
	"os"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/token"
)

// BenchmarkParseFile parses every test program; b.SetBytes makes "go test
// -bench" print MB/s.
func BenchmarkParseFile(b *testing.B) {
	var srcs [][]byte
	total := 0
	for _, path := range rustFiles(b) {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fset := token.NewFileSet()
		for _, src := range srcs {
			if _, err := ParseFile(fset, "bench.rs", src, benchMode); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchMode is the mode benchmarked: the default, macro arguments included.
var benchMode Mode
