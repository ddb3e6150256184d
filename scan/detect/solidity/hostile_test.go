package solidity

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/hostile"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

var hostileSize = flag.Int("hostile.size", 0, "BenchmarkHostile: size of every class (0: each class's full size)")
var hostileWrite = flag.String("hostile.write", "", "TestHostile: also write each class at full size into this folder")

func scanHostile(name string, src []byte) (*sema.Program, detect.Result) {
	prog := sema.Load([]sema.SourceFile{{Path: name + ".sol", Src: src}}, nil)
	return prog, detect.Run(prog, All)
}

// BenchmarkHostile prints what each hostile class costs at full size:
//
//	go test ./scan/detect/solidity/ -run '^$' -bench Hostile -benchtime 1x -benchmem
func BenchmarkHostile(b *testing.B) {
	for _, c := range hostile.Classes {
		b.Run(c.Name, func(b *testing.B) {
			n := c.Full
			if *hostileSize > 0 {
				n = *hostileSize
			}
			src := c.Gen(n)
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				scanHostile(c.Name, src)
			}
		})
	}
}

func TestHostileWrite(t *testing.T) {
	if *hostileWrite == "" {
		t.Skip("no -hostile.write folder")
	}
	for _, c := range hostile.Classes {
		if err := os.WriteFile(filepath.Join(*hostileWrite, c.Name+".sol"), c.Gen(c.Full), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
