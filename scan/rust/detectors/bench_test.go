package detectors

import (
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// BenchmarkRunAll runs every detector over the example programs and the
// fixtures (loading excluded); b.SetBytes reports source MB/s.
func BenchmarkRunAll(b *testing.B) {
	var wss []*model.Workspace
	var size int64
	dirs, _ := filepath.Glob("../testdata/programs/*")
	fixtures, _ := filepath.Glob("../testdata/detectors/*/*")
	for _, d := range append(dirs, fixtures...) {
		ws, err := model.LoadWorkspace(d, model.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range ws.Crates {
			for _, f := range c.Files {
				size += int64(len(f.Src))
			}
		}
		wss = append(wss, ws)
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, ws := range wss {
			Run(ws, All, Config{})
		}
	}
}
