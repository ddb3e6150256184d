package fuzzseed

import (
	"os"
	"testing"
)

func TestFiles(t *testing.T) {
	if _, err := os.Stat(CorpusDir); err != nil {
		t.Skip("corpus not available")
	}
	got := Files(5, ".sol", "clean", "no-such-folder")
	if len(got) != 5 {
		t.Fatalf("%d files, want 5", len(got))
	}
	for _, src := range got {
		if len(src) == 0 || len(src) > maxSize {
			t.Errorf("seed of %d bytes", len(src))
		}
	}
	if got := Files(3, ".sol", "no-such-folder"); got != nil {
		t.Errorf("seeds from a missing folder: %d", len(got))
	}
}
