package pdf_test

import (
	"io"
	"testing"

	"github.com/vigil-sec/vigil/report/pdf"
)

// BenchmarkSWCRegistry measures a report of a real ~500-finding scan, excerpts included.
//
//	go test ./report/pdf/ -run '^$' -bench SWC -benchmem
func BenchmarkSWCRegistry(b *testing.B) {
	res := scanDir(b, "swc-registry")
	in := pdf.Input{Report: res.Report, Source: res.Source, Generated: generated}
	b.ReportAllocs()
	for b.Loop() {
		if err := pdf.Write(io.Discard, in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSynthetic5000 measures a 5000-finding report, where every limit applies.
func BenchmarkSynthetic5000(b *testing.B) {
	in := pdf.Input{Report: syntheticReport(5000), Generated: generated}
	b.ReportAllocs()
	for b.Loop() {
		if err := pdf.Write(io.Discard, in); err != nil {
			b.Fatal(err)
		}
	}
}
