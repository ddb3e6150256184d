package model

import "testing"

// BenchmarkLoadAndAnalyze measures reading, parsing and modelling the
// Anchor test workspace.
func BenchmarkLoadAndAnalyze(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ws, err := LoadWorkspace("../testdata/programs/anchor_vault", Limits{})
		if err != nil {
			b.Fatal(err)
		}
		var size int64
		for _, c := range ws.Crates {
			for _, f := range c.Files {
				size += int64(len(f.Src))
			}
			AnalyzeCrate(ws.Fset, c)
		}
		b.SetBytes(size)
	}
}
