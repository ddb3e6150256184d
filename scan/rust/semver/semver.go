package semver

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is major.minor.patch with an optional pre-release. Build
// metadata (+...) is dropped, as Cargo ignores it when comparing.
type Version struct {
	Major, Minor, Patch uint64
	Pre                 string
}

// Parse reads a version. Missing minor or patch parts are zero ("1.2"
// is 1.2.0), which is how requirements spell partial versions.
func Parse(s string) (Version, error) {
	v, n, err := parsePartial(s)
	if err == nil && n == 0 || err == nil && strings.ContainsAny(strings.SplitN(s, "-", 2)[0], "*xX") {
		return Version{}, fmt.Errorf("version %q: wildcards are not versions", s)
	}
	return v, err
}

// parsePartial also reports how many numeric parts were written.
func parsePartial(s string) (Version, int, error) {
	orig := s
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "v")
	if i := strings.IndexByte(s, '+'); i >= 0 {
		s = s[:i]
	}
	var v Version
	if i := strings.IndexByte(s, '-'); i >= 0 {
		v.Pre = s[i+1:]
		s = s[:i]
		if v.Pre == "" {
			return Version{}, 0, fmt.Errorf("version %q: empty pre-release", orig)
		}
	}
	parts := strings.Split(s, ".")
	if len(parts) == 0 || len(parts) > 3 || s == "" {
		return Version{}, 0, fmt.Errorf("version %q: want major.minor.patch", orig)
	}
	nums := [3]uint64{}
	for i, p := range parts {
		if p == "*" || p == "x" || p == "X" {
			return v, i, nil
		}
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return Version{}, 0, fmt.Errorf("version %q: part %q is not a number", orig, p)
		}
		nums[i] = n
	}
	v.Major, v.Minor, v.Patch = nums[0], nums[1], nums[2]
	return v, len(parts), nil
}

// String formats the version.
func (v Version) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	return s
}

// Compare returns -1, 0 or +1. A pre-release sorts before its release;
// pre-release identifiers compare numerically when both are numbers.
func (v Version) Compare(w Version) int {
	for _, d := range [][2]uint64{{v.Major, w.Major}, {v.Minor, w.Minor}, {v.Patch, w.Patch}} {
		if d[0] != d[1] {
			if d[0] < d[1] {
				return -1
			}
			return 1
		}
	}
	switch {
	case v.Pre == w.Pre:
		return 0
	case v.Pre == "":
		return 1
	case w.Pre == "":
		return -1
	}
	a, b := strings.Split(v.Pre, "."), strings.Split(w.Pre, ".")
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] == b[i] {
			continue
		}
		x, errX := strconv.ParseUint(a[i], 10, 64)
		y, errY := strconv.ParseUint(b[i], 10, 64)
		switch {
		case errX == nil && errY == nil:
			if x < y {
				return -1
			}
			return 1
		case errX == nil:
			return -1 // numbers sort before words
		case errY == nil:
			return 1
		case a[i] < b[i]:
			return -1
		default:
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// Less reports v < w.
func (v Version) Less(w Version) bool { return v.Compare(w) < 0 }

// AtLeast reports whether the version text s is at least min; it is false
// when s does not parse.
func AtLeast(s, min string) bool {
	v, err := Parse(s)
	if err != nil {
		return false
	}
	m, err := Parse(min)
	if err != nil {
		return false
	}
	return v.Compare(m) >= 0
}
