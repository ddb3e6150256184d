package workspace

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// skipper decides which paths are left out of a workspace. Patterns follow a small subset of
// .gitignore rules, because that is what users already write:
//
//   - a pattern without a slash matches a file or folder name at any depth: "mocks", "*.t.sol";
//   - a pattern with a slash is anchored at the workspace root: "src/legacy", "test/**/*.sol";
//     a leading "/" or "./" is dropped, so "/src/legacy" means the same;
//   - a trailing slash matches folders only: "build/";
//   - "*", "?", "[...]", "{a,b}" and "**" (any number of folders) work as in doublestar;
//   - a matching folder leaves out everything under it.
type skipper struct {
	pats []skipPattern
}

type skipPattern struct {
	pat      string
	anchored bool // contains a slash: match the whole relative path
	dirOnly  bool
	glob     bool
}

func newSkipper(patterns []string) (*skipper, error) {
	s := &skipper{}
	for _, raw := range patterns {
		p := strings.TrimSpace(strings.ReplaceAll(raw, `\`, "/"))
		if p == "" {
			continue
		}
		sp := skipPattern{}
		if strings.HasSuffix(p, "/") {
			sp.dirOnly = true
			p = strings.TrimRight(p, "/")
		}
		for strings.HasPrefix(p, "./") {
			p = p[2:]
		}
		if strings.HasPrefix(p, "/") {
			p = strings.TrimLeft(p, "/")
			sp.anchored = true
		}
		if p == "" || p == "." {
			return nil, refuse("skip path "+quote(raw), nil, "would skip the whole workspace")
		}
		for _, seg := range strings.Split(p, "/") {
			if seg == ".." {
				return nil, refuse("skip path "+quote(raw), ErrUnsafePath, "must be relative to the project root, without ..")
			}
		}
		if strings.Contains(p, "/") {
			sp.anchored = true
		}
		sp.glob = strings.ContainsAny(p, "*?[{")
		if sp.glob && !doublestar.ValidatePattern(p) {
			return nil, refuse("skip path "+quote(raw), nil, "is not a valid glob pattern")
		}
		sp.pat = p
		s.pats = append(s.pats, sp)
	}
	return s, nil
}

// match reports whether rel itself (a folder when isDir) matches a pattern. Callers walking a
// tree call it on each folder and prune; callers with flat entry lists use skipped.
func (s *skipper) match(rel string, isDir bool) bool {
	if s == nil {
		return false
	}
	for _, p := range s.pats {
		if p.dirOnly && !isDir {
			continue
		}
		subject := rel
		if !p.anchored {
			subject = path.Base(rel)
		}
		if p.glob {
			if ok, _ := doublestar.Match(p.pat, subject); ok {
				return true
			}
		} else if subject == p.pat {
			return true
		}
	}
	return false
}

// skipped reports whether the file at rel, or any folder above it, matches.
func (s *skipper) skipped(rel string) bool {
	if s == nil || len(s.pats) == 0 {
		return false
	}
	if s.match(rel, false) {
		return true
	}
	for dir := path.Dir(rel); dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		if s.match(dir, true) {
			return true
		}
	}
	return false
}
