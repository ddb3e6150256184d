package explorer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteFiles writes the source files under dir, creating folders as
// needed, so the scan engine can read them like a checked-out project.
// Paths are re-checked with CleanPath: a Source built by hand or read from
// elsewhere still cannot write outside dir. Existing files are not
// overwritten (write into a fresh folder).
func (s *Source) WriteFiles(dir string) error {
	root, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("explorer: write files: %w", err)
	}
	for _, p := range sortedKeys(s.Files) {
		clean, err := CleanPath(p)
		if err != nil || clean != p {
			return fmt.Errorf("explorer: write files: refusing file name %q", p)
		}
		target := filepath.Join(root, filepath.FromSlash(clean))
		if !strings.HasPrefix(target, root+string(filepath.Separator)) {
			return fmt.Errorf("explorer: write files: %q escapes %s", p, dir)
		}
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return fmt.Errorf("explorer: write files: %w", err)
		}
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return fmt.Errorf("explorer: write files: %w", err)
		}
		_, werr := f.WriteString(s.Files[p])
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("explorer: write files: %s: %w", p, werr)
		}
	}
	return nil
}
