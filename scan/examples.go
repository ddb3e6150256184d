package scan

import (
	"io/fs"
	"regexp"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect/solidity"
	"github.com/vigil-sec/vigil/scan/rust"
)

// Example is code a detector flags, taken from its test fixtures: the lines of the function (or
// item) holding the first line marked `// want "ID"`, the marks removed.
type Example struct {
	File  string   // the fixture's path in the repository
	First int      // line number of Lines[0]
	Lines []string // the code
	Line  int      // the flagged line
}

// maxExampleLines bounds an example: the flagged line and what leads to it.
const maxExampleLines = 16

var wantMark = regexp.MustCompile(`\s*//\s*want\s+".*$`)

// ExampleOf returns an example of the detector id from the fixtures, or false when none marks it.
func ExampleOf(id string) (Example, bool) {
	for _, src := range []struct {
		fsys   fs.FS
		prefix string
	}{{solidity.Fixtures, "scan/detect/solidity/"}, {rust.Fixtures, "scan/rust/"}} {
		var paths []string
		fs.WalkDir(src.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				paths = append(paths, p)
			}
			return nil
		})
		sort.Strings(paths)
		mark := `want "` + id + `"`
		for _, p := range paths {
			data, err := fs.ReadFile(src.fsys, p)
			if err != nil || !strings.Contains(string(data), mark) {
				continue
			}
			lines := strings.Split(string(data), "\n")
			for i, l := range lines {
				if strings.Contains(l, mark) {
					return excerptAround(src.prefix+p, lines, i), true
				}
			}
		}
	}
	return Example{}, false
}

// excerptAround takes the lines from the start of the function or item holding line i (the
// nearest line above it opening one) down to i and the closing lines of its statement.
func excerptAround(file string, lines []string, i int) Example {
	start := i
	for j := i; j >= 0 && i-j < maxExampleLines-2; j-- {
		t := strings.TrimSpace(lines[j])
		if strings.HasPrefix(t, "function ") || strings.HasPrefix(t, "modifier ") || strings.HasPrefix(t, "constructor") ||
			strings.HasPrefix(t, "pub fn ") || strings.HasPrefix(t, "fn ") || strings.HasPrefix(t, "#[derive(Accounts)]") {
			start = j
			break
		}
		if j == 0 || i-j == maxExampleLines-3 {
			start = max(j, i-3)
		}
	}
	end := min(len(lines)-1, i+2)
	out := make([]string, 0, end-start+1)
	for _, l := range lines[start : end+1] {
		out = append(out, wantMark.ReplaceAllString(l, ""))
	}
	return Example{File: file, First: start + 1, Lines: out, Line: i + 1}
}
