package source

import (
	"sync"
	"testing"
)

func TestFileSetPositions(t *testing.T) {
	fset := NewFileSet()
	a := fset.AddFile("a.rs", 12)
	a.SetLinesForContent([]byte("fn a() {}\nx\n"))
	b := fset.AddFile("b.rs", 5)
	b.SetLinesForContent([]byte("ab\ncd"))

	cases := []struct {
		pos  Pos
		want string
	}{
		{a.Pos(0), "a.rs:1:1"},
		{a.Pos(10), "a.rs:2:1"},
		{a.Pos(12), "a.rs:2:3"}, // end of file
		{b.Pos(0), "b.rs:1:1"},
		{b.Pos(4), "b.rs:2:2"},
	}
	for _, c := range cases {
		if got := fset.Position(c.pos).String(); got != c.want {
			t.Errorf("Position(%d) = %s, want %s", c.pos, got, c.want)
		}
	}
	if fset.File(NoPos) != nil || fset.Position(NoPos).IsValid() || fset.Position(NoPos).String() != "-" {
		t.Error("NoPos resolves")
	}
	if fset.File(Pos(1<<30)) != nil {
		t.Error("position beyond all files resolves")
	}
	if a.Offset(a.Pos(-5)) != 0 || a.Offset(a.Pos(99)) != 12 {
		t.Error("offsets are not clamped")
	}
	if got := len(fset.Files()); got != 2 {
		t.Errorf("%d files", got)
	}
	a.AddLine(3) // out of order: ignored
	if a.LineCount() != 2 {
		t.Errorf("line table corrupted: %d lines", a.LineCount())
	}
}

func TestFileSetConcurrent(t *testing.T) {
	fset := NewFileSet()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := fset.AddFile("x.rs", 100)
			f.SetLinesForContent(make([]byte, 100))
			for j := 0; j < 100; j++ {
				if fset.File(f.Pos(j)) != f {
					t.Error("wrong file")
					return
				}
			}
		}()
	}
	wg.Wait()
}
