// Package fuzzseed gathers seed inputs for the fuzz tests of the front ends, sema and the
// detectors from the shared corpus beside the repository (../shared/corpus), read by relative
// path. Without the corpus the seeds are just the tests' own.
package fuzzseed

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// CorpusDir is the shared corpus as seen from a package three folders below the repository
// root (scan/solidity/parser, scan/rust/parser, scan/detect/solidity, ...).
const CorpusDir = "../../../../shared/corpus"

// maxSize keeps seeds small enough that each run of a fuzz function stays quick.
const maxSize = 64 << 10

// Files returns the contents of at most max files whose names end in ext under the corpus
// folders dirs, picked evenly from the sorted list so that the sample spans every project.
// Missing folders are skipped; files larger than 64 KiB are left out.
func Files(max int, ext string, dirs ...string) [][]byte {
	var paths []string
	for _, dir := range dirs {
		filepath.WalkDir(filepath.Join(CorpusDir, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // a missing or unreadable folder: no seeds from it
			}
			if !d.IsDir() && strings.HasSuffix(path, ext) {
				if info, err := d.Info(); err == nil && info.Size() <= maxSize {
					paths = append(paths, path)
				}
			}
			return nil
		})
	}
	sort.Strings(paths)
	var out [][]byte
	for i := 0; i < max && i < len(paths); i++ {
		path := paths[i*len(paths)/min(max, len(paths))]
		if src, err := os.ReadFile(path); err == nil {
			out = append(out, src)
		}
	}
	return out
}
