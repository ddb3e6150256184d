package html_test

import (
	"io"
	"testing"

	"github.com/vigil-sec/vigil/report/html"
)

// BenchmarkSWCRegistry measures the HTML report of a real ~500-finding scan.
//
//	go test ./report/html/ -run '^$' -bench . -benchmem
func BenchmarkSWCRegistry(b *testing.B) {
	res := scanDir(b, "/work/shared/corpus/swc-registry")
	in := html.Input{Report: res.Report, Source: res.Source, Generated: generated}
	b.ReportAllocs()
	for b.Loop() {
		if err := html.Write(io.Discard, in); err != nil {
			b.Fatal(err)
		}
	}
}
