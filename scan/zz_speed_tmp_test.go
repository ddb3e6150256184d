package scan

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

func TestSpeedHeapTmp(t *testing.T) {
	dir := os.Getenv("SPEED_DIR")
	if dir == "" {
		t.Skip()
	}
	runtime.MemProfileRate = 4096
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	res, err := Run(context.Background(), ws, Options{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	f, _ := os.Create("/tmp/speed-heap.prof")
	pprof.WriteHeapProfile(f)
	f.Close()
	runtime.KeepAlive(res)
}
